import type { FileContent } from '@sodalis/contracts';
import { useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { requireParameter, showDocument } from './open-document';

/**
 * Fetches a reserved document (DownloadDoc) and opens or downloads it by the 860 px rule
 * (spec §2.15); `forceDownload` always downloads ("SCARICA PDF"). Failures are logged only.
 */
export async function openReservedDocument(
  serverRelativeUrl: string,
  forceDownload = false,
): Promise<void> {
  try {
    const query = new URLSearchParams({ serverRelativeUrl: requireParameter(serverRelativeUrl) });
    const file = await apiRequest<FileContent>(`/api/v1/ReservedArea/DownloadDoc?${query}`);
    if (file !== null) showDocument(file, forceDownload ? 0 : window.innerWidth);
  } catch (error) {
    console.warn('Documento non disponibile', error);
  }
}

/** A reserved document's `open`, with `busy` while it loads (its buttons wait meanwhile). */
export function useReservedDocument(serverRelativeUrl: string) {
  const [busy, setBusy] = useState(false);
  const open = async (forceDownload: boolean) => {
    setBusy(true);
    await openReservedDocument(serverRelativeUrl, forceDownload);
    setBusy(false);
  };
  return { busy, open };
}

/**
 * The read and download buttons of one reserved document (spec §2.9, §2.10): reading follows the
 * 860 px rule, downloading always downloads. `subject` names the document for screen readers.
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
  downloadLabel: string;
}) {
  const { busy, open } = useReservedDocument(serverRelativeUrl);
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy}
        onClick={() => void open(false)}
      >
        {readLabel}
        <span className="visually-hidden">: {subject}</span>
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={busy}
        onClick={() => void open(true)}
      >
        {downloadLabel}
        <span className="visually-hidden">: {subject}</span>
      </button>
    </>
  );
}
