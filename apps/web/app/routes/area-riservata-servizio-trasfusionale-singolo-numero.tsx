import { romeYear } from '@sodalis/contracts';
import { listYears, MAGAZINE_NAME } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-servizio-trasfusionale-singolo-numero';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import {
  archiveHref,
  fetchIssuePage,
  findIssue,
  issueHref,
  MAGAZINE_COPY,
  MAGAZINE_PATHS,
} from '../features/magazine/magazine';
import { ArticleList, IssueBlock, YearButtons } from '../features/magazine/magazine-parts';
import { ArchivePaging } from '../features/reserved-area/archive-parts';
import { parseArchiveSearch } from '../features/reserved-area/archive-search';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';

/**
 * One issue and its articles (spec §2.10): the issue named in the address (`numero`, with its
 * `anno`), or the latest one without it; pages of articles in the address too.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
  const currentYear = romeYear();
  const params = new URL(request.url).searchParams;
  const search = parseArchiveSearch(params, currentYear);
  const named = params.get('numero')?.trim().slice(0, 300) || null;
  // The issue's own entry names it on the first page; later pages need GetRiviste for its PDF.
  const listed = named === null || search.pages.length > 0 ? await findIssue(named) : null;
  const title = named ?? listed?.title ?? null;
  const issuePage =
    title === null
      ? { issue: null, articles: [], nextToken: null }
      : await fetchIssuePage(title, search.pages, listed);
  return {
    title,
    year: search.year ?? listed?.anno ?? null,
    pages: search.pages,
    years: listYears(currentYear),
    ...issuePage,
  };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  ...privatePageMeta(matches, {
    title: loaderData?.issue?.title ?? loaderData?.title ?? MAGAZINE_NAME,
    description: `Gli articoli di un numero de "${MAGAZINE_NAME}".`,
  }),
];

export default function MagazineIssuePage({ loaderData }: Route.ComponentProps) {
  const { title, year, pages, years, issue, articles, nextToken } = loaderData;
  const heading = issue?.title ?? title ?? MAGAZINE_NAME;
  return (
    <div className="container py-4">
      <ReservedBreadcrumb
        trail={[
          { label: MAGAZINE_NAME, to: MAGAZINE_PATHS.home },
          ...(year === null ? [] : [{ label: `Anno ${year}`, to: archiveHref(year) }]),
          { label: heading },
        ]}
      />
      {issue === null ? (
        <h1 className="mb-4">{heading}</h1>
      ) : (
        <IssueBlock issue={issue} headingLevel="h1" readLabel={MAGAZINE_COPY.readOnline} />
      )}
      <section aria-labelledby="articoli-numero">
        <h2 id="articoli-numero" className="h4">
          {MAGAZINE_COPY.articlesOfIssue}
        </h2>
        <ArticleList articles={title === null ? [] : articles} />
      </section>
      <ArchivePaging
        label="Pagine degli articoli"
        pages={pages}
        nextToken={nextToken}
        hrefFor={(tokens) => (title === null ? '' : issueHref(title, year, tokens))}
      />
      <YearButtons years={years} selected={null} />
    </div>
  );
}
