import type { Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { findEventRows, type EventRow } from '../repository.js';

/** What the staff's attendance services share (ADR 051, 054). */

/** The event the staff act on: 404 when it is gone or in the bin. */
export async function liveEvent(db: Executor, eventId: number): Promise<EventRow> {
  const [event] = await findEventRows(db, [eventId]);
  if (event === undefined || event.deleted_at !== null) throw new AppError('notFound');
  return event;
}

/** A request refused by a rule, its Italian message under the field it names (a 400). */
export function refusal(path: string, message: string): AppError {
  return new AppError('invalidRequest', [{ path, message }]);
}
