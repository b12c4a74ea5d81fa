import { SCREEN, VALIDATION_MESSAGES, type FileContent } from '@sodalis/contracts';

/** Spec §2.15, §9: wider than 860 px a document opens; at 860 px or less it is downloaded. */
export function documentAction(viewportWidth: number): 'open' | 'download' {
  return viewportWidth > SCREEN.documentOpenMinExclusivePx ? 'open' : 'download';
}

/** Requires an id or file path (spec §5: "the parameter cannot be null"). */
export function requireParameter<T>(value: T | null | undefined): T {
  if (value === null || value === undefined || value === '')
    throw new Error(VALIDATION_MESSAGES.nullParameter);
  return value;
}

/** Decodes base64 file content (spec §5: empty content is "Invalid base64 string"). */
export function decodeBase64(content: string): Uint8Array<ArrayBuffer> {
  if (content.trim() === '') throw new Error(VALIDATION_MESSAGES.invalidBase64);
  let binary: string;
  try {
    binary = atob(content.replace(/\s/g, ''));
  } catch {
    throw new Error(VALIDATION_MESSAGES.invalidBase64);
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function mimeTypeOf(fileName: string): string {
  return fileName.toLowerCase().endsWith('.pdf') ? 'application/pdf' : 'application/octet-stream';
}

function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Shows a document answered as base64 (news file, CV): opened in a new tab on wide screens,
 * downloaded on narrow ones; if the browser blocks the new tab, downloaded.
 */
export function showDocument(
  file: FileContent,
  viewportWidth: number = window.innerWidth,
  page?: number,
): void {
  const fileName = requireParameter(file.fileName);
  const blob = new Blob([decodeBase64(file.content)], { type: mimeTypeOf(fileName) });
  const url = URL.createObjectURL(blob);
  // The address lives as long as the tab that shows it may need it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  // `#page=N` opens the browser's PDF viewer at that page (a search result, ADR 025).
  const shown = page === undefined ? url : `${url}#page=${page}`;
  if (documentAction(viewportWidth) === 'open') {
    // Asked with `noopener`, `window.open` answers null whether or not the tab opened (HTML
    // standard), which read as "blocked" and downloaded too: the tab is opened with a handle,
    // then its link back to this page is cut.
    const opened = window.open(shown, '_blank');
    if (opened !== null) {
      opened.opener = null;
      return;
    }
  }
  download(url, fileName);
}

/**
 * The click on a link that opens a public document in a new tab (spec §2.15): at 860 px or
 * less the document is downloaded instead. Without scripts the link simply opens it.
 */
export function onPublicDocumentClick(
  event: { preventDefault(): void },
  serverRelativeUrl: string,
  fileName: string,
  viewportWidth: number = window.innerWidth,
): void {
  if (documentAction(viewportWidth) === 'open') return;
  event.preventDefault();
  download(publicDocumentHref(serverRelativeUrl, true), fileName);
}

/** The address of a public document streamed by the server (pages' links and previews). */
export function publicDocumentHref(serverRelativeUrl: string, asDownload = false): string {
  const query = new URLSearchParams({ serverRelativeUrl: requireParameter(serverRelativeUrl) });
  if (asDownload) query.set('download', '1');
  return `/api/v1/SharepointContent/DownloadPublicDoc?${query.toString()}`;
}
