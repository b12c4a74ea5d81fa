import {
  listYears,
  MAGAZINE_NAME,
  PAGE_SIZE,
  type MagazineIssue,
  romeYear,
} from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-servizio-trasfusionale-archivio';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import {
  archiveHref,
  fetchIssues,
  issueHref,
  MAGAZINE_COPY,
  MAGAZINE_PATHS,
} from '../features/magazine/magazine';
import { PdfButtons, YearButtons } from '../features/magazine/magazine-parts';
import { ARCHIVE_COPY, ArchivePaging } from '../features/reserved-area/archive-parts';
import { parseArchiveSearch } from '../features/reserved-area/archive-search';
import { requireUser } from '../shared/session/guard';
import { displayRole } from '../shared/session/session';

/**
 * The bulletin's archive (spec §2.10): the issues of the year in the address (this year
 * without one), 10 a page; the year buttons reload it in place.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser();
  const currentYear = romeYear();
  const search = parseArchiveSearch(new URL(request.url).searchParams, currentYear);
  const year = search.year ?? currentYear;
  const page = await fetchIssues({
    years: [String(year)],
    dataOffset: String(PAGE_SIZE.magazineArchive),
    pagingInfo: search.pages.at(-1) ?? null,
  });
  return {
    role: user.role,
    year,
    pages: search.pages,
    years: listYears(currentYear),
    issues: page?.items ?? [],
    nextToken: page?.pagingInfo ?? null,
  };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: `${MAGAZINE_NAME} | archivio`,
    description: `I numeri de "${MAGAZINE_NAME}" anno per anno.`,
  }),
];

export default function MagazineArchivePage({ loaderData }: Route.ComponentProps) {
  const { role, year, pages, years, issues, nextToken } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: MAGAZINE_NAME, to: MAGAZINE_PATHS.home },
          { label: `Anno ${year}` },
        ]}
      />
      <h1 className="mb-4">
        {MAGAZINE_NAME} | anno <span data-testid="magazine-year">{year}</span>
      </h1>
      {issues.length === 0 ? (
        <p className="alert alert-light" data-testid="archive-empty">
          {ARCHIVE_COPY.empty}
        </p>
      ) : (
        <ul className="list-unstyled" data-testid="magazine-issues">
          {issues.map((issue) => (
            <IssueCard key={issue.id} issue={issue} />
          ))}
        </ul>
      )}
      <ArchivePaging
        label="Pagine dell'archivio"
        pages={pages}
        nextToken={nextToken}
        hrefFor={(tokens) => archiveHref(year, tokens)}
      />
      <YearButtons years={years} selected={year} />
    </div>
  );
}

/** An issue of the archive: ELENCO ARTICOLI, ONLINE and PDF (spec §2.10). */
function IssueCard({ issue }: { issue: MagazineIssue }) {
  const pdf = issue.attachments[0];
  return (
    <li className="card mb-3" data-testid="magazine-archive-issue">
      <div className="card-body d-flex flex-wrap align-items-center gap-3">
        <h2 className="h5 mb-0 me-auto">{issue.title}</h2>
        <Link to={issueHref(issue.title, issue.anno)} className="btn btn-sm btn-secondary">
          {MAGAZINE_COPY.articleList}
          <span className="visually-hidden">: {issue.title}</span>
        </Link>
        {pdf === undefined ? null : (
          <PdfButtons
            pdf={pdf}
            subject={issue.title}
            readLabel={MAGAZINE_COPY.online}
            downloadLabel={MAGAZINE_COPY.pdf}
          />
        )}
      </div>
    </li>
  );
}
