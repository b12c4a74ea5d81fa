import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/schema.js';
import { claimOnce } from '../../db/scheduled-runs.js';
import type { FileStore } from '../../files/file-store.js';
import type { Clock } from '../../text/dates.js';
import { findStoredAttachment, type StoredAttachment } from '../attachments/repository.js';
import { enqueue } from '../outbox/outbox.js';
import { termsOf } from './analyser.js';
import { pdfPageTexts } from './pdf-text.js';
import {
  deleteAllUnits,
  deleteAttachmentUnits,
  deleteDroppedAttachmentUnits,
  deleteItemUnits,
  deleteAllDocumentStates,
  deleteDocumentStates,
  deleteTextUnits,
  describeItemUnits,
  findDocumentStates,
  findUnsearchableDocument,
  insertUnits,
  writeDocumentState,
  type SearchUnitValues,
} from './repository.js';
import type { SearchSources } from './sources.js';
import { type SourceContext, type SourceKind, type SourceRecord } from './sources.js';

export interface SearchIndexerDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  context: SourceContext;
  /** Each domain's source of records (ADR 044, 046), one per kind of record. */
  sources: SearchSources;
  /** Wakes the outbox worker after a commit that queued extractions. */
  notifyOutbox: () => void;
}

/** How a rebuild reads the PDFs: queued for the outbox (the server), or at once (the CLI). */
export type ExtractionMode = 'queue' | 'now';

/**
 * What the index holds, named by the day it last changed (ADR 025): a server that finds an
 * index of an older format builds it again once at start, so an upgrade needs no manual step.
 * Change it whenever what is indexed, or how, changes (2026-11-24: scheduled items from their
 * moment, board members, a record's PDF pages told from its text; 2026-11-28: the events, ADR 047).
 */
export const SEARCH_INDEX_FORMAT = '2026-11-28';
const SEARCH_INDEX_FORMAT_JOB = 'search-index-format';

export interface RebuildSummary {
  records: number;
  documents: number;
}

/**
 * Keeps the site search's index in step with the content (ADR 025). A record's own text is
 * indexed in the transaction that saves it, so a search never shows a deleted record or an old
 * audience; its PDFs are read later by the outbox (`search.extract`), retried on failure and
 * never holding up the save.
 */
export class SearchIndexer {
  private readonly sources: SearchSources;

  constructor(private readonly deps: SearchIndexerDeps) {
    this.sources = deps.sources;
  }

  /**
   * Re-indexes a record after a save or a delete, inside the caller's transaction: its text,
   * the audience and title of its PDF pages, and queues the PDFs not yet read.
   */
  async recordChanged(trx: Executor, kind: SourceKind, id: number): Promise<void> {
    // Queued extractions commit with the save; the outbox's next poll reads them.
    await this.indexRecord(trx, kind, id);
    for (const dependent of await this.sources.dependentRecords(trx, kind, id))
      await this.indexRecord(trx, dependent.kind, dependent.id);
  }

  /**
   * Takes a record out of the index, with the records that depend on it (an issue's articles),
   * inside the transaction that deletes it: call it before the delete, while they can be read.
   */
  async recordRemoved(trx: Executor, kind: SourceKind, id: number): Promise<void> {
    for (const dependent of await this.sources.dependentRecords(trx, kind, id))
      await this.removeRecord(trx, dependent.kind, dependent.id);
    await this.removeRecord(trx, kind, id);
  }

  /**
   * A record's units leave the index, its PDF pages with them; its PDFs' extraction states go
   * too, so a record back on the site (restored from the bin, published again) has them read
   * again instead of taken as read.
   */
  private async removeRecord(trx: Executor, kind: SourceKind, id: number): Promise<void> {
    await deleteItemUnits(trx, kind, id);
    await deleteDocumentStates(trx, await this.sources.attachmentIdsOf(trx, kind, id));
  }

  /** Indexes one record; answers the ids of its PDFs still to read. */
  private async indexRecord(
    trx: Executor,
    kind: SourceKind,
    id: number,
    extraction: ExtractionMode = 'queue',
  ): Promise<number[]> {
    const record = await this.sources.record(trx, kind, id, this.deps.context);
    if (record === null) {
      await this.removeRecord(trx, kind, id);
      return [];
    }
    await deleteTextUnits(trx, kind, id);
    await insertUnits(trx, [unitOf(record, record.text, null, null)]);
    await describeItemUnits(trx, kind, id, record.description);
    await deleteDroppedAttachmentUnits(
      trx,
      kind,
      id,
      record.attachments.map((attachment) => attachment.id),
    );
    const states = await findDocumentStates(
      trx,
      record.attachments.map((attachment) => attachment.id),
    );
    const unread = record.attachments.filter(
      (attachment) =>
        !states.some(
          (state) =>
            state.attachment_id === attachment.id && state.file_sha256 === attachment.file_sha256,
        ),
    );
    const now = this.deps.clock();
    for (const attachment of unread) {
      await writeDocumentState(trx, {
        attachment_id: attachment.id,
        file_sha256: attachment.file_sha256,
        status: 'pending',
        pages: null,
        updated_at: now.toISOString(),
      });
      if (extraction === 'queue')
        await enqueue(trx, 'search.extract', { attachmentId: attachment.id }, now);
    }
    return unread.map((attachment) => attachment.id);
  }

  /**
   * Reads a PDF listed as "non ricercabile" again (the secretariat's "Riprova l'estrazione"):
   * pending once more and queued for the outbox. False when it is not such a PDF.
   */
  async retryExtraction(attachmentId: number): Promise<boolean> {
    const now = this.deps.clock();
    const queued = await this.deps.db.transaction().execute(async (trx) => {
      const state = await findUnsearchableDocument(trx, attachmentId);
      if (state === undefined) return false;
      await writeDocumentState(trx, { ...state, status: 'pending', updated_at: now.toISOString() });
      await enqueue(trx, 'search.extract', { attachmentId }, now);
      return true;
    });
    if (queued) this.deps.notifyOutbox();
    return queued;
  }

  /**
   * Reads one PDF's pages into the index (the outbox's `search.extract`). A file pdf.js cannot
   * read, or one without a text layer (a scan), is recorded for staff as not searchable; a
   * missing file is an error the outbox retries.
   */
  async extractDocument(attachmentId: number): Promise<void> {
    const { db, files, clock, logger } = this.deps;
    const attachment = await findStoredAttachment(db, attachmentId);
    if (attachment === undefined || !this.sources.has(attachment.owner_kind)) return;
    const bytes = await files.read(attachment.file_sha256);
    let pages: string[] = [];
    let failed = false;
    try {
      pages = await pdfPageTexts(bytes);
    } catch (error) {
      failed = true;
      logger.warn({ err: error, attachmentId }, 'testo del PDF non leggibile');
    }
    const kind = attachment.owner_kind;
    await db.transaction().execute(async (trx) => {
      // Read again in the transaction: the record may have changed or gone meanwhile.
      const record = await this.sources.record(trx, kind, attachment.owner_id, this.deps.context);
      const current = record?.attachments.find((item) => item.id === attachmentId);
      await deleteAttachmentUnits(trx, attachmentId);
      if (record === null || current === undefined) return;
      if (current.file_sha256 !== attachment.file_sha256) return;
      await insertUnits(
        trx,
        pages.flatMap((text, index) =>
          text === '' ? [] : [unitOf(record, text, current, index + 1)],
        ),
      );
      const searchable = pages.some((text) => text !== '');
      await writeDocumentState(trx, {
        attachment_id: attachmentId,
        file_sha256: attachment.file_sha256,
        status: failed ? 'failed' : searchable ? 'indexed' : 'no_text',
        pages: failed ? null : pages.length,
        updated_at: clock().toISOString(),
      });
    });
  }

  /**
   * Builds the whole index again from the content (`npm run cli -- ricerca:ricostruisci`, and
   * the demo content at first start): every record's text in one transaction, then every PDF,
   * queued for the outbox or read at once.
   */
  async rebuild(extraction: ExtractionMode): Promise<RebuildSummary> {
    return (await this.rebuildWhen('always', extraction)) as RebuildSummary;
  }

  /**
   * Builds the index again if it is of an older format than `SEARCH_INDEX_FORMAT` (at start);
   * null when it is current. One instance does it: the format's claim is written in the
   * rebuild's transaction, so another instance starting at once waits and then finds it.
   */
  rebuildIfFormatChanged(): Promise<RebuildSummary | null> {
    return this.rebuildWhen('format-changed', 'queue');
  }

  private async rebuildWhen(
    when: 'always' | 'format-changed',
    extraction: ExtractionMode,
  ): Promise<RebuildSummary | null> {
    const { db, clock } = this.deps;
    const summary: RebuildSummary = { records: 0, documents: 0 };
    const unread: number[] = [];
    const rebuilt = await db.transaction().execute(async (trx) => {
      const formatNew = await claimOnce(trx, SEARCH_INDEX_FORMAT_JOB, SEARCH_INDEX_FORMAT, clock());
      if (when === 'format-changed' && !formatNew) return false;
      await deleteAllUnits(trx);
      // Every PDF is read again: its pages were removed with the rest.
      await deleteAllDocumentStates(trx);
      for (const kind of this.sources.kinds) {
        for (const id of await this.sources.allRecordIds(trx, kind)) {
          summary.records += 1;
          unread.push(...(await this.indexRecord(trx, kind, id, extraction)));
        }
      }
      return true;
    });
    if (!rebuilt) return null;
    summary.documents = unread.length;
    if (extraction === 'now') {
      for (const attachmentId of unread) await this.extractDocument(attachmentId);
    } else if (unread.length > 0) {
      this.deps.notifyOutbox();
    }
    return summary;
  }
}

/** The unit of a record's text (page null) or of one page of one of its PDFs. */
function unitOf(
  record: SourceRecord,
  text: string,
  attachment: StoredAttachment | null,
  page: number | null,
): SearchUnitValues {
  return {
    kind: record.kind,
    item_id: record.id,
    attachment_id: attachment?.id ?? null,
    page,
    ...record.description,
    file_name: attachment?.file_name ?? null,
    file_url: attachment?.server_relative_url ?? null,
    body: text,
    terms: termsOf(text).join(' '),
  };
}
