import { romeYear } from '@sodalis/contracts';
import {
  listYears,
  type PagedList,
  type ReservedArchiveItems,
  type ReservedArchiveName,
  type Territory,
} from '@sodalis/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { AppLoadContext } from 'react-router';
import { apiRequest } from '../../api/api-client';
import { fetchSetupBody } from '../../api/setup-data';
import { PageLoading } from '../../components/page-loading';
import { ARCHIVE_COPY } from '../../copy/reserved';
import { reservedAreaGuard } from '../../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../../shared/session/session';
import { ArchivePaging, ArchiveSearchBox, SetupIntro } from './archive-parts';
import {
  archiveFilter,
  archiveHref,
  parseArchiveSearch,
  type ArchiveSearch,
} from './archive-search';
import { ReservedBreadcrumb } from './reserved-breadcrumb';

/** One page of an archive as its loader gives it; search and pages live in the address. */
export interface ArchiveData<T> {
  search: ArchiveSearch;
  years: string[];
  /** The setup text above the list ('' without one). */
  intro: string;
  items: T[];
  nextToken: string | null;
}

/** Where an archive's items come from: a list call of spec §7, its page size and order. */
export interface ArchiveSource<A extends ReservedArchiveName = ReservedArchiveName> {
  /** The archive as the server's renderer reads it (ADR 022). */
  archive: A;
  endpoint: string;
  pageSize: number;
  orderByFields: string;
  /** The assemblies' `territorio` (spec §2.9). */
  territory?: Territory;
  /** What the log says when the list cannot be loaded (spec §7). */
  unavailable: string;
}

/**
 * One archive of the reserved area (spec §2.9, §2.10): what differs from the others. The
 * frame — breadcrumb, title, search box, list, empty message, paging and menu — is ArchivePage.
 */
export interface ArchiveKind<T extends { id: number }> {
  path: string;
  title: string;
  /** The search box's heading; null for an archive without one (the bulletin's, by year). */
  searchHeading: string | null;
  /** The search box's section select (national and regional assemblies). */
  withSections?: boolean;
  /** The setup element shown above the search, with its test id. */
  intro?: { key: string; testId: string };
  pagingLabel: string;
  listTestId?: string;
  itemTestId?: string;
  /** The content of one item's card. */
  Item: ComponentType<{ item: T }>;
  /** The list call; an archive with a loader of its own (the bulletin's) has none. */
  source?: ArchiveSource;
}

/** A reserved list in the HTML is the member's: no shared cache may keep it (ADR 022). */
export const PRIVATE_PAGE_HEADERS = { 'Cache-Control': 'private, no-store' };

/** A searchable archive of spec §2.9: a kind with its list call and its page's description. */
export type SearchableArchive<A extends ReservedArchiveName> = ArchiveKind<
  ReservedArchiveItems[A]
> & {
  source: ArchiveSource<A>;
  /** The page's meta description. */
  description: string;
};

/** An item of any searchable archive. */
export type ArchiveItem = ReservedArchiveItems[ReservedArchiveName];

/**
 * A searchable archive as the one route module of the five uses it: the kind's loaders and page
 * bound to it, so the module can pick one by address without knowing its items' type.
 */
export interface ArchiveRoute {
  path: string;
  title: string;
  description: string;
  loadOnServer(request: Request, context: AppLoadContext): Promise<ArchiveData<ArchiveItem> | null>;
  load(args: {
    request: Request;
    serverLoader: () => Promise<unknown>;
  }): Promise<ArchiveData<ArchiveItem>>;
  /** The page for what this archive's loaders gave. */
  render(data: ArchiveData<ArchiveItem> | null): ReactNode;
}

/** The route of one searchable archive (its page, loaders and meta, ADR 022). */
export function archiveRoute<A extends ReservedArchiveName>(
  kind: SearchableArchive<A>,
): ArchiveRoute {
  return {
    path: kind.path,
    title: kind.title,
    description: kind.description,
    loadOnServer: (request, context) => loadArchiveOnServer(request, context, kind),
    load: (args) => loadArchive(args, kind),
    // The data came from this archive's own loaders: the route is found by the same address.
    render: (data) => (
      <ArchivePage kind={kind} data={data as ArchiveData<ReservedArchiveItems[A]> | null} />
    ),
  };
}

/** The search in the address and the list call's body for it. */
function archiveRequest(request: Request, source: ArchiveSource) {
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  const filter = archiveFilter(search, source.pageSize, source.orderByFields);
  const body =
    source.territory === undefined ? filter : { ...filter, territorio: source.territory };
  return { search, body };
}

/**
 * The server loader of a searchable archive (ADR 022): for the session cookie of a sign-in
 * without scripts, the page the API would answer that session, so the list is in the HTML;
 * null without a session or when the server refuses it (the browser then decides, as before).
 */
export async function loadArchiveOnServer<A extends ReservedArchiveName>(
  request: Request,
  context: AppLoadContext,
  kind: SearchableArchive<A>,
): Promise<ArchiveData<ReservedArchiveItems[A]> | null> {
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (token === null || userOfToken(token) === null) return null;
  const { search, body } = archiveRequest(request, kind.source);
  const [page, intro] = await Promise.all([
    context.reservedArea.list(kind.source.archive, body, token),
    kind.intro === undefined ? [] : context.content.setupElements([kind.intro.key]),
  ]);
  if (page === null) return null;
  return {
    search,
    years: listYears(romeYear()),
    intro: intro[0]?.corpo ?? '',
    items: page.items,
    nextToken: page.pagingInfo ?? null,
  };
}

/**
 * The address of the document until its first render has hydrated: a client loader called for
 * it then is the hydration, whose list the server may already have rendered.
 */
let hydratingHref: string | null =
  typeof window === 'undefined' ? null : window.location.href.replace(/#.*$/, '');

/**
 * The client loader of a searchable archive: the search in the address, one page of the list
 * and the intro text, behind the reserved layout's guard. On hydration the server's list is
 * kept (no second load, nothing moves); without one the browser loads it with the tab's
 * session. Spec §7: a failed list load leaves the list empty and is logged.
 */
export async function loadArchive<A extends ReservedArchiveName>(
  { request, serverLoader }: { request: Request; serverLoader: () => Promise<unknown> },
  kind: SearchableArchive<A>,
): Promise<ArchiveData<ReservedArchiveItems[A]>> {
  reservedAreaGuard(request);
  const hydrating = hydratingHref === request.url;
  hydratingHref = null;
  if (hydrating) {
    const rendered = (await serverLoader()) as ArchiveData<ReservedArchiveItems[A]> | null;
    if (rendered !== null) return rendered;
  }
  const { source } = kind;
  const { search, body } = archiveRequest(request, source);
  const [page, intro] = await Promise.all([
    apiRequest<PagedList<ReservedArchiveItems[A]>>(source.endpoint, { body }).catch(
      (error: unknown) => {
        console.warn(source.unavailable, error);
        return null;
      },
    ),
    kind.intro === undefined ? '' : fetchSetupBody(kind.intro.key),
  ]);
  return {
    search,
    years: listYears(romeYear()),
    intro,
    items: page?.items ?? [],
    nextToken: page?.pagingInfo ?? null,
  };
}

/** The page of one archive: the shared frame around the kind's items. */
export function ArchivePage<T extends { id: number }>({
  kind,
  data,
  trail = [{ label: kind.title }],
  heading = kind.title,
  children,
}: {
  kind: ArchiveKind<T>;
  /** None yet: rendered on the server without a session the server could use (ADR 022). */
  data: ArchiveData<T> | null;
  /** The breadcrumb after the reserved home: the title alone unless given. */
  trail?: { label: string; to?: string }[];
  heading?: ReactNode;
  /** What follows the paging (the bulletin's year buttons). */
  children?: ReactNode;
}) {
  if (data === null) return <PageLoading />;
  const { search, years, intro, items, nextToken } = data;
  const { Item } = kind;
  return (
    <div className="container py-4">
      <ReservedBreadcrumb trail={trail} />
      <h1 className="mb-4">{heading}</h1>
      {kind.intro === undefined ? null : <SetupIntro html={intro} testId={kind.intro.testId} />}
      {kind.searchHeading === null ? null : (
        <ArchiveSearchBox
          key={archiveHref(kind.path, { ...search, pages: [] })}
          path={kind.path}
          heading={kind.searchHeading}
          search={search}
          years={years}
          withSections={kind.withSections}
        />
      )}
      {items.length === 0 ? (
        <p className="alert alert-light" data-testid="archive-empty">
          {ARCHIVE_COPY.empty}
        </p>
      ) : (
        <ul className="list-unstyled" data-testid={kind.listTestId ?? 'archive-list'}>
          {items.map((item) => (
            <li key={item.id} className="card mb-3" data-testid={kind.itemTestId}>
              <Item item={item} />
            </li>
          ))}
        </ul>
      )}
      <ArchivePaging
        label={kind.pagingLabel}
        pages={search.pages}
        nextToken={nextToken}
        hrefFor={(pages) => archiveHref(kind.path, { ...search, pages })}
      />
      {children}
    </div>
  );
}
