import {
  cleanFileName,
  listYears,
  PAGE_SIZE,
  type Assembly,
  type MemberRole,
  type PagedList,
  type Territory,
  romeYear,
  italianDate,
} from '@sodalis/contracts';
import { useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { Breadcrumb } from '../../components/breadcrumb';
import { requireUser } from '../../shared/session/guard';
import { displayRole } from '../../shared/session/session';
import { ARCHIVE_COPY, ArchivePaging, ArchiveSearchBox } from './archive-parts';
import {
  archiveFilter,
  archiveHref,
  parseArchiveSearch,
  type ArchiveSearch,
} from './archive-search';
import { openReservedDocument } from './reserved-document';

/** The clientLoader of both assembly pages: national ones may filter by section. */
export async function loadAssemblies(request: Request, territory: Territory) {
  const user = requireUser();
  const search = parseArchiveSearch(new URL(request.url).searchParams, romeYear());
  if (territory === 'Regionali') search.section = null;
  let page: PagedList<Assembly> | null = null;
  try {
    page = await apiRequest<PagedList<Assembly>>('/api/v1/ReservedArea/GetAssemblee', {
      body: { ...archiveFilter(search, PAGE_SIZE.assemblies, 'Data'), territorio: territory },
    });
  } catch (error) {
    // Spec §7: a failed load leaves the list empty and is logged.
    console.warn('Assemblee non disponibili', error);
  }
  return {
    role: user.role,
    search,
    years: listYears(romeYear()),
    items: page?.items ?? [],
    nextToken: page?.pagingInfo ?? null,
  };
}

export function AssembliesPage({
  path,
  title,
  territory,
  data,
}: {
  path: string;
  title: string;
  territory: Territory;
  data: {
    role: MemberRole;
    search: ArchiveSearch;
    years: string[];
    items: Assembly[];
    nextToken: string | null;
  };
}) {
  const { role, search, years, items, nextToken } = data;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: title },
        ]}
      />
      <h1 className="mb-4">{title}</h1>
      <ArchiveSearchBox
        key={archiveHref(path, { ...search, pages: [] })}
        path={path}
        heading="Cerca nell'archivio delle Assemblee"
        search={search}
        years={years}
        withSections={territory === 'Nazionali'}
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
                <h2 className="h5">{item.title}</h2>
                <p className="text-muted small">
                  {italianDate(item.data)} · {item.luogo}
                </p>
                <ul className="list-unstyled mb-0" data-testid="assembly-documents">
                  {item.attachments.map((attachment) => (
                    <AssemblyDocument key={attachment.serverRelativeUrl} {...attachment} />
                  ))}
                </ul>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ArchivePaging
        label="Pagine delle assemblee"
        pages={search.pages}
        nextToken={nextToken}
        hrefFor={(pages) => archiveHref(path, { ...search, pages })}
      />
    </div>
  );
}

/** One document: its cleaned name, "LEGGI" (860 px rule) and "SCARICA PDF" (always a download). */
function AssemblyDocument({
  fileName,
  serverRelativeUrl,
}: {
  fileName: string;
  serverRelativeUrl: string;
}) {
  const [busy, setBusy] = useState(false);
  const name = cleanFileName(fileName);
  const run = async (forceDownload: boolean) => {
    setBusy(true);
    await openReservedDocument(serverRelativeUrl, forceDownload);
    setBusy(false);
  };
  return (
    <li className="d-flex flex-wrap align-items-center gap-2 py-1">
      <span className="me-auto">{name}</span>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy}
        onClick={() => void run(false)}
      >
        {ARCHIVE_COPY.read}
        <span className="visually-hidden">: {name}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={busy}
        onClick={() => void run(true)}
      >
        {ARCHIVE_COPY.downloadPdf}
        <span className="visually-hidden">: {name}</span>
      </button>
    </li>
  );
}
