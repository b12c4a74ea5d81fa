import { romeYear } from '@sodalis/contracts';
import { listYears, type PagedList, type Territory } from '@sodalis/contracts';
import type { ComponentType, ReactNode } from 'react';
import { apiRequest } from '../../api/api-client';
import { fetchSetupBody } from '../../api/setup-data';
import { ARCHIVE_COPY } from '../../copy/reserved';
import { reservedAreaGuard } from '../../shared/session/guard';
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
export interface ArchiveSource {
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

/**
 * The client loader of a searchable archive: the search in the address, one page of the list
 * and the intro text, behind the reserved layout's guard. Spec §7: a failed list load leaves the
 * list empty and is logged.
 */
export async function loadArchive<T extends { id: number }>(
  request: Request,
  kind: ArchiveKind<T> & { source: ArchiveSource },
): Promise<ArchiveData<T>> {
  reservedAreaGuard(request);
  const { source } = kind;
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  const filter = archiveFilter(search, source.pageSize, source.orderByFields);
  const [page, intro] = await Promise.all([
    apiRequest<PagedList<T>>(source.endpoint, {
      body: source.territory === undefined ? filter : { ...filter, territorio: source.territory },
    }).catch((error: unknown) => {
      console.warn(source.unavailable, error);
      return null;
    }),
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
  data: ArchiveData<T>;
  /** The breadcrumb after the reserved home: the title alone unless given. */
  trail?: { label: string; to?: string }[];
  heading?: ReactNode;
  /** What follows the paging (the bulletin's year buttons). */
  children?: ReactNode;
}) {
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
