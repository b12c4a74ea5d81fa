import {
  AUDIT_ENTITY_NAMES,
  BIN_DAYS,
  publicationState,
  romeDate,
  romeInstant,
  romeTime,
  type AdminBinItem,
  type AdminPage,
  type AuditEntity,
  type PublicationState,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { BinnedRow, BinQueries } from '../listing/bin-queries.js';
import { toCsv } from '../../text/csv.js';
import type { Clock } from '../../text/dates.js';
import { historyOf, isClippedValue, writeAudit, type Actor } from './audit.js';

/**
 * Undo for the back office's records (ADR 023, ADR 031): the bin kept BIN_DAYS days, going back
 * to a version from an item's history, and bulk actions that change all the chosen items or
 * none. The bin and the history need no published flag (the board and the news categories have
 * a bin, the page texts and site contents a history); the bulk actions publish and withdraw.
 * Each domain says how its table is read and written (`BinnableRecords`, in its repository's
 * terms); the rules are these, written once.
 */

const DAY_MS = 86_400_000;

/** What one kind of content tells the bin: its audit entity, words, and its table's reads and writes. */
export interface BinnableRecords {
  entity: AuditEntity;
  /** Summaries of the audit log, before the title: "Notizia spostata nel cestino". */
  words: { binned: string; restored: string; deleted: string };
  /** The record as its audit entries show it, with `nelCestino: true` when binned; 404 when missing. */
  view(db: Kysely<Database>, id: number): Promise<Record<string, unknown>>;
  /** The title in the audit view. */
  titleOf(view: Record<string, unknown>): string;
  /** The table's bin queries, declared by its repository (`binQueries`). */
  bin: BinQueries;
  /** Refuses, with an Italian error, an item that may not go to the bin (a category in use). */
  mayBin?(trx: Transaction<Database>, id: number): Promise<void>;
  /** Deletes the row and what only it owns (attachments, links). */
  deleteForGood(trx: Transaction<Database>, id: number): Promise<void>;
  /**
   * Files of the file store these rows point at that a deletion may leave unused (a news
   * cover's images, ADR 034), read before the rows go; `dropUnusedFiles` removes, after the
   * commit, those nothing points at any more.
   */
  filesOf?(trx: Transaction<Database>, ids: number[]): Promise<string[]>;
  dropUnusedFiles?(hashes: string[]): Promise<void>;
  /** The search index (and the public caches, where the kind has any) follow the change. */
  changed(trx: Transaction<Database>, id: number, onSite: boolean): Promise<void>;
  /** After the commit (the content cache's second bump, ADR 005). */
  afterCommit?(): Promise<void>;
}

/** A scheduled moment (ISO instant) as the form's Rome date and time (`2026-11-30T09:00`). */
export function romeLocal(instant: string | null): string | null {
  if (instant === null) return null;
  const moment = new Date(instant);
  return `${romeDate(moment)}T${romeTime(moment)}`;
}

/** The form's Rome date and time ("Programma", ADR 031) as the stored ISO instant. */
export function storedInstant(local: string | null): string | null {
  if (local === null) return null;
  const [date = '', time = ''] = local.split('T');
  return romeInstant(date, time).toISOString();
}

/** A record's state for the form and the list: a draft, scheduled, or on the site. */
export function scheduleState(
  row: { published: number; publish_at: string | null },
  now: string,
): PublicationState {
  return publicationState(row.published === 1, row.publish_at !== null && row.publish_at > now);
}

/** The moment before which binned items go for good. */
export function binCutoff(now: Date): string {
  return new Date(now.getTime() - BIN_DAYS * DAY_MS).toISOString();
}

/**
 * The bin of one kind of content: "Elimina" moves there (off the site, the staff list and the
 * form), "Ripristina" brings back as it was, "Elimina definitivamente" and "Svuota il cestino"
 * delete for good; what has been there BIN_DAYS days goes for good at the next purge.
 */
export class RecordBin {
  constructor(
    private readonly deps: { db: Kysely<Database>; clock: Clock },
    private readonly records: BinnableRecords,
  ) {}

  /** Moves one item to the bin inside the caller's transaction (a bulk action's). */
  async binIn(trx: Transaction<Database>, actor: Actor, id: number, now: Date): Promise<void> {
    const before = await this.records.view(trx, id);
    if (before.nelCestino === true) throw new AppError('notFound');
    await this.records.mayBin?.(trx, id);
    await this.records.changed(trx, id, false);
    await this.records.bin.setBinned(trx, id, now.toISOString());
    await writeAudit(
      trx,
      actor,
      {
        action: 'elimina',
        entity: this.records.entity,
        entityId: id,
        summary: `${this.records.words.binned}: ${this.records.titleOf(before)}`,
        before,
      },
      now,
    );
  }

  async moveToBin(actor: Actor, id: number): Promise<void> {
    await this.purgeExpired();
    const now = this.deps.clock();
    await this.deps.db.transaction().execute((trx) => this.binIn(trx, actor, id, now));
    await this.records.afterCommit?.();
  }

  /** Takes an item out of the bin, as it was (published again if it was published). */
  async restore(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.records.view(trx, id);
      if (before.nelCestino !== true) throw new AppError('notFound');
      await this.records.bin.setBinned(trx, id, null);
      await this.records.changed(trx, id, true);
      await writeAudit(
        trx,
        actor,
        {
          action: 'ripristina',
          entity: this.records.entity,
          entityId: id,
          summary: `${this.records.words.restored}: ${this.records.titleOf(before)}`,
          after: await this.records.view(trx, id),
        },
        now,
      );
    });
    await this.records.afterCommit?.();
  }

  /** Deletes binned items for good: one (`id`) or the whole bin (null); audited. */
  async empty(actor: Actor, id: number | null): Promise<void> {
    const now = this.deps.clock();
    const files = await this.deps.db.transaction().execute(async (trx) => {
      const binned = (await this.records.bin.binned(trx)).filter(
        (row) => id === null || row.id === id,
      );
      if (id !== null && binned.length === 0) throw new AppError('notFound');
      const owned = await this.filesOf(trx, binned);
      for (const row of binned) {
        await this.records.deleteForGood(trx, row.id);
        await writeAudit(
          trx,
          actor,
          {
            action: 'elimina definitivamente',
            entity: this.records.entity,
            entityId: row.id,
            summary: `${this.records.words.deleted}: ${row.title}`,
          },
          now,
        );
      }
      return owned;
    });
    await this.records.dropUnusedFiles?.(files);
  }

  private async filesOf(trx: Transaction<Database>, rows: BinnedRow[]): Promise<string[]> {
    if (this.records.filesOf === undefined || rows.length === 0) return [];
    return this.records.filesOf(
      trx,
      rows.map((row) => row.id),
    );
  }

  /**
   * Deletes for good what has been in the bin BIN_DAYS days (its deletion is in the audit log
   * already); answers how many went. Run when the bin is read or added to, and by the periodic
   * purge (`BinPurge`).
   */
  async purgeExpired(): Promise<number> {
    const limit = binCutoff(this.deps.clock());
    const { count, files } = await this.deps.db.transaction().execute(async (trx) => {
      const expired = await this.records.bin.binned(trx, limit);
      const owned = await this.filesOf(trx, expired);
      for (const row of expired) await this.records.deleteForGood(trx, row.id);
      return { count: expired.length, files: owned };
    });
    await this.records.dropUnusedFiles?.(files);
    return count;
  }

  /** The bin, most recently deleted first, after dropping what has been there too long. */
  async list(): Promise<AdminPage<AdminBinItem>> {
    await this.purgeExpired();
    const items = (await this.records.bin.binned(this.deps.db)).map((row) => ({
      id: row.id,
      title: row.title,
      deletedAt: row.deleted_at,
      purgeAt: new Date(Date.parse(row.deleted_at) + BIN_DAYS * DAY_MS).toISOString(),
    }));
    return { items, total: items.length };
  }
}

/**
 * The values an entry of the item's history replaced, to save them again ("Annulla questa
 * modifica", ADR 023). Refused when the entry has no earlier version or the log cut one of its
 * texts (the version cannot be rebuilt). `id` is the record's id, or its key for the records
 * kept by key (page texts, site contents).
 */
export async function versionBefore(
  db: Kysely<Database>,
  entity: AuditEntity,
  id: number | string,
  auditId: number,
): Promise<Record<string, unknown>> {
  const entry = (await historyOf(db, entity, id)).find((item) => item.id === auditId);
  if (entry === undefined || entry.before === null || entry.action === 'crea') {
    throw new AppError('invalidRequest', [
      { path: 'auditId', message: 'Questa voce del registro non ha una versione precedente.' },
    ]);
  }
  if (Object.values(entry.before).some(isClippedValue)) {
    throw new AppError('invalidRequest', [
      {
        path: 'auditId',
        message:
          'Il testo di quella versione è troppo lungo per il registro: non si può ripristinare.',
      },
    ]);
  }
  return entry.before;
}

/**
 * A bulk action changes every chosen item or none (ADR 031): one transaction; the ids that do
 * not exist or are in the bin are named in an Italian error before anything is written, and an
 * error on any item undoes the ones before it.
 */
export async function bulkInOneTransaction(
  db: Kysely<Database>,
  ids: readonly number[],
  live: (trx: Transaction<Database>, ids: number[]) => Promise<ReadonlySet<number>>,
  step: (trx: Transaction<Database>, id: number) => Promise<void>,
): Promise<void> {
  const chosen = [...new Set(ids)];
  await db.transaction().execute(async (trx) => {
    const found = await live(trx, chosen);
    const missing = chosen.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw new AppError('invalidRequest', [
        {
          path: 'ids',
          message: `Nessuna modifica fatta: tra i selezionati, n. ${missing.join(', ')} non ${missing.length === 1 ? 'esiste più o è' : 'esistono più o sono'} nel cestino.`,
        },
      ]);
    }
    for (const id of chosen) await step(trx, id);
  });
}

/**
 * "Esporta selezionati" (ADR 031): the chosen items as CSV, as the audit log names their fields
 * (`view`, without the files), with an audit entry of the export; an item in the bin is 404.
 */
export async function selectedAsCsv(
  deps: { db: Kysely<Database>; clock: Clock },
  actor: Actor,
  entity: AuditEntity,
  ids: readonly number[],
  view: (id: number) => Promise<Record<string, unknown>>,
): Promise<string> {
  const views: Record<string, unknown>[] = [];
  for (const id of new Set(ids)) {
    const item = await view(id);
    if (item.nelCestino === true) throw new AppError('notFound');
    views.push(item);
  }
  const columns = Object.keys(views[0] ?? {}).filter((key) => key !== 'allegati');
  await writeAudit(
    deps.db,
    actor,
    {
      action: 'esporta',
      entity,
      entityId: null,
      summary: `Esportati ${views.length} elementi selezionati: ${AUDIT_ENTITY_NAMES[entity]}`,
    },
    deps.clock(),
  );
  const cell = (value: unknown) =>
    value === true ? 'sì' : value === false ? 'no' : value === null ? '' : String(value);
  return toCsv([columns, ...views.map((item) => columns.map((key) => cell(item[key])))]);
}
