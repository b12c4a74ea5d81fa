import type {
  AdminAuditEntry,
  AdminAuditListQuery,
  AdminPage,
  AuditEntity,
} from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database, Executor } from '../../db/schema.js';
import { auditPage, auditRows, auditRowsOf, insertAuditRow } from './audit-repository.js';

/** Who acts: the signed-in staff member. */
export interface Actor {
  id: number;
  email: string;
}

export interface AuditRecord {
  action: string;
  entity: AuditEntity;
  entityId: number | string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Longest text value kept in an audit entry (rich text is summarised, not copied whole). */
const MAX_VALUE_LENGTH = 500;

function clipped(values: Record<string, unknown> | null | undefined): string | null {
  if (values === null || values === undefined) return null;
  const clippedValues = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      typeof value === 'string' && value.length > MAX_VALUE_LENGTH
        ? `${value.slice(0, MAX_VALUE_LENGTH)}…`
        : value,
    ]),
  );
  return JSON.stringify(clippedValues);
}

/**
 * The fields of `after` that differ from `before`, each side with only those fields: an edit's
 * entry says what changed, not the whole record twice.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changedBefore: Record<string, unknown> = {};
  const changedAfter: Record<string, unknown> = {};
  for (const key of keys) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changedBefore[key] = before[key];
      changedAfter[key] = after[key];
    }
  }
  return { before: changedBefore, after: changedAfter };
}

/**
 * The entry of a save: `crea` with the new values when there was no record, else `modifica`
 * with only the fields that changed.
 */
export function saveEntry(
  record: { entity: AuditEntity; entityId: number | string; summary: string },
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): AuditRecord {
  return before === null
    ? { action: 'crea', ...record, after }
    : { action: 'modifica', ...record, ...changedFields(before, after) };
}

/**
 * Writes one audit entry. Call it inside the transaction of the change it records, so the log
 * has an entry exactly when the change committed. Callers pass summaries without secrets
 * (never password hashes, tokens or file bytes).
 */
export async function writeAudit(
  db: Executor,
  actor: Actor,
  record: AuditRecord,
  now: Date,
): Promise<void> {
  await insertAuditRow(db, {
    at: now.toISOString(),
    actor_id: actor.id,
    actor_email: actor.email,
    action: record.action,
    entity: record.entity,
    entity_id: record.entityId === null ? null : String(record.entityId),
    summary: record.summary,
    before_json: clipped(record.before),
    after_json: clipped(record.after),
  });
}

/** Most entries an item's history shows. */
const HISTORY_LIMIT = 100;

/**
 * The history of one record, newest first (ADR 023: the versions it can go back to); a record
 * kept by key (a page text, a site content) is named by its key.
 */
export async function historyOf(
  db: Kysely<Database>,
  entity: AuditEntity,
  entityId: number | string,
): Promise<AdminAuditEntry[]> {
  return (await auditRowsOf(db, entity, String(entityId), HISTORY_LIMIT)).map(toEntry);
}

/** A value the log had to cut (`clipped`): the version cannot be rebuilt from it. */
export function isClippedValue(value: unknown): boolean {
  return typeof value === 'string' && value.length === MAX_VALUE_LENGTH + 1 && value.endsWith('…');
}

function toEntry(row: Selectable<AuditLogTable>): AdminAuditEntry {
  return {
    id: row.id,
    at: row.at,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity as AuditEntity,
    entityId: row.entity_id,
    summary: row.summary,
    before:
      row.before_json === null ? null : (JSON.parse(row.before_json) as Record<string, unknown>),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as Record<string, unknown>),
  };
}

/** The log, newest first (or oldest first with `order: ASC`), one page with the total. */
export async function listAudit(
  db: Kysely<Database>,
  query: AdminAuditListQuery,
): Promise<AdminPage<AdminAuditEntry>> {
  const { rows, total } = await auditPage(db, query);
  return { items: rows.map(toEntry), total };
}

/** Every entry matching the filters, oldest first, for the CSV export (bounded). */
export async function allAudit(
  db: Kysely<Database>,
  query: AdminAuditListQuery,
  limit: number,
): Promise<AdminAuditEntry[]> {
  return (await auditRows(db, query, limit)).map(toEntry);
}
