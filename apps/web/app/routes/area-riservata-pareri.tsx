import { listYears, PAGE_SIZE, type Opinion, type PagedList, romeYear } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-pareri';
import { apiRequest } from '../api/api-client';
import { fetchSetupBody } from '../api/setup-data';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
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
import { OPINION_ORDER, opinionDate } from '../features/reserved-area/opinions';
import { requireUser } from '../shared/session/guard';
import { displayRole } from '../shared/session/session';

const PATH = '/area-riservata-pareri';

/** Board opinions (spec §2.9): the pareri-intro text, the list, search and pages in the address. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser();
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  const [page, intro] = await Promise.all([
    apiRequest<PagedList<Opinion>>('/api/v1/ReservedArea/GetPareriCD', {
      body: archiveFilter(search, PAGE_SIZE.opinions, OPINION_ORDER),
    }).catch((error: unknown) => {
      // Spec §7: a failed load leaves the list empty and is logged.
      console.warn('Pareri non disponibili', error);
      return null;
    }),
    fetchSetupBody('pareri-intro'),
  ]);
  return {
    role: user.role,
    search,
    years: listYears(romeYear()),
    intro,
    items: page?.items ?? [],
    nextToken: page?.pagingInfo ?? null,
  };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: 'Pareri del Consiglio Direttivo',
    description: 'I pareri del Consiglio Direttivo per Soci e Affiliati.',
  }),
];

export default function OpinionsPage({ loaderData }: Route.ComponentProps) {
  const { role, search, years, intro, items, nextToken } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: 'Pareri del Consiglio Direttivo' },
        ]}
      />
      <h1 className="mb-4">Pareri del Consiglio Direttivo</h1>
      {intro === '' ? null : (
        // Sanitised on the server (rich text of setup elements).
        <div
          className="rich-text mb-4"
          data-testid="pareri-intro"
          dangerouslySetInnerHTML={{ __html: intro }}
        />
      )}
      <ArchiveSearchBox
        key={archiveHref(PATH, { ...search, pages: [] })}
        path={PATH}
        heading="Cerca nell'archivio dei Pareri"
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
                <p className="text-muted small mb-1">{opinionDate(item)}</p>
                <h2 className="h5">{item.title}</h2>
                <Link
                  to={`/area-riservata-pareri-dettaglio?id=${item.id}`}
                  className="btn btn-sm btn-primary"
                >
                  {ARCHIVE_COPY.read}
                  <span className="visually-hidden">: {item.title}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ArchivePaging
        label="Pagine dei pareri"
        pages={search.pages}
        nextToken={nextToken}
        hrefFor={(pages) => archiveHref(PATH, { ...search, pages })}
      />
    </div>
  );
}
