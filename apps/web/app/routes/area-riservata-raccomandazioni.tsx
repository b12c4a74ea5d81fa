import {
  listYears,
  PAGE_SIZE,
  type PagedList,
  type Recommendation,
  romeYear,
  italianDate,
} from '@sodalis/contracts';
import { useState } from 'react';
import type { Route } from './+types/area-riservata-raccomandazioni';
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
import { openReservedDocument } from '../features/reserved-area/reserved-document';
import { requireUser } from '../shared/session/guard';
import { displayRole } from '../shared/session/session';

const PATH = '/area-riservata-raccomandazioni';

/** Recommendations (spec §2.9): loaded in the browser behind the guard; search in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser();
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  let page: PagedList<Recommendation> | null = null;
  try {
    page = await apiRequest<PagedList<Recommendation>>('/api/v1/ReservedArea/GetRaccomandazioni', {
      body: archiveFilter(search, PAGE_SIZE.recommendations, 'Datapubblicazione'),
    });
  } catch (error) {
    // Spec §7: a failed load leaves the list empty and is logged.
    console.warn('Raccomandazioni non disponibili', error);
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
    title: 'Raccomandazioni',
    description: 'Archivio delle raccomandazioni per Soci e Affiliati.',
  }),
];

export default function RecommendationsPage({ loaderData }: Route.ComponentProps) {
  const { role, search, years, items, nextToken } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: 'Raccomandazioni' },
        ]}
      />
      <h1 className="mb-4">Raccomandazioni</h1>
      <ArchiveSearchBox
        key={archiveHref(PATH, { ...search, pages: [] })}
        path={PATH}
        heading="Cerca nell'archivio delle Raccomandazioni"
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
                  {italianDate(item.dataPubblicazione)}
                  {item.sourceName ? ` · ${item.sourceName}` : ''}
                </p>
                <h2 className="h5">{item.title}</h2>
                <ReadButton item={item} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <ArchivePaging
        label="Pagine delle raccomandazioni"
        pages={search.pages}
        nextToken={nextToken}
        hrefFor={(pages) => archiveHref(PATH, { ...search, pages })}
      />
    </div>
  );
}

/** "LEGGI": the source address in a new tab, otherwise the first attachment (spec §2.9). */
function ReadButton({ item }: { item: Recommendation }) {
  const [busy, setBusy] = useState(false);
  if (item.sourceUrl) {
    return (
      <a
        href={item.sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-sm btn-primary"
      >
        {ARCHIVE_COPY.read}
        <span className="visually-hidden"> {NEW_TAB_HINT}</span>
      </a>
    );
  }
  const attachment = item.attachments[0];
  if (attachment === undefined) return null;
  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await openReservedDocument(attachment.serverRelativeUrl);
        setBusy(false);
      }}
    >
      {ARCHIVE_COPY.read}
      <span className="visually-hidden">: {item.title}</span>
    </button>
  );
}
