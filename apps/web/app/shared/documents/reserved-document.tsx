import type { FileContent } from '@sodalis/contracts';
import { useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { requireParameter, showDocument } from './open-document';

/**
 * Fetches a reserved document (DownloadDoc) and opens or downloads it by the 860 px rule
 * (spec §2.15); `forceDownload` always downloads ("SCARICA PDF"); `page` opens it at that page. Failures are logged only.
 */
export async function openReservedDocument(
  serverRelativeUrl: string,
  forceDownload = false,
  page?: number,
): Promise<void> {
  try {
    const query = new URLSearchParams({ serverRelativeUrl: requireParameter(serverRelativeUrl) });
    const file = await apiRequest<FileContent>(`/api/v1/ReservedArea/DownloadDoc?${query}`);
    if (file !== null) showDocument(file, forceDownload ? 0 : window.innerWidth, page);
  } catch (error) {
    console.warn('Documento non disponibile', error);
  }
}

/**
 * The read button of one reserved document and, with `downloadLabel`, its download button
 * (spec §2.9, §2.10): reading follows the 860 px rule, downloading always downloads; both wait
 * while the document loads. `subject` names the document for screen readers.
 */
export function ReservedDocumentButtons({
  serverRelativeUrl,
  subject,
  readLabel,
  downloadLabel,
}: {
  serverRelativeUrl: string;
  subject: string;
  readLabel: string;
  downloadLabel?: string;
}) {
  const [busy, setBusy] = useState(false);
  const open = async (forceDownload: boolean) => {
    setBusy(true);
    await openReservedDocument(serverRelativeUrl, forceDownload);
    setBusy(false);
  };
  const buttons = [
    { label: readLabel, style: 'btn-primary', forceDownload: false },
    ...(downloadLabel === undefined
      ? []
      : [{ label: downloadLabel, style: 'btn-outline-primary', forceDownload: true }]),
  ];
  return buttons.map(({ label, style, forceDownload }) => (
    <button
      key={String(forceDownload)}
      type="button"
      className={`btn btn-sm ${style}`}
      disabled={busy}
      onClick={() => void open(forceDownload)}
    >
      {label}
      <span className="visually-hidden">: {subject}</span>
    </button>
  ));
}
