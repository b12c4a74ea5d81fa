import { romeYear } from '@sodalis/contracts';
import { listYears, MAGAZINE_NAME, PAGE_SIZE, type MagazineIssue } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-servizio-trasfusionale-archivio';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import {
  fetchIssues,
  issueHref,
  MAGAZINE_COPY,
  MAGAZINE_PATHS,
} from '../features/magazine/magazine';
import { PdfButtons, YearButtons } from '../features/magazine/magazine-parts';
import {
  ArchivePage,
  type ArchiveData,
  type ArchiveKind,
} from '../features/reserved-area/archive-page';
import { parseArchiveSearch } from '../features/reserved-area/archive-search';
import { reservedAreaGuard } from '../shared/session/guard';

/** The bulletin's archive in the reserved area's archive frame: no search box, by year. */
const MAGAZINE_ARCHIVE: ArchiveKind<MagazineIssue> = {
  path: MAGAZINE_PATHS.archive,
  title: MAGAZINE_NAME,
  searchHeading: null,
  pagingLabel: "Pagine dell'archivio",
  listTestId: 'magazine-issues',
  itemTestId: 'magazine-archive-issue',
  Item: IssueCard,
};

/**
 * The bulletin's archive (spec §2.10): the issues of the year in the address (this year
 * without one), 10 a page; the year buttons reload it in place.
 */
export async function clientLoader({
  request,
}: Route.ClientLoaderArgs): Promise<ArchiveData<MagazineIssue> & { year: number }> {
  reservedAreaGuard(request);
  const currentYear = romeYear();
  const { year: wanted, pages } = parseArchiveSearch(
    new URL(request.url).searchParams,
    currentYear,
  );
  const year = wanted ?? currentYear;
  const page = await fetchIssues({
    years: [String(year)],
    dataOffset: String(PAGE_SIZE.magazineArchive),
    pagingInfo: pages.at(-1) ?? null,
  });
  return {
    year,
    // Only the year and the pages live in this archive's address.
    search: { title: '', year, month: null, section: null, pages },
    years: listYears(currentYear),
    intro: '',
    items: page?.items ?? [],
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
  const { year, years } = loaderData;
  return (
    <ArchivePage
      kind={MAGAZINE_ARCHIVE}
      data={loaderData}
      trail={[{ label: MAGAZINE_NAME, to: MAGAZINE_PATHS.home }, { label: `Anno ${year}` }]}
      heading={
        <>
          {MAGAZINE_NAME} | anno <span data-testid="magazine-year">{year}</span>
        </>
      }
    >
      <YearButtons years={years} selected={year} />
    </ArchivePage>
  );
}

/** An issue of the archive: ELENCO ARTICOLI, ONLINE and PDF (spec §2.10). */
function IssueCard({ item: issue }: { item: MagazineIssue }) {
  const pdf = issue.attachments[0];
  return (
    <div className="card-body d-flex flex-wrap align-items-center gap-3">
      <h2 className="h5 mb-0 me-auto">{issue.title}</h2>
      <Link to={issueHref(issue.title, issue.anno)} className="btn btn-sm btn-secondary">
        {MAGAZINE_COPY.articleList}
        <span className="visually-hidden">: {issue.title}</span>
      </Link>
      <PdfButtons
        pdf={pdf}
        subject={issue.title}
        readLabel={MAGAZINE_COPY.online}
        downloadLabel={MAGAZINE_COPY.pdf}
      />
    </div>
  );
}
