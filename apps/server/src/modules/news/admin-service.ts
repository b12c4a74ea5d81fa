import type { AdminCategoryInputSchema, AdminNewsInputSchema } from '@sodalis/contracts';
import {
  ADMIN_MESSAGES,
  type AdminAttachment,
  type AdminCategory,
  type AdminNewsItem,
  type AdminNewsListQuery,
  type AdminPage,
  type NewsState,
  romeDate,
} from '@sodalis/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { type Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import { likeCondition } from '../listing/keyset.js';
import { changedFields, writeAudit, type Actor } from '../admin/audit.js';
import { attachmentsOf, checkedPdfs, replaceAttachments } from '../admin/uploads.js';

type NewsInput = z.output<typeof AdminNewsInputSchema>;

/** Sort fields the news list accepts, and their columns. */
const NEWS_SORTS: Record<string, 'published_on' | 'title_search' | 'updated_at' | 'id'> = {
  publishedOn: 'published_on',
  title: 'title_search',
  updatedAt: 'updated_at',
  id: 'id',
};

export interface NewsAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
}

/**
 * The secretariat's news editor (issue 10): list with search, filters and paging, create,
 * edit (including unpublishing), delete. Every change is one transaction with its audit entry
 * and the content version bump that empties the public answer cache (ADR 005).
 */
export class NewsAdminService {
  constructor(private readonly deps: NewsAdminDeps) {}

  private today(): string {
    return romeDate(this.deps.clock());
  }

  async list(query: AdminNewsListQuery): Promise<AdminPage<AdminNewsItem>> {
    const { db } = this.deps;
    const today = this.today();
    let builder = db.selectFrom('articles');
    const title = query.q?.trim() ?? '';
    if (title !== '') {
      const condition = likeCondition('title_search', containsPattern(title));
      if (condition !== null) builder = builder.where(condition);
    }
    if (query.state === 'non-pubblicata') builder = builder.where('published', '=', 0);
    if (query.state === 'pubblicata') {
      builder = builder.where('published', '=', 1).where('published_on', '<=', today);
    }
    if (query.state === 'programmata') {
      builder = builder.where('published', '=', 1).where('published_on', '>', today);
    }
    if (query.featured !== undefined) {
      builder = builder.where('featured', '=', query.featured === 'true' ? 1 : 0);
    }
    if (query.categoryId !== undefined) {
      const categoryId = query.categoryId;
      builder = builder.where((eb) =>
        eb.exists(
          eb
            .selectFrom('article_categories')
            .select(sql.lit(1).as('one'))
            .whereRef('article_categories.article_id', '=', 'articles.id')
            .where('article_categories.category_id', '=', categoryId),
        ),
      );
    }
    const column = NEWS_SORTS[query.sort ?? 'publishedOn'] ?? 'published_on';
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      builder
        .select('id')
        .orderBy(column, direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      builder
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { items: await this.items(rows.map((row) => row.id)), total: Number(count.total) };
  }

  async get(id: number): Promise<AdminNewsItem> {
    const [item] = await this.items([id]);
    if (item === undefined) throw new AppError('notFound');
    return item;
  }

  async create(actor: Actor, input: NewsInput): Promise<AdminNewsItem> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const id = await this.deps.db.transaction().execute(async (trx) => {
      await this.checkCategories(trx, input.categoryIds);
      const { id: articleId } = await trx
        .insertInto('articles')
        .values({
          ...this.columns(input),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.setCategories(trx, articleId, input.categoryIds);
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'article', id: articleId, area: 'News' },
        [],
        pdfs,
        now.toISOString(),
      );
      const after = await this.summary(trx, articleId);
      await writeAudit(
        trx,
        actor,
        {
          action: 'crea',
          entity: 'news',
          entityId: articleId,
          summary: `Notizia creata: ${input.title}`,
          after,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return articleId;
    });
    await this.afterCommit();
    return this.get(id);
  }

  async update(actor: Actor, id: number, input: NewsInput): Promise<AdminNewsItem> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.summary(trx, id);
      await this.checkCategories(trx, input.categoryIds);
      await trx
        .updateTable('articles')
        .set({ ...this.columns(input), updated_at: now.toISOString() })
        .where('id', '=', id)
        .execute();
      await this.setCategories(trx, id, input.categoryIds);
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'article', id, area: 'News' },
        input.keptAttachmentIds,
        pdfs,
        now.toISOString(),
      );
      const after = await this.summary(trx, id);
      const changes = changedFields(before, after);
      const unpublished = before.pubblicata === true && after.pubblicata === false;
      await writeAudit(
        trx,
        actor,
        {
          action: unpublished ? 'ritira' : 'modifica',
          entity: 'news',
          entityId: id,
          summary: `${unpublished ? 'Notizia ritirata' : 'Notizia modificata'}: ${input.title}`,
          ...changes,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
    await this.afterCommit();
    return this.get(id);
  }

  async remove(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.summary(trx, id);
      await trx
        .deleteFrom('attachments')
        .where('owner_kind', '=', 'article')
        .where('owner_id', '=', id)
        .execute();
      await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
      await trx.deleteFrom('articles').where('id', '=', id).execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'news',
          entityId: id,
          summary: `Notizia eliminata: ${String(before.titolo)}`,
          before,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
    await this.afterCommit();
  }

  async listCategories(): Promise<AdminPage<AdminCategory>> {
    const items = await this.deps.db
      .selectFrom('categories')
      .select(['id', 'title'])
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return { items, total: items.length };
  }

  async createCategory(
    actor: Actor,
    input: z.output<typeof AdminCategoryInputSchema>,
  ): Promise<AdminCategory> {
    return this.saveCategory(actor, null, input.title);
  }

  async renameCategory(
    actor: Actor,
    id: number,
    input: z.output<typeof AdminCategoryInputSchema>,
  ): Promise<AdminCategory> {
    return this.saveCategory(actor, id, input.title);
  }

  private async saveCategory(
    actor: Actor,
    id: number | null,
    title: string,
  ): Promise<AdminCategory> {
    const now = this.deps.clock();
    const key = searchText(title);
    const saved = await this.deps.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('categories')
        .select('id')
        .where('title_search', '=', key)
        .executeTakeFirst();
      if (clash !== undefined && clash.id !== id) {
        throw new AppError('invalidRequest', [
          { path: 'title', message: 'Esiste già una categoria con questo nome.' },
        ]);
      }
      if (id === null) {
        const last = await trx
          .selectFrom('categories')
          .select((eb) => eb.fn.max('sort_order').as('last'))
          .executeTakeFirst();
        const { id: newId } = await trx
          .insertInto('categories')
          .values({ title, title_search: key, sort_order: Number(last?.last ?? 0) + 1 })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(
          trx,
          actor,
          {
            action: 'crea',
            entity: 'category',
            entityId: newId,
            summary: `Categoria creata: ${title}`,
            after: { titolo: title },
          },
          now,
        );
        return { id: newId, title };
      }
      const before = await trx
        .selectFrom('categories')
        .select('title')
        .where('id', '=', id)
        .executeTakeFirst();
      if (before === undefined) throw new AppError('notFound');
      await trx
        .updateTable('categories')
        .set({ title, title_search: key })
        .where('id', '=', id)
        .execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica',
          entity: 'category',
          entityId: id,
          summary: `Categoria rinominata: ${before.title} → ${title}`,
          before: { titolo: before.title },
          after: { titolo: title },
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return { id, title };
    });
    await this.afterCommit();
    return saved;
  }

  /**
   * The bump inside the transaction makes every instance drop its answers once the change
   * commits; this one after the commit also drops an answer this instance may have computed
   * from the old rows while the transaction was open, so the change shows here at once.
   */
  private async afterCommit(): Promise<void> {
    await this.deps.contentCache.contentChanged();
  }

  private columns(input: NewsInput) {
    return {
      title: input.title,
      title_search: searchText(input.title),
      subtitle_html: sanitizeRichText(input.subtitleHtml),
      published_on: input.publishedOn,
      featured: input.featured ? 1 : 0,
      published: input.published ? 1 : 0,
      source_name: input.sourceName,
      source_url: input.sourceUrl,
    };
  }

  private async checkCategories(trx: Transaction<Database>, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await trx.selectFrom('categories').select('id').where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) {
      throw new AppError('invalidRequest', [
        { path: 'categoryIds', message: ADMIN_MESSAGES.category },
      ]);
    }
  }

  private async setCategories(
    trx: Transaction<Database>,
    articleId: number,
    ids: number[],
  ): Promise<void> {
    await trx.deleteFrom('article_categories').where('article_id', '=', articleId).execute();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return;
    await trx
      .insertInto('article_categories')
      .values(
        unique.map((categoryId, position) => ({
          article_id: articleId,
          category_id: categoryId,
          position,
        })),
      )
      .execute();
  }

  /** What the audit log keeps of a news item (Italian field names, as the secretariat reads them). */
  private async summary(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
    const row = await db.selectFrom('articles').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    const [categories, attachments] = await Promise.all([
      db
        .selectFrom('article_categories')
        .innerJoin('categories', 'categories.id', 'article_categories.category_id')
        .select('categories.title')
        .where('article_id', '=', id)
        .orderBy('position')
        .execute(),
      db
        .selectFrom('attachments')
        .select('file_name')
        .where('owner_kind', '=', 'article')
        .where('owner_id', '=', id)
        .orderBy('position')
        .execute(),
    ]);
    return {
      titolo: row.title,
      sottotitolo: row.subtitle_html,
      dataPubblicazione: row.published_on,
      inEvidenza: row.featured === 1,
      pubblicata: row.published === 1,
      fonte: row.source_name,
      indirizzoFonte: row.source_url,
      categorie: categories.map((category) => category.title),
      allegati: attachments.map((attachment) => attachment.file_name),
    };
  }

  private async items(ids: number[]): Promise<AdminNewsItem[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const today = this.today();
    const [rows, categories, attachments] = await Promise.all([
      db.selectFrom('articles').selectAll().where('id', 'in', ids).execute(),
      db
        .selectFrom('article_categories')
        .select(['article_id', 'category_id'])
        .where('article_id', 'in', ids)
        .orderBy('position')
        .execute(),
      attachmentsOf(db, 'article', ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined) return [];
      const state: NewsState =
        row.published === 0
          ? 'non-pubblicata'
          : row.published_on > today
            ? 'programmata'
            : 'pubblicata';
      const files: AdminAttachment[] = attachments.get(id) ?? [];
      return [
        {
          id: row.id,
          title: row.title,
          subtitleHtml: row.subtitle_html,
          publishedOn: row.published_on,
          featured: row.featured === 1,
          published: row.published === 1,
          state,
          sourceName: row.source_name,
          sourceUrl: row.source_url,
          categoryIds: categories
            .filter((category) => category.article_id === id)
            .map((category) => category.category_id),
          attachments: files,
          updatedAt: row.updated_at,
        },
      ];
    });
  }
}
