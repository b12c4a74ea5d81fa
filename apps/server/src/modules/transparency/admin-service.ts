import {
  adminListHref,
  TRANSPARENCY_PUBLICATION_TYPES,
  type AdminContributionInputSchema,
  type AdminTransparencyPublicationInputSchema,
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
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';
import { idPage, inPageOrder } from '../listing/id-page.js';
import {
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
 * answers (page, feeds, sitemap) emptied from the content cache (ADR 005).
 */
export class TransparencyAdminService {
  constructor(private readonly deps: TransparencyAdminDeps) {}

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
      const before = id === null ? null : await this.publicationView(trx, id);
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

  async removePublication(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.publicationView(trx, id);
      await this.deps.searchIndex.recordRemoved(trx, 'transparency_publication', id);
      await deletePublication(trx, id);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'transparency_publication',
          entityId: id,
          summary: `Pubblicazione eliminata: ${String(before.titolo)}`,
          before,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
  }

  private async publications(ids: number[]): Promise<AdminTransparencyPublication[]> {
    const { db } = this.deps;
    const [rows, files] = await Promise.all([
      publicationsById(db, ids),
      attachmentsOf(db, 'transparency_publication', ids),
    ]);
    return inPageOrder(ids, rows).map((row) => ({
      id: row.id,
      type: row.type as TransparencyPublicationType,
      title: row.title,
      description: row.description,
      year: row.year === null ? null : Number(row.year),
      publishedOn: row.published_on,
      linkUrl: row.link_url,
      attachments: files.get(row.id) ?? [],
      updatedAt: row.updated_at,
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
    return contributionItem(found((await contributionsById(this.deps.db, [id]))[0]));
  }

  async saveContribution(
    actor: Actor,
    id: number | null,
    input: ContributionInput,
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
      const before = id === null ? null : await this.contributionView(trx, id);
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

  async removeContribution(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.contributionView(trx, id);
      await deleteContribution(trx, id);
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'public_contribution',
          entityId: id,
          summary: `Contributo eliminato: ${String(before.ente)} (${String(before.anno)})`,
          before,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
  }

  private async contributionView(db: Kysely<Database>, id: number) {
    const row: ContributionRow = found((await contributionsById(db, [id]))[0]);
    return {
      anno: row.year,
      ente: row.grantor,
      importo: euros(row.amount_cents),
      data: row.received_on,
      causale: row.purpose,
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
