import { isDatabaseUnavailable } from '../db/database.js';
import { isStorageFull } from '../files/data-dir.js';

/**
 * A page's read or write through a service: while the database is unreachable, or the disk
 * full, it throws a 503 response, which the web app's root error boundary shows as the Italian
 * "service temporarily unavailable" page (ADR 028) instead of a 500.
 */
export async function unlessUnavailable<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (isDatabaseUnavailable(error) || isStorageFull(error))
      throw new Response(null, { status: 503 });
    throw error;
  }
}

/**
 * The data of a cached public answer (the serialised `{ data }` envelope): pages read through
 * the same cached answers as the API (ADR 005).
 */
export async function cachedData<T>(answer: Promise<string>): Promise<T> {
  return (JSON.parse(await unlessUnavailable(answer)) as { data: T }).data;
}
