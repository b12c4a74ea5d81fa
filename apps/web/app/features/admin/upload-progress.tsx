import LinearProgress from '@mui/material/LinearProgress';
import { useSyncExternalStore } from 'react';

/**
 * How far the save that carries files has gone up, in percent (null when none is under way).
 * The admin API takes files as base64 inside the JSON body (ADR 027), so the whole save is the
 * upload: the data provider reports it from XHR's upload progress, the file inputs show it.
 */
let uploadPercent: number | null = null;
const listeners = new Set<() => void>();

export function reportUploadProgress(percent: number | null): void {
  uploadPercent = percent;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A save's body at least this long goes through XHR to report progress; smaller ones are instant. */
export const UPLOAD_PROGRESS_MIN_CHARS = 64 * 1024;

/**
 * Sends a JSON body with XHR, reporting its upload progress, and answers a fetch `Response`
 * so callers handle both paths alike. Kept at 100% until the server answers (it still checks
 * and stores the files).
 */
export function sendWithProgress(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        reportUploadProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    request.onload = () => {
      reportUploadProgress(null);
      const noBody = request.status === 204 || request.status === 205 || request.status === 304;
      resolve(
        new Response(noBody ? null : request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? '' },
        }),
      );
    };
    request.onerror = request.onabort = () => {
      reportUploadProgress(null);
      reject(new TypeError('Errore di comunicazione con il server.'));
    };
    reportUploadProgress(0);
    request.send(body);
  });
}

/** The upload's progress bar with its percentage, shown while a save carries files. */
export function UploadProgressBar() {
  const percent = useSyncExternalStore(
    subscribe,
    () => uploadPercent,
    () => null,
  );
  if (percent === null) return null;
  return (
    <div
      className="admin-upload-progress"
      style={{ display: 'flex', alignItems: 'center', gap: '0.75rem', margin: '0.5rem 0' }}
    >
      <LinearProgress
        sx={{ display: 'block', flex: 1, minWidth: '10rem', height: '0.5rem' }}
        variant="determinate"
        value={percent}
        aria-label="Caricamento dei file"
        aria-valuetext={`${percent}%`}
      />
      <span aria-hidden="true">{percent}%</span>
    </div>
  );
}
