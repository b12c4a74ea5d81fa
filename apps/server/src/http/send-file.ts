import type { FastifyReply } from 'fastify';
import type { FileStore } from '../files/file-store.js';

/** `Content-Disposition` with a safe ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Streams a stored file with its type, size and name; never cached by browsers or proxies. */
export function sendStoredFile(
  reply: FastifyReply,
  files: FileStore,
  file: { sha256: string; fileName: string; contentType: string; sizeBytes: number },
  disposition: 'inline' | 'attachment',
): FastifyReply {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.sizeBytes))
    .header('content-disposition', contentDisposition(disposition, file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(files.stream(file.sha256));
}

/**
 * Like sendStoredFile, honouring one HTTP byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`):
 * 206 with Content-Range, 416 when unsatisfiable; anything else (several ranges, bad syntax)
 * answers the whole file, as RFC 9110 allows.
 */
export function sendStoredFileWithRange(
  reply: FastifyReply,
  files: FileStore,
  file: { sha256: string; fileName: string; contentType: string; sizeBytes: number },
  disposition: 'inline' | 'attachment',
  rangeHeader: string | undefined,
): FastifyReply {
  reply
    .header('accept-ranges', 'bytes')
    .header('content-disposition', contentDisposition(disposition, file.fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  const size = file.sizeBytes;
  const match = /^bytes=(\d*)-(\d*)$/.exec(rangeHeader?.trim() ?? '');
  if (match === null || (match[1] === '' && match[2] === '')) {
    return reply
      .header('content-type', file.contentType)
      .header('content-length', String(size))
      .send(files.stream(file.sha256));
  }
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    start = Math.max(size - suffix, 0);
    end = size - 1;
    if (suffix === 0) start = size;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) {
    return reply
      .code(416)
      .header('content-range', `bytes */${size}`)
      .header('content-length', '0')
      .send('');
  }
  return reply
    .code(206)
    .header('content-type', file.contentType)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', String(end - start + 1))
    .send(files.stream(file.sha256, { start, end }));
}
