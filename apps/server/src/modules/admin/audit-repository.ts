import type { AdminAuditListQuery } from '@sodalis/contracts';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database, Executor } from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';

/** Every query of the audit log (`audit_log`); `audit.ts` holds what an entry says. */

export type AuditRow = Selectable<AuditLogTable>;

export async function insertAuditRow(db: Executor, row: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** One record's entries, newest first. */
export async function auditRowsOf(
  db: Kysely<Database>,
  entity: string,
  entityId: string,
  limit: number,
): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

function auditQuery(db: Kysely<Database>, query: AdminAuditListQuery) {
  let builder = db.selectFrom('audit_log');
  if (query.entity !== undefined) builder = builder.where('entity', '=', query.entity);
  const byActor = anyColumnContains(['actor_email'], query.actor);
  if (byActor !== null) builder = builder.where(byActor);
  const bySummary = anyColumnContains(['summary'], query.q);
  if (bySummary !== null) builder = builder.where(bySummary);
  // Dates are Rome-agnostic days of the UTC timestamp: close enough for a filter by day.
  if (query.from !== undefined) builder = builder.where('at', '>=', `${query.from}T00:00:00.000Z`);
  if (query.to !== undefined) builder = builder.where('at', '<=', `${query.to}T23:59:59.999Z`);
  return builder;
}

/** One page of the filtered log, newest first (oldest with `order: ASC`), with the total. */
export async function auditPage(
  db: Kysely<Database>,
  query: AdminAuditListQuery,
): Promise<{ rows: AuditRow[]; total: number }> {
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    auditQuery(db, query)
      .selectAll()
      .orderBy('at', direction)
      .orderBy('id', direction)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    auditQuery(db, query)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every entry matching the filters, oldest first, at most `limit`. */
export async function auditRows(
  db: Kysely<Database>,
  query: AdminAuditListQuery,
  limit: number,
): Promise<AuditRow[]> {
  return auditQuery(db, query).selectAll().orderBy('at').orderBy('id').limit(limit).execute();
}
