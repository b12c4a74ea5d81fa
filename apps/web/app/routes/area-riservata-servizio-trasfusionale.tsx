import { romeYear } from '@sodalis/contracts';
import { listYears, MAGAZINE_NAME } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-servizio-trasfusionale';
import { fetchSetupBody } from '../api/setup-data';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { fetchIssuePage, findIssue, homeHref, MAGAZINE_COPY } from '../features/magazine/magazine';
import { ArticleList, IssueBlock, YearButtons } from '../features/magazine/magazine-parts';
import { ArchivePaging, SetupIntro } from '../features/reserved-area/archive-parts';
import { parseArchiveSearch } from '../features/reserved-area/archive-search';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';

/**
 * The bulletin (spec §2.10): the rivista-intro text, the latest issue with its PDF, its
 * articles page by page, and the years of the archive. Loaded in the browser behind the guard.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
  const year = romeYear();
  const { pages } = parseArchiveSearch(new URL(request.url).searchParams, year);
  const [intro, latest] = await Promise.all([fetchSetupBody('rivista-intro'), findIssue(null)]);
  const issuePage =
    latest === null
      ? { issue: null, articles: [], nextToken: null }
      : await fetchIssuePage(latest.title, pages, latest);
  return { intro, pages, years: listYears(year), ...issuePage };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: MAGAZINE_NAME,
    description: `L'ultimo numero de "${MAGAZINE_NAME}" e i suoi articoli.`,
  }),
];

export default function MagazinePage({ loaderData }: Route.ComponentProps) {
  const { intro, pages, years, issue, articles, nextToken } = loaderData;
  return (
    <div className="container py-4">
      <ReservedBreadcrumb trail={[{ label: MAGAZINE_NAME }]} />
      <h1 className="mb-4">{MAGAZINE_NAME}</h1>
      <SetupIntro html={intro} testId="rivista-intro" />
      <section aria-labelledby="ultimo-numero">
        <h2 id="ultimo-numero" className="h4">
          {MAGAZINE_COPY.latestIssue}
        </h2>
        {issue === null ? null : (
          <IssueBlock issue={issue} headingLevel="h3" readLabel={MAGAZINE_COPY.read} />
        )}
      </section>
      <section aria-labelledby="articoli-numero">
        <h2 id="articoli-numero" className="h4">
          {MAGAZINE_COPY.articlesOfIssue}
        </h2>
        <ArticleList articles={articles} />
      </section>
      <ArchivePaging
        label="Pagine degli articoli"
        pages={pages}
        nextToken={nextToken}
        hrefFor={homeHref}
      />
      <YearButtons years={years} selected={null} />
    </div>
  );
}
