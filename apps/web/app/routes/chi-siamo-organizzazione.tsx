import { data } from 'react-router';
import type { Route } from './+types/chi-siamo-organizzazione';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';
import { ShareBar, shareTargetOf } from '../shared/sharing/share-links';
import { BackToAbout } from '../features/society/back-link';
import { activeTab, PageTabs, type PageTab } from '../features/society/page-tabs';
import { SetupElementPanel } from '../features/society/setup-element-panel';

const TABS: PageTab[] = [
  { id: 'storia', label: 'La Storia' },
  { id: 'organigramma', label: 'Organigramma' },
  { id: 'codiceetico', label: 'Codice Etico' },
  { id: 'bilancio', label: 'Bilancio' },
  { id: 'statuto', label: 'Statuto e Regolamento' },
];

/**
 * `/chi-siamo-{product}` (spec §2.11): the acronym is configuration, so the route takes any
 * `chi-siamo-…` address the static routes do not claim and answers 404 unless it is ours.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const acronym = context.society.acronym;
  if (params.page !== `chi-siamo-${acronym.toLowerCase()}`) throw data(null, { status: 404 });
  const tab = activeTab(request, TABS);
  const [elements, contents] = await Promise.all([
    context.content.setupElements([`chisiamo-organizzazione-${tab.id}`]),
    context.content.siteContents(['presidenti']),
  ]);
  const roll = contents.find((content) => content.chiave === 'presidenti');
  return {
    acronym,
    path: `/chi-siamo-${acronym.toLowerCase()}`,
    active: tab.id,
    element: elements[0] ?? null,
    presidents: roll?.chiave === 'presidenti' ? roll.contenuto.presidenti : [],
    share: shareTargetOf(request, context.society.xHandle, `Mondo ${acronym} | ${acronym}`),
  };
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  pageMeta(matches, {
    title: `Mondo ${loaded?.acronym ?? ''}`.trim(),
    description:
      'La storia, l’organigramma, il codice etico, il bilancio e lo statuto della società.',
  });

export default function OrganisationPage({ loaderData }: Route.ComponentProps) {
  const { acronym, path, active, element, presidents, share } = loaderData;
  const activeLabel = TABS.find((tab) => tab.id === active)?.label ?? '';
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[{ label: 'Chi siamo', to: '/chi-siamo' }, { label: `Mondo ${acronym}` }]}
      />
      <h1 className="mb-4">Mondo {acronym}</h1>
      <PageTabs tabs={TABS} active={active} basePath={path} />
      <section aria-labelledby="scheda-attiva" data-testid="tab-panel">
        <h2 id="scheda-attiva" className="h4">
          {activeLabel}
        </h2>
        <SetupElementPanel element={element ?? undefined} />
      </section>
      <section aria-labelledby="albo-presidenti" className="mt-5" data-testid="past-presidents">
        <h2 id="albo-presidenti" className="h3">
          I Presidenti
        </h2>
        <table className="table table-sm table-striped presidents-table">
          <caption className="visually-hidden">Presidenti della società e anni del mandato</caption>
          <thead>
            <tr>
              <th scope="col">Presidente</th>
              <th scope="col">Mandato</th>
            </tr>
          </thead>
          <tbody>
            {presidents.map((president) => (
              <tr key={`${president.nome}-${president.dal}`}>
                <td>{president.nome}</td>
                <td>
                  {president.dal}–{president.al}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <ShareBar {...share} />
      <BackToAbout />
    </div>
  );
}
