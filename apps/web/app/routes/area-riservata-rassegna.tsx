import {
  listYears,
  PAGE_SIZE,
  type PagedList,
  type PressReview,
  romeYear,
  italianDate,
} from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-rassegna';
import { apiRequest } from '../api/api-client';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { NEW_TAB_HINT } from '../copy/site';
import { privatePageMeta } from '../format/meta';
import {
  ARCHIVE_COPY,
  ArchivePaging,
  ArchiveSearchBox,
} from '../features/reserved-area/archive-parts';
import {
  archiveFilter,
  archiveHref,
  parseArchiveSearch,
} from '../features/reserved-area/archive-search';
import { requireUser } from '../shared/session/guard';
import { displayRole } from '../shared/session/session';

const PATH = '/area-riservata-rassegna';

/** The press review (spec §2.9): loaded in the browser behind the guard; search in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser();
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  let page: PagedList<PressReview> | null = null;
  try {
    page = await apiRequest<PagedList<PressReview>>('/api/v1/SharepointContent/GetRassegneStampa', {
      body: archiveFilter(search, PAGE_SIZE.pressReview, 'Datapubblicazione'),
    });
  } catch (error) {
    // Spec §7: a failed load leaves the list empty and is logged.
    console.warn('Rassegna stampa non disponibile', error);
  }
  return {
    role: user.role,
    search,
    years: listYears(romeYear()),
    items: page?.items ?? [],
    nextToken: page?.pagingInfo ?? null,
  };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: 'Rassegna stampa',
    description: 'La rassegna stampa per Soci e Affiliati.',
  }),
];

export default function PressReviewPage({ loaderData }: Route.ComponentProps) {
  const { role, search, years, items, nextToken } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: 'Rassegna stampa' },
        ]}
      />
      <h1 className="mb-4">Rassegna stampa</h1>
      <ArchiveSearchBox
        key={archiveHref(PATH, { ...search, pages: [] })}
        path={PATH}
        heading="Cerca nella rassegna stampa"
        search={search}
        years={years}
      />
      {items.length === 0 ? (
        <p className="alert alert-light" data-testid="archive-empty">
          {ARCHIVE_COPY.empty}
        </p>
      ) : (
        <ul className="list-unstyled" data-testid="archive-list">
          {items.map((item) => (
            <li key={item.id} className="card mb-3">
              <div className="card-body">
                <p className="text-muted small mb-1">
                  {italianDate(item.date)} · {item.testata}
                </p>
                <h2 className="h5">{item.headline}</h2>
                {item.url ? (
                  <a
                    href={item.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="btn btn-sm btn-primary"
                  >
                    LEGGI ONLINE
                    <span className="visually-hidden">
                      : {item.headline} {NEW_TAB_HINT}
                    </span>
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ArchivePaging
        label="Pagine della rassegna stampa"
        pages={search.pages}
        nextToken={nextToken}
        hrefFor={(pages) => archiveHref(PATH, { ...search, pages })}
      />
    </div>
  );
}
