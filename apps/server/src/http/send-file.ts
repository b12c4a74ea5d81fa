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
