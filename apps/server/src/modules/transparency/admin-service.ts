import {
  adminListHref,
  AdminContributionInputSchema,
  AdminTransparencyPublicationInputSchema,
  TRANSPARENCY_PUBLICATION_TYPES,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminContribution,
  type AdminContributionListQuery,
  type AdminPage,
  type AdminTransparencyListQuery,
  type AdminTransparencyPublication,
  type TransparencyPublicationType,
  type TransparencyWarning,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { takeNextVersion } from '../admin/versions.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { RecordBin, versionBefore } from '../admin/undo.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import {
  attachmentsOf,
  fileNames,
  forgetUnusedAttachmentFiles,
  storedAttachmentsOf,
} from '../attachments/repository.js';
import { idPage, inPageOrder } from '../listing/id-page.js';
import {
  contributionBinQueries,
  publicationBinQueries,
  contributionsById,
  contributionsMatching,
  deleteContribution,
  deletePublication,
  insertContribution,
  insertPublication,
  publicationsById,
  publicationsMatching,
  updateContribution,
  updatePublication,
  type ContributionRow,
  type PublicationRow,
  contributionVersions,
  publicationVersions,
} from './repository.js';
import { transparencyPendingWork } from './service.js';
import type { SearchIndexer } from '../search/indexer.js';

type PublicationInput = z.output<typeof AdminTransparencyPublicationInputSchema>;
type ContributionInput = z.output<typeof AdminContributionInputSchema>;

/** The PDFs' area in their addresses: `/Documenti/Trasparenza/<id>/<name>`. */
const PDF_AREA = 'Trasparenza';

export interface TransparencyAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
  /** Publications are public and searchable: the index follows every save (ADR 025). */
  searchIndex: SearchIndexer;
}

function found<R>(row: R | undefined): R {
  if (row === undefined) throw new AppError('notFound');
  return row;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

/**
 * "Società trasparente" in the back office (ADR 026): publications with their PDFs and the
 * public contributions, each change one transaction with its audit entry, then the public
 * answers (page, feeds, sitemap) emptied from the content cache (ADR 005). "Elimina" moves to
 * the bin, and an edit can be undone from the item's history (ADR 031).
 */
export class TransparencyAdminService {
  /** The publications' bin: their PDFs leave the site with them, the store once deleted for good. */
  private readonly publicationBin: RecordBin;
  private readonly contributionBin: RecordBin;

  constructor(private readonly deps: TransparencyAdminDeps) {
    const { contentCache, searchIndex, files } = deps;
    this.publicationBin = new RecordBin(deps, {
      entity: 'transparency_publication',
      words: {
        binned: 'Pubblicazione spostata nel cestino',
        restored: 'Pubblicazione ripristinata dal cestino',
        deleted: 'Pubblicazione eliminata definitivamente',
      },
      view: (db, id) => this.publicationView(db, id),
      titleOf: (view) => String(view.titolo),
      bin: publicationBinQueries,
      deleteForGood: deletePublication,
      filesOf: async (trx, ids) =>
        (await storedAttachmentsOf(trx, 'transparency_publication', ids)).map(
          (attachment) => attachment.file_sha256,
        ),
      dropUnusedFiles: async (hashes) => {
        for (const hash of await forgetUnusedAttachmentFiles(deps.db, hashes)) {
          await files.remove(hash);
        }
      },
      // Off the page and the search while binned; back on both once restored.
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'transparency_publication', id);
        else await searchIndex.recordRemoved(trx, 'transparency_publication', id);
        await contentCache.contentChanged(trx);
      },
      afterCommit: () => contentCache.contentChanged(),
    });
    this.contributionBin = new RecordBin(deps, {
      entity: 'public_contribution',
      words: {
        binned: 'Contributo spostato nel cestino',
        restored: 'Contributo ripristinato dal cestino',
        deleted: 'Contributo eliminato definitivamente',
      },
      view: (db, id) => this.contributionView(db, id),
      titleOf: (view) => `${String(view.ente)} (${String(view.anno)})`,
      bin: contributionBinQueries,
      deleteForGood: deleteContribution,
      changed: (trx) => contentCache.contentChanged(trx),
      afterCommit: () => contentCache.contentChanged(),
    });
  }

  /** Deletes for good what has been in either bin BIN_DAYS days; answers how many went. */
  async purgeExpired(): Promise<number> {
    return (await this.publicationBin.purgeExpired()) + (await this.contributionBin.purgeExpired());
  }

  /** The yearly items missing or late today, for the staff screen's warnings. */
  pendingWork(): Promise<TransparencyWarning[]> {
    return transparencyPendingWork(this.deps.db, this.deps.clock());
  }

  // --- publications ----------------------------------------------------------------------------

  async listPublications(
    query: AdminTransparencyListQuery,
  ): Promise<AdminPage<AdminTransparencyPublication>> {
    const page = await idPage(publicationsMatching(this.deps.db, query), query, {
      idColumn: 'id',
      sortColumns: {
        publishedOn: 'published_on',
        title: 'title_search',
        type: 'type',
        year: 'year',
        updatedAt: 'updated_at',
      },
      fallback: 'publishedOn',
    });
    return { items: await this.publications(page.ids), total: page.total };
  }

  async getPublication(id: number): Promise<AdminTransparencyPublication> {
    return found((await this.publications([id]))[0]);
  }

  async savePublication(
    actor: Actor,
    id: number | null,
    input: PublicationInput,
    version: number | null = null,
  ): Promise<AdminTransparencyPublication> {
    // Checked before the transaction: a bad file is a 400 that writes nothing.
    const added = await checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const values = {
      type: input.type,
      title: input.title,
      title_search: searchText(input.title),
      description: input.description,
      year: input.year,
      published_on: input.publishedOn,
      link_url: input.linkUrl,
    };
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      // First, so the row is this save's until it commits (ADR 041).
      if (id !== null) await takeNextVersion(trx, publicationVersions, id, version);
      const before = id === null ? null : await this.publicationView(trx, id);
      // A binned item is not edited: restore it first (ADR 031).
      if (before?.nelCestino === true) throw new AppError('notFound');
      const rowId = id ?? (await insertPublication(trx, values, stamp));
      if (id !== null) await updatePublication(trx, id, values, stamp);
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'transparency_publication', id: rowId, area: PDF_AREA },
        input.keptAttachmentIds,
        added,
        stamp,
      );
      await this.deps.searchIndex.recordChanged(trx, 'transparency_publication', rowId);
      const after = await this.publicationView(trx, rowId);
      const summary = `Pubblicazione ${before === null ? 'creata' : 'modificata'}: ${input.title}`;
      await writeAudit(
        trx,
        actor,
        saveEntry({ entity: 'transparency_publication', entityId: rowId, summary }, before, after),
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return rowId;
    });
    return this.getPublication(savedId);
  }

  /** "Elimina": to the bin, off the page with its PDFs until restored (ADR 031). */
  removePublication(actor: Actor, id: number): Promise<void> {
    return this.publicationBin.moveToBin(actor, id);
  }

  /** The publications' bin, most recently deleted first. */
  listPublicationBin(): Promise<AdminPage<AdminBinItem>> {
    return this.publicationBin.list();
  }

  /** Takes a publication out of the bin as it was, its PDFs at their addresses. */
  async restorePublication(actor: Actor, id: number): Promise<AdminTransparencyPublication> {
    await this.publicationBin.restore(actor, id);
    return this.getPublication(id);
  }

  /** Deletes binned publications for good, one (`id`) or all (null), their unused files too. */
  emptyPublicationBin(actor: Actor, id: number | null): Promise<void> {
    return this.publicationBin.empty(actor, id);
  }

  /** The publication's history from the audit log, newest first. */
  async publicationHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.getPublication(id);
    return historyOf(this.deps.db, 'transparency_publication', id);
  }

  /**
   * "Annulla questa modifica" (ADR 031): the values the entry replaced saved again as a new
   * audited edit, checked by the form's schema; the PDFs stay as they are now (a file taken away
   * is not brought back, a replaced one keeps its address, ADR 034).
   */
  async rollbackPublication(
    actor: Actor,
    id: number,
    auditId: number,
  ): Promise<AdminTransparencyPublication> {
    const current = await this.getPublication(id);
    const before = await versionBefore(this.deps.db, 'transparency_publication', id, auditId);
    const type =
      'tipo' in before
        ? (Object.entries(TRANSPARENCY_PUBLICATION_TYPES).find(
            ([, known]) => known.label === before.tipo,
          )?.[0] ?? String(before.tipo))
        : current.type;
    const restored = parseInput(AdminTransparencyPublicationInputSchema, {
      type,
      title: 'titolo' in before ? before.titolo : current.title,
      description: 'descrizione' in before ? before.descrizione : current.description,
      year: 'anno' in before ? before.anno : current.year,
      publishedOn: 'data' in before ? before.data : current.publishedOn,
      linkUrl: 'collegamento' in before ? before.collegamento : current.linkUrl,
      keptAttachmentIds: current.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    });
    return this.savePublication(actor, id, restored);
  }

  private async publications(ids: number[]): Promise<AdminTransparencyPublication[]> {
    const { db } = this.deps;
    const [rows, files] = await Promise.all([
      publicationsById(db, ids),
      attachmentsOf(db, 'transparency_publication', ids),
    ]);
    const live = rows.filter((row) => row.deleted_at === null);
    return inPageOrder(ids, live).map((row) => ({
      id: row.id,
      type: row.type as TransparencyPublicationType,
      title: row.title,
      description: row.description,
      year: row.year === null ? null : Number(row.year),
      publishedOn: row.published_on,
      linkUrl: row.link_url,
      attachments: files.get(row.id) ?? [],
      updatedAt: row.updated_at,
      version: row.version,
    }));
  }

  /** The publication as its audit entries show it; 404 when it does not exist. */
  private async publicationView(db: Kysely<Database>, id: number) {
    const row: PublicationRow = found((await publicationsById(db, [id]))[0]);
    const type = row.type as TransparencyPublicationType;
    return {
      tipo: TRANSPARENCY_PUBLICATION_TYPES[type]?.label ?? row.type,
      titolo: row.title,
      descrizione: row.description,
      anno: row.year === null ? null : Number(row.year),
      data: row.published_on,
      collegamento: row.link_url,
      allegati: await fileNames(db, 'transparency_publication', id),
      ...(row.deleted_at === null ? {} : { nelCestino: true }),
    };
  }

  // --- public contributions --------------------------------------------------------------------

  async listContributions(
    query: AdminContributionListQuery,
  ): Promise<AdminPage<AdminContribution>> {
    const page = await idPage(contributionsMatching(this.deps.db, query), query, {
      idColumn: 'id',
      sortColumns: {
        receivedOn: 'received_on',
        year: 'year',
        grantor: 'grantor_search',
        amount: 'amount_cents',
      },
      fallback: 'receivedOn',
    });
    const rows = await contributionsById(this.deps.db, page.ids);
    return { items: inPageOrder(page.ids, rows).map(contributionItem), total: page.total };
  }

  async getContribution(id: number): Promise<AdminContribution> {
    const row = found((await contributionsById(this.deps.db, [id]))[0]);
    // In the bin it has no form: restore it first (ADR 031).
    if (row.deleted_at !== null) throw new AppError('notFound');
    return contributionItem(row);
  }

  async saveContribution(
    actor: Actor,
    id: number | null,
    input: ContributionInput,
    version: number | null = null,
  ): Promise<AdminContribution> {
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const values = {
      year: input.year,
      grantor: input.grantor,
      grantor_search: searchText(input.grantor),
      amount_cents: input.amount,
      received_on: input.receivedOn,
      purpose: input.purpose,
    };
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      // First, so the row is this save's until it commits (ADR 041).
      if (id !== null) await takeNextVersion(trx, contributionVersions, id, version);
      const before = id === null ? null : await this.contributionView(trx, id);
      if (before?.nelCestino === true) throw new AppError('notFound');
      const rowId = id ?? (await insertContribution(trx, values, stamp));
      if (id !== null) await updateContribution(trx, id, values, stamp);
      const after = await this.contributionView(trx, rowId);
      const summary = `Contributo ${before === null ? 'registrato' : 'modificato'}: ${input.grantor} (${input.year})`;
      await writeAudit(
        trx,
        actor,
        saveEntry({ entity: 'public_contribution', entityId: rowId, summary }, before, after),
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return rowId;
    });
    return this.getContribution(savedId);
  }

  /** "Elimina": to the bin, off the page and its yearly totals until restored (ADR 031). */
  removeContribution(actor: Actor, id: number): Promise<void> {
    return this.contributionBin.moveToBin(actor, id);
  }

  listContributionBin(): Promise<AdminPage<AdminBinItem>> {
    return this.contributionBin.list();
  }

  async restoreContribution(actor: Actor, id: number): Promise<AdminContribution> {
    await this.contributionBin.restore(actor, id);
    return this.getContribution(id);
  }

  emptyContributionBin(actor: Actor, id: number | null): Promise<void> {
    return this.contributionBin.empty(actor, id);
  }

  async contributionHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.getContribution(id);
    return historyOf(this.deps.db, 'public_contribution', id);
  }

  /** "Annulla questa modifica" (ADR 031): the replaced values saved again, as a new edit. */
  async rollbackContribution(
    actor: Actor,
    id: number,
    auditId: number,
  ): Promise<AdminContribution> {
    const current = await this.getContribution(id);
    const before = await versionBefore(this.deps.db, 'public_contribution', id, auditId);
    const restored = parseInput(AdminContributionInputSchema, {
      year: 'anno' in before ? before.anno : current.year,
      grantor: 'ente' in before ? before.ente : current.grantor,
      amount: 'importo' in before ? before.importo : current.amount,
      receivedOn: 'data' in before ? before.data : current.receivedOn,
      purpose: 'causale' in before ? before.causale : current.purpose,
    });
    return this.saveContribution(actor, id, restored);
  }

  private async contributionView(db: Kysely<Database>, id: number) {
    const row: ContributionRow = found((await contributionsById(db, [id]))[0]);
    return {
      anno: row.year,
      ente: row.grantor,
      importo: euros(row.amount_cents),
      data: row.received_on,
      causale: row.purpose,
      ...(row.deleted_at === null ? {} : { nelCestino: true }),
    };
  }
}

function contributionItem(row: ContributionRow): AdminContribution {
  return {
    id: row.id,
    year: row.year,
    grantor: row.grantor,
    amount: euros(row.amount_cents),
    receivedOn: row.received_on,
    purpose: row.purpose,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** The dashboard's warnings of yearly publications due or late (ADR 023, 026), one per item. */
export const transparencyDashboardWork: PendingWorkProvider = async (db, now) =>
  (await transparencyPendingWork(db, now)).map((warning) => ({
    key: warning.key,
    label: warning.message,
    count: 1,
    href: adminListHref(
      warning.key.startsWith('contributi') ? 'contributi-pubblici' : 'trasparenza',
    ),
  }));
