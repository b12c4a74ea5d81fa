import type { RegistrationState } from '@sodalis/contracts';
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../../db/schema.js';
import type { EventRegistrationMailingsTable } from '../tables.js';

export type MailingRow = Selectable<EventRegistrationMailingsTable>;

/**
 * The registrants of an event in `states`, one per e-mail address (a person registered twice,
 * once cancelled and once again, gets one message), in the order they registered.
 */
export async function registrantsIn(
  db: Executor,
  eventId: number,
  states: readonly RegistrationState[],
): Promise<{ email: string; first_name: string; last_name: string }[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select(['email', 'first_name', 'last_name'])
    .where('event_id', '=', eventId)
    .where('state', 'in', states)
    .orderBy('id')
    .execute();
  const byEmail = new Map<string, (typeof rows)[number]>();
  for (const row of rows)
    if (!byEmail.has(row.email.toLowerCase())) byEmail.set(row.email.toLowerCase(), row);
  return [...byEmail.values()];
}

/** Stores a message unless its request key was sent already; answers its id, or null. */
export async function insertMailingOnce(
  db: Executor,
  row: Insertable<EventRegistrationMailingsTable>,
): Promise<number | null> {
  const inserted = await db
    .insertInto('event_registration_mailings')
    .values(row)
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export async function mailingByRequestKey(
  db: Executor,
  requestKey: string,
): Promise<MailingRow | undefined> {
  return db
    .selectFrom('event_registration_mailings')
    .selectAll()
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** The messages sent to an event's registrants, latest first. */
export async function mailingsOfEvent(db: Executor, eventId: number): Promise<MailingRow[]> {
  return db
    .selectFrom('event_registration_mailings')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
