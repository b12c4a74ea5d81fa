import {
  RESERVED_AUDIENCES,
  type AdminAssembly,
  type AdminAssemblyInputSchema,
  type AdminAttachment,
  type AdminPage,
  type AdminRecommendation,
  type AdminRecommendationInputSchema,
  type AdminReservedListQuery,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import { likeCondition } from '../listing/keyset.js';
import { changedFields, writeAudit, type Actor } from './audit.js';
import { checkedPdfs, replaceAttachments } from './uploads.js';

type RecommendationInput = z.output<typeof AdminRecommendationInputSchema>;
type AssemblyInput = z.output<typeof AdminAssemblyInputSchema>;

const RECOMMENDATION_SORTS = {
  publishedOn: 'published_on',
  title: 'title_search',
  id: 'id',
} as const;
const ASSEMBLY_SORTS = { heldOn: 'held_on', title: 'title_search', id: 'id' } as const;

function audienceLabel(audience: string): string {
  return RESERVED_AUDIENCES[audience as keyof typeof RESERVED_AUDIENCES] ?? audience;
}

export interface ReservedAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
}

/**
 * The reserved area's recommendations and assemblies in the back office (issue 10): lists with
 * search and filters (audience, published, territory), create, edit, delete, PDFs. Reserved
 * answers are never cached (ADR 011), so a change shows to members at once without a cache bump.
 */
export class ReservedAdminService {
  constructor(private readonly deps: ReservedAdminDeps) {}

  // --- recommendations ----------------------------------------------------------------------

  async listRecommendations(
    query: AdminReservedListQuery,
  ): Promise<AdminPage<AdminRecommendation>> {
    let builder = this.deps.db.selectFrom('recommendations');
    const condition = likeCondition(
      'title_search',
      query.q?.trim() ? containsPattern(query.q) : null,
    );
    if (condition !== null) builder = builder.where(condition);
    if (query.audience !== undefined) builder = builder.where('audience', '=', query.audience);
    if (query.published !== undefined)
      builder = builder.where('published', '=', query.published === 'true' ? 1 : 0);
    const column =
      RECOMMENDATION_SORTS[(query.sort ?? 'publishedOn') as keyof typeof RECOMMENDATION_SORTS] ??
      'published_on';
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      builder
        .selectAll()
        .orderBy(column, direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      builder
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const files = await this.attachments(
      this.deps.db,
      'recommendation',
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => this.toRecommendation(row, files.get(row.id) ?? [])),
      total: Number(count.total),
    };
  }

  async getRecommendation(id: number): Promise<AdminRecommendation> {
    const row = await this.deps.db
      .selectFrom('recommendations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return this.toRecommendation(
      row,
      (await this.attachments(this.deps.db, 'recommendation', [id])).get(id) ?? [],
    );
  }

  async saveRecommendation(
    actor: Actor,
    id: number | null,
    input: RecommendationInput,
  ): Promise<AdminRecommendation> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const values = {
      title: input.title,
      title_search: searchText(input.title),
      published_on: input.publishedOn,
      source_name: input.sourceName,
      source_url: input.sourceUrl,
      audience: input.audience,
      published: input.published ? 1 : 0,
      updated_at: now.toISOString(),
    };
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const before = id === null ? null : await this.recommendationView(trx, id);
      let rowId: number;
      if (id === null) {
        ({ id: rowId } = await trx
          .insertInto('recommendations')
          .values({ ...values, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        rowId = id;
        await trx.updateTable('recommendations').set(values).where('id', '=', id).execute();
      }
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'recommendation', id: rowId, area: 'Raccomandazioni' },
        input.keptAttachmentIds,
        pdfs,
        now.toISOString(),
      );
      const after = await this.recommendationView(trx, rowId);
      await writeAudit(
        trx,
        actor,
        {
          action: before === null ? 'crea' : 'modifica',
          entity: 'recommendation',
          entityId: rowId,
          summary: `Raccomandazione ${before === null ? 'creata' : 'modificata'}: ${input.title}`,
          ...(before === null ? { after } : changedFields(before, after)),
        },
        now,
      );
      return rowId;
    });
    return this.getRecommendation(savedId);
  }

  async removeRecommendation(actor: Actor, id: number): Promise<void> {
    await this.remove(
      actor,
      id,
      'recommendation',
      'recommendations',
      (trx) => this.recommendationView(trx, id),
      'Raccomandazione eliminata',
    );
  }

  // --- assemblies ----------------------------------------------------------------------------

  async listAssemblies(query: AdminReservedListQuery): Promise<AdminPage<AdminAssembly>> {
    let builder = this.deps.db.selectFrom('assemblies');
    const condition = likeCondition(
      'title_search',
      query.q?.trim() ? containsPattern(query.q) : null,
    );
    if (condition !== null) builder = builder.where(condition);
    if (query.audience !== undefined) builder = builder.where('audience', '=', query.audience);
    if (query.published !== undefined)
      builder = builder.where('published', '=', query.published === 'true' ? 1 : 0);
    if (query.territory !== undefined) builder = builder.where('territory', '=', query.territory);
    const column =
      ASSEMBLY_SORTS[(query.sort ?? 'heldOn') as keyof typeof ASSEMBLY_SORTS] ?? 'held_on';
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      builder
        .selectAll()
        .orderBy(column, direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      builder
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const files = await this.attachments(
      this.deps.db,
      'assembly',
      rows.map((row) => row.id),
    );
    return {
      items: rows.map((row) => this.toAssembly(row, files.get(row.id) ?? [])),
      total: Number(count.total),
    };
  }

  async getAssembly(id: number): Promise<AdminAssembly> {
    const row = await this.deps.db
      .selectFrom('assemblies')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return this.toAssembly(
      row,
      (await this.attachments(this.deps.db, 'assembly', [id])).get(id) ?? [],
    );
  }

  async saveAssembly(
    actor: Actor,
    id: number | null,
    input: AssemblyInput,
  ): Promise<AdminAssembly> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const values = {
      title: input.title,
      title_search: searchText(input.title),
      held_on: input.heldOn,
      place: input.place ?? '',
      territory: input.territory,
      section: input.section,
      audience: input.audience,
      published: input.published ? 1 : 0,
      updated_at: now.toISOString(),
    };
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const before = id === null ? null : await this.assemblyView(trx, id);
      let rowId: number;
      if (id === null) {
        ({ id: rowId } = await trx
          .insertInto('assemblies')
          .values({ ...values, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        rowId = id;
        await trx.updateTable('assemblies').set(values).where('id', '=', id).execute();
      }
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'assembly', id: rowId, area: 'Assemblee' },
        input.keptAttachmentIds,
        pdfs,
        now.toISOString(),
      );
      const after = await this.assemblyView(trx, rowId);
      await writeAudit(
        trx,
        actor,
        {
          action: before === null ? 'crea' : 'modifica',
          entity: 'assembly',
          entityId: rowId,
          summary: `Assemblea ${before === null ? 'creata' : 'modificata'}: ${input.title}`,
          ...(before === null ? { after } : changedFields(before, after)),
        },
        now,
      );
      return rowId;
    });
    return this.getAssembly(savedId);
  }

  async removeAssembly(actor: Actor, id: number): Promise<void> {
    await this.remove(
      actor,
      id,
      'assembly',
      'assemblies',
      (trx) => this.assemblyView(trx, id),
      'Assemblea eliminata',
    );
  }

  // --- shared --------------------------------------------------------------------------------

  private async remove(
    actor: Actor,
    id: number,
    kind: 'recommendation' | 'assembly',
    table: 'recommendations' | 'assemblies',
    view: (trx: Transaction<Database>) => Promise<Record<string, unknown>>,
    summary: string,
  ): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await view(trx);
      await trx
        .deleteFrom('attachments')
        .where('owner_kind', '=', kind)
        .where('owner_id', '=', id)
        .execute();
      await trx.deleteFrom(table).where('id', '=', id).execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: kind,
          entityId: id,
          summary: `${summary}: ${String(before.titolo)}`,
          before,
        },
        now,
      );
    });
  }

  private async recommendationView(
    db: Kysely<Database>,
    id: number,
  ): Promise<Record<string, unknown>> {
    const row = await db
      .selectFrom('recommendations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return {
      titolo: row.title,
      dataPubblicazione: row.published_on,
      fonte: row.source_name,
      indirizzoFonte: row.source_url,
      pubblico: audienceLabel(row.audience),
      pubblicata: row.published === 1,
      allegati: await this.fileNames(db, 'recommendation', id),
    };
  }

  private async assemblyView(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
    const row = await db
      .selectFrom('assemblies')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return {
      titolo: row.title,
      data: row.held_on,
      luogo: row.place,
      territorio: row.territory,
      sezione: row.section,
      pubblico: audienceLabel(row.audience),
      pubblicata: row.published === 1,
      allegati: await this.fileNames(db, 'assembly', id),
    };
  }

  private async fileNames(
    db: Kysely<Database>,
    kind: AttachmentOwnerKind,
    id: number,
  ): Promise<string[]> {
    const rows = await db
      .selectFrom('attachments')
      .select('file_name')
      .where('owner_kind', '=', kind)
      .where('owner_id', '=', id)
      .orderBy('position')
      .execute();
    return rows.map((row) => row.file_name);
  }

  private async attachments(
    db: Kysely<Database>,
    kind: AttachmentOwnerKind,
    ids: number[],
  ): Promise<Map<number, AdminAttachment[]>> {
    const grouped = new Map<number, AdminAttachment[]>();
    if (ids.length === 0) return grouped;
    const rows = await db
      .selectFrom('attachments')
      .innerJoin('files', 'files.sha256', 'attachments.file_sha256')
      .select([
        'attachments.id',
        'attachments.owner_id',
        'attachments.file_name',
        'attachments.server_relative_url',
        'files.size_bytes',
      ])
      .where('attachments.owner_kind', '=', kind)
      .where('attachments.owner_id', 'in', ids)
      .orderBy('attachments.position')
      .orderBy('attachments.id')
      .execute();
    for (const row of rows) {
      const list = grouped.get(row.owner_id) ?? [];
      list.push({
        id: row.id,
        fileName: row.file_name,
        serverRelativeUrl: row.server_relative_url,
        sizeBytes: row.size_bytes,
      });
      grouped.set(row.owner_id, list);
    }
    return grouped;
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
