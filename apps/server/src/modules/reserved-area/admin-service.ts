import {
  type AdminAssembly,
  type AdminAssemblyInputSchema,
  type AdminAttachment,
  type AdminPage,
  type AdminRecommendation,
  type AdminRecommendationInputSchema,
  type AdminReservedListQuery,
} from '@sodalis/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import type { Actor } from '../admin/audit.js';
import {
  audienceLabel,
  found,
  inIdOrder,
  removeAudited,
  reservedIdPage,
  saveAudited,
} from './reserved-records.js';
import { attachmentsOf, checkedPdfs, fileNames, replaceAttachments } from '../admin/uploads.js';

type RecommendationInput = z.output<typeof AdminRecommendationInputSchema>;
type AssemblyInput = z.output<typeof AdminAssemblyInputSchema>;

const RECOMMENDATION_SORTS: Record<string, string> = {
  publishedOn: 'recommendations.published_on',
  title: 'recommendations.title_search',
  id: 'recommendations.id',
};
const ASSEMBLY_SORTS: Record<string, string> = {
  heldOn: 'assemblies.held_on',
  title: 'assemblies.title_search',
  id: 'assemblies.id',
};

export interface ReservedAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
}

/**
 * The reserved area's recommendations and assemblies in the back office (issue 10): lists with
 * search and filters (audience, published, territory), create, edit, delete, PDFs. The shared
 * rules (filters, audited save and delete) are `reserved-records.ts`'s. Reserved answers are
 * never cached (ADR 011), so a change shows to members at once without a cache bump.
 */
export class ReservedAdminService {
  constructor(private readonly deps: ReservedAdminDeps) {}

  // --- recommendations ----------------------------------------------------------------------

  async listRecommendations(
    query: AdminReservedListQuery,
  ): Promise<AdminPage<AdminRecommendation>> {
    const page = await reservedIdPage(this.deps.db, 'recommendations', query, {
      dateColumn: 'recommendations.published_on',
      sortColumns: RECOMMENDATION_SORTS,
      fallback: 'publishedOn',
    });
    return { items: await this.recommendations(page.ids), total: page.total };
  }

  async getRecommendation(id: number): Promise<AdminRecommendation> {
    return found((await this.recommendations([id]))[0]);
  }

  async saveRecommendation(
    actor: Actor,
    id: number | null,
    input: RecommendationInput,
  ): Promise<AdminRecommendation> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const savedId = await saveAudited(this.deps.db, this.deps.clock, actor, {
      table: 'recommendations',
      id,
      entity: 'recommendation',
      values: {
        title: input.title,
        title_search: searchText(input.title),
        published_on: input.publishedOn,
        source_name: input.sourceName,
        source_url: input.sourceUrl,
        audience: input.audience,
        published: input.published ? 1 : 0,
      },
      view: (trx, rowId) => this.recommendationView(trx, rowId),
      alsoWrite: (trx, rowId, now) =>
        replaceAttachments(
          trx,
          this.deps.files,
          { kind: 'recommendation', id: rowId, area: 'Raccomandazioni' },
          input.keptAttachmentIds,
          pdfs,
          now,
        ),
      summary: (created) => `Raccomandazione ${created ? 'creata' : 'modificata'}: ${input.title}`,
    });
    return this.getRecommendation(savedId);
  }

  async removeRecommendation(actor: Actor, id: number): Promise<void> {
    await removeAudited(this.deps.db, this.deps.clock, actor, {
      table: 'recommendations',
      id,
      entity: 'recommendation',
      attachmentKind: 'recommendation',
      view: (trx, rowId) => this.recommendationView(trx, rowId),
      summary: 'Raccomandazione eliminata',
    });
  }

  // --- assemblies ----------------------------------------------------------------------------

  async listAssemblies(query: AdminReservedListQuery): Promise<AdminPage<AdminAssembly>> {
    const page = await reservedIdPage(this.deps.db, 'assemblies', query, {
      dateColumn: 'assemblies.held_on',
      sortColumns: ASSEMBLY_SORTS,
      fallback: 'heldOn',
      extra: [
        query.territory === undefined
          ? undefined
          : sql<SqlBool>`${sql.ref('assemblies.territory')} = ${query.territory}`,
      ],
    });
    return { items: await this.assemblies(page.ids), total: page.total };
  }

  async getAssembly(id: number): Promise<AdminAssembly> {
    return found((await this.assemblies([id]))[0]);
  }

  async saveAssembly(
    actor: Actor,
    id: number | null,
    input: AssemblyInput,
  ): Promise<AdminAssembly> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const savedId = await saveAudited(this.deps.db, this.deps.clock, actor, {
      table: 'assemblies',
      id,
      entity: 'assembly',
      values: {
        title: input.title,
        title_search: searchText(input.title),
        held_on: input.heldOn,
        place: input.place ?? '',
        territory: input.territory,
        section: input.section,
        audience: input.audience,
        published: input.published ? 1 : 0,
      },
      view: (trx, rowId) => this.assemblyView(trx, rowId),
      alsoWrite: (trx, rowId, now) =>
        replaceAttachments(
          trx,
          this.deps.files,
          { kind: 'assembly', id: rowId, area: 'Assemblee' },
          input.keptAttachmentIds,
          pdfs,
          now,
        ),
      summary: (created) => `Assemblea ${created ? 'creata' : 'modificata'}: ${input.title}`,
    });
    return this.getAssembly(savedId);
  }

  async removeAssembly(actor: Actor, id: number): Promise<void> {
    await removeAudited(this.deps.db, this.deps.clock, actor, {
      table: 'assemblies',
      id,
      entity: 'assembly',
      attachmentKind: 'assembly',
      view: (trx, rowId) => this.assemblyView(trx, rowId),
      summary: 'Assemblea eliminata',
    });
  }

  // --- shared --------------------------------------------------------------------------------

  private async recommendations(ids: number[]): Promise<AdminRecommendation[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('recommendations')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    const files = await attachmentsOf(this.deps.db, 'recommendation', ids);
    return inIdOrder(ids, rows).map((row) => this.toRecommendation(row, files.get(row.id) ?? []));
  }

  private async assemblies(ids: number[]): Promise<AdminAssembly[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('assemblies')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    const files = await attachmentsOf(this.deps.db, 'assembly', ids);
    return inIdOrder(ids, rows).map((row) => this.toAssembly(row, files.get(row.id) ?? []));
  }

  private async recommendationView(
    db: Kysely<Database>,
    id: number,
  ): Promise<Record<string, unknown>> {
    const row = found(
      await db.selectFrom('recommendations').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return {
      titolo: row.title,
      dataPubblicazione: row.published_on,
      fonte: row.source_name,
      indirizzoFonte: row.source_url,
      pubblico: audienceLabel(row.audience),
      pubblicata: row.published === 1,
      allegati: await fileNames(db, 'recommendation', id),
    };
  }

  private async assemblyView(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
    const row = found(
      await db.selectFrom('assemblies').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return {
      titolo: row.title,
      data: row.held_on,
      luogo: row.place,
      territorio: row.territory,
      sezione: row.section,
      pubblico: audienceLabel(row.audience),
      pubblicata: row.published === 1,
      allegati: await fileNames(db, 'assembly', id),
    };
  }

  private toRecommendation(
    row: {
      id: number;
      title: string;
      published_on: string;
      source_name: string | null;
      source_url: string | null;
      audience: string;
      published: number;
      updated_at: string;
    },
    attachments: AdminAttachment[],
  ): AdminRecommendation {
    return {
      id: row.id,
      title: row.title,
      publishedOn: row.published_on,
      sourceName: row.source_name,
      sourceUrl: row.source_url,
      audience: row.audience as AdminRecommendation['audience'],
      published: row.published === 1,
      attachments,
      updatedAt: row.updated_at,
    };
  }

  private toAssembly(
    row: {
      id: number;
      title: string;
      held_on: string;
      place: string;
      territory: AdminAssembly['territory'];
      section: string | null;
      audience: string;
      published: number;
      updated_at: string;
    },
    attachments: AdminAttachment[],
  ): AdminAssembly {
    return {
      id: row.id,
      title: row.title,
      heldOn: row.held_on,
      place: row.place,
      territory: row.territory,
      section: row.section as AdminAssembly['section'],
      audience: row.audience as AdminAssembly['audience'],
      published: row.published === 1,
      attachments,
      updatedAt: row.updated_at,
    };
  }
}
