import type { AdminListQuery } from '@sodalis/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OutboxTable } from '../../db/schema.js';
import { BY_CREATION_TIME, countOf, rowsPage } from '../listing/id-page.js';
import type { Executor } from '../../db/schema.js';

export type OutboxRow = Selectable<OutboxTable>;

/** A new pending row, due at `at`; answers its id. */
export async function insertPending(
  db: Executor,
  kind: string,
  payloadJson: string,
  at: string,
): Promise<number> {
  const { id } = await db
    .insertInto('outbox')
    .values({
      kind,
      payload_json: payloadJson,
      status: 'pending',
      attempts: 0,
      next_attempt_at: at,
      last_error: null,
      created_at: at,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

// --- the worker ------------------------------------------------------------------------------

/** Pending rows due at `now`, oldest due first. */
export function dueRows(db: Kysely<Database>, now: string, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'next_attempt_at'])
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Reserves a row until `leaseUntil` and counts the attempt. Conditional on the due time read,
 * so only one of several concurrent claims matches; undefined for the others.
 */
export function claimRow(db: Kysely<Database>, id: number, seenDueAt: string, leaseUntil: string) {
  return db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: leaseUntil }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '=', seenDueAt)
    .returning(['id', 'kind', 'payload_json', 'attempts', 'created_at'])
    .executeTakeFirst();
}

export async function markSent(db: Kysely<Database>, id: number, sentAt: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: sentAt, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** A failed attempt: tried again at `retryAt`, or given up on (`dead`) when it is null. */
export async function markFailed(
  db: Kysely<Database>,
  id: number,
  error: string,
  retryAt: string | null,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set(
      retryAt === null
        ? { status: 'dead', last_error: error }
        : { next_attempt_at: retryAt, last_error: error },
    )
    .where('id', '=', id)
    .execute();
}

// --- the back office ---------------------------------------------------------------------------

/** How many messages were given up on (the dashboard's pending work, ADR 023). */
export function countDead(db: Kysely<Database>): Promise<number> {
  return countOf(db.selectFrom('outbox').where('status', '=', 'dead'));
}

/** One page of the rows given up on, newest first unless `order` says otherwise, with the total. */
export async function deadPage(
  db: Kysely<Database>,
  query: AdminListQuery,
): Promise<{ rows: OutboxRow[]; total: number }> {
  return rowsPage(
    db.selectFrom('outbox').where('status', '=', 'dead'),
    query,
    BY_CREATION_TIME,
    (ids) => db.selectFrom('outbox').selectAll().where('id', 'in', ids).execute(),
  );
}

export function findRow(db: Executor, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A dead row back in the queue as new, due at `now`. */
export async function requeueDead(
  trx: Transaction<Database>,
  id: number,
  now: string,
): Promise<void> {
  await trx
    .updateTable('outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: now, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .execute();
}

export async function deleteDead(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('outbox').where('id', '=', id).where('status', '=', 'dead').execute();
}

// --- the metrics -------------------------------------------------------------------------------

/**
 * The backlog for the metrics (ADR 028): rows waiting, those of them that already failed at
 * least once, and rows given up on.
 */
export async function backlogCounts(
  db: Kysely<Database>,
): Promise<{ pending: number; retrying: number; dead: number }> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('total'),
      eb.fn.count<number>('last_error').as('failed'),
    ])
    .where('status', 'in', ['pending', 'dead'])
    .groupBy('status')
    .execute();
  const of = (status: string) => rows.find((row) => row.status === status);
  return {
    pending: Number(of('pending')?.total ?? 0),
    retrying: Number(of('pending')?.failed ?? 0),
    dead: Number(of('dead')?.total ?? 0),
  };
}
