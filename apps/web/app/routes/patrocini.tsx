import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/patrocini';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';
import { PageTabs, TabPanel, type PageTab } from '../features/society/page-tabs';
import { SetupElementPanel } from '../features/society/setup-element-panel';
import { SponsorshipForm } from '../features/sponsorship/sponsorship-form';
import { SPONSORSHIP_COPY as COPY } from '../features/sponsorship/sponsorship-copy';

const TABS: PageTab[] = [
  { id: 'richiesta', label: COPY.tabRequest },
  { id: 'modulo', label: COPY.tabForm },
];

/** The intro of setup element `patrocini-richiesta` and the form's limits (spec §2.12). */
export async function loader({ context }: Route.LoaderArgs) {
  const [intro] = await context.content.setupElements(['patrocini-richiesta']);
  return { intro: intro ?? null, limits: context.sponsorship };
}

/** Switching tab changes only `?scheda=`: nothing to reload, and the form keeps what was typed. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: COPY.pageTitle, description: COPY.description });

/**
 * /patrocini (spec §2.12): tab "Richiesta" with the intro, tab "Modulo di richiesta" with the
 * form. The tabs are links (`?scheda=`), so each has its own address; both panels stay mounted,
 * so reading the intro again does not lose the form.
 */
export default function SponsorshipPage({ loaderData }: Route.ComponentProps) {
  const { intro, limits } = loaderData;
  const [params] = useSearchParams();
  const active = params.get('scheda') === 'modulo' ? 'modulo' : 'richiesta';
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: COPY.pageTitle }]} />
      <h1 className="mb-4">{COPY.pageTitle}</h1>
      <PageTabs tabs={TABS} active={active} basePath="/patrocini" />
      <TabPanel idPrefix="patrocini" tab="richiesta" active={active} title={COPY.tabRequest}>
        {intro ? <SetupElementPanel element={intro} /> : <p>{COPY.introMissing}</p>}
        <Link to="/patrocini?scheda=modulo" className="btn btn-primary" preventScrollReset>
          {COPY.toForm}
        </Link>
      </TabPanel>
      <TabPanel idPrefix="patrocini" tab="modulo" active={active} title={COPY.formTitle}>
        <SponsorshipForm
          maxFileBytes={limits.maxFileBytes}
          maxAttachments={limits.maxAttachments}
        />
      </TabPanel>
    </div>
  );
}
