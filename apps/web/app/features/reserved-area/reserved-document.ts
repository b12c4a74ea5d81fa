import type { FileContent } from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';
import { requireParameter, showDocument } from '../../shared/documents/open-document';

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
