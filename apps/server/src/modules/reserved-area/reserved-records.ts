import {
  RESERVED_AUDIENCES,
  type AdminListQuery,
  type AuditEntity,
  type ReservedAudience,
} from '@sodalis/contracts';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { containsPattern } from '../../text/search-text.js';
import { dateFilterCondition, likeCondition } from '../listing/keyset.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { idPage } from '../admin/list-page.js';

/**
 * The rules every reserved-area record of the back office follows (recommendations, assemblies,
 * press review, opinions; issue 10, ADR 013 and 015), written once: the list's filters and
 * page, an audited save (create or edit, files, before/after in the same transaction) and an
 * audited delete. Reserved answers are never cached (ADR 011), so members see a change at once
 * without a content-version bump.
 */

/** The tables of the reserved area's records: each has title_search, audience and published. */
export type ReservedRecordTable = 'recommendations' | 'assemblies' | 'press_reviews' | 'opinions';

/** An audience as the secretariat reads it in the audit log. */
export function audienceLabel(audience: string): string {
  return RESERVED_AUDIENCES[audience as ReservedAudience] ?? audience;
}

/** The filters the reserved lists share; areas add their own (e.g. territory) as conditions. */
export interface ReservedListFilters extends AdminListQuery {
  audience?: ReservedAudience | undefined;
  published?: 'true' | 'false' | undefined;
  year?: number | undefined;
}

/**
 * One numbered page of a reserved table's ids: text searched in the title, audience, published,
 * year of `dateColumn`, and any further conditions of the area.
 */
export async function reservedIdPage<T extends ReservedRecordTable>(
  db: Kysely<Database>,
  table: T,
  query: ReservedListFilters,
  options: {
    dateColumn: string;
    sortColumns: Record<string, string>;
    fallback: string;
    extra?: (ReturnType<typeof likeCondition> | undefined)[];
  },
): Promise<{ ids: number[]; total: number }> {
  const text = query.q?.trim() ?? '';
  const column = (name: string) => `${table}.${name}`;
  const conditions = [
    text === '' ? null : likeCondition(column('title_search'), containsPattern(text)),
    query.year === undefined ? null : dateFilterCondition(options.dateColumn, [query.year], null),
    ...(options.extra ?? []),
  ];
  let builder = db.selectFrom(table as ReservedRecordTable);
  for (const condition of conditions) {
    if (condition !== null && condition !== undefined) builder = builder.where(condition);
  }
  if (query.audience !== undefined) builder = builder.where('audience', '=', query.audience);
  if (query.published !== undefined)
    builder = builder.where('published', '=', query.published === 'true' ? 1 : 0);
  return idPage(builder, query, {
    idColumn: column('id'),
    sortColumns: options.sortColumns,
    fallback: options.fallback,
  });
}

/** Rows loaded by id, put back in the order of the page's ids. */
export function inIdOrder<R extends { id: number }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is R => row !== undefined);
}

export interface AuditedSave<T extends ReservedRecordTable> {
  table: T;
  /** null to create. */
  id: number | null;
  entity: AuditEntity;
  /** The row's columns except id, created_at and updated_at (the save sets those). */
  values: Updateable<Database[T]> & Omit<Insertable<Database[T]>, 'created_at' | 'updated_at'>;
  /** The record as the audit log shows it, with Italian field names; 404 when it is missing. */
  view: (trx: Transaction<Database>, id: number) => Promise<Record<string, unknown>>;
  /** What else the save changes in the same transaction (e.g. the record's files). */
  alsoWrite?: (trx: Transaction<Database>, id: number, now: string) => Promise<unknown>;
  /** The entry's summary, e.g. `Parere creato: …`. */
  summary: (created: boolean) => string;
}

/**
 * Creates or edits one record with its audit entry in one transaction: the entry of a new
 * record holds it whole, an edit's only the fields that changed. Answers the record's id.
 */
export async function saveAudited<T extends ReservedRecordTable>(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  save: AuditedSave<T>,
): Promise<number> {
  const now = clock();
  // The helper is generic over the four tables; Kysely cannot check a column set against a
  // table chosen at run time, so the writes name one of them for the compiler. The values'
  // type above already ties them to `save.table`.
  const table = save.table as 'press_reviews';
  const values = {
    ...(save.values as Omit<Insertable<Database['press_reviews']>, 'created_at' | 'updated_at'>),
    updated_at: now.toISOString(),
  };
  return db.transaction().execute(async (trx) => {
    const before = save.id === null ? null : await save.view(trx, save.id);
    let id: number;
    if (save.id === null) {
      ({ id } = await trx
        .insertInto(table)
        .values({ ...values, created_at: now.toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow());
    } else {
      id = save.id;
      await trx.updateTable(table).set(values).where('id', '=', id).execute();
    }
    await save.alsoWrite?.(trx, id, now.toISOString());
    const after = await save.view(trx, id);
    await writeAudit(
      trx,
      actor,
      saveEntry(
        { entity: save.entity, entityId: id, summary: save.summary(before === null) },
        before,
        after,
      ),
      now,
    );
    return id;
  });
}

/**
 * Deletes one record, its attachments (when its kind has any) and writes the entry with what
 * it was, in one transaction; 404 when it does not exist.
 */
export async function removeAudited(
  db: Kysely<Database>,
  clock: Clock,
  actor: Actor,
  remove: {
    table: ReservedRecordTable;
    id: number;
    entity: AuditEntity;
    attachmentKind: AttachmentOwnerKind | null;
    view: (trx: Transaction<Database>, id: number) => Promise<Record<string, unknown>>;
    /** e.g. `Parere eliminato`; the title (`titolo`) of the view follows it. */
    summary: string;
  },
): Promise<void> {
  const now = clock();
  await db.transaction().execute(async (trx) => {
    const before = await remove.view(trx, remove.id);
    if (remove.attachmentKind !== null) {
      await trx
        .deleteFrom('attachments')
        .where('owner_kind', '=', remove.attachmentKind)
        .where('owner_id', '=', remove.id)
        .execute();
    }
    await trx.deleteFrom(remove.table).where('id', '=', remove.id).execute();
    await writeAudit(
      trx,
      actor,
      {
        action: 'elimina',
        entity: remove.entity,
        entityId: remove.id,
        summary: `${remove.summary}: ${String(before.titolo)}`,
        before,
      },
      now,
    );
  });
}

/** One row by id, or 404. */
export function found<R>(row: R | undefined): R {
  if (row === undefined) throw new AppError('notFound');
  return row;
}
