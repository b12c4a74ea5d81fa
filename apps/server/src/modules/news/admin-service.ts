import type { AdminCategoryInputSchema, AdminNewsInputSchema } from '@sodalis/contracts';
import {
  adminListHref,
  ADMIN_MESSAGES,
  type AdminCategory,
  type AdminNewsItem,
  type AdminNewsListQuery,
  type AdminPage,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminBulk,
  type Article,
  type NewsState,
  romeDate,
  romeInstant,
  romeTime,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { toCsv } from '../../text/csv.js';
import { type Clock } from '../../text/dates.js';
import { coverOf, type NewsService } from './service.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import type { SearchIndexer } from '../search/indexer.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { bulkInOneTransaction, RecordBin, versionBefore } from '../admin/undo.js';
import { takeNextVersion } from '../admin/versions.js';
import { countOf, idPage } from '../listing/id-page.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import {
  coverLabel,
  saveCover,
  storedCover,
  type CoverRows,
  type StoredImage,
} from '../admin/covers.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';
import {
  categoriesOfArticles,
  countCategories,
  articleBinQueries,
  articleVersions,
  coverFilesOf,
  coversOf,
  deleteArticle,
  deleteCover,
  writeCover,
  writeCoverAlt,
  filteredArticles,
  findArticleRows,
  findCategory,
  findCategoryBySearchKey,
  categoryBinQueries,
  countArticlesOfCategory,
  deleteCategory,
  insertCategory,
  listCategories,
  listCategoriesWithVersions,
  categoryVersions,
  renameCategory,
  replaceArticleCategories,
  writeArticle,
  type ArticleValues,
} from './repository.js';

type NewsInput = z.output<typeof AdminNewsInputSchema>;
type CategoryInput = z.output<typeof AdminCategoryInputSchema>;
type CheckedPdfs = Awaited<ReturnType<typeof checkedPdfs>>;

/** Sort fields the news list accepts, and their columns. */
const NEWS_SORTS = {
  publishedOn: 'articles.published_on',
  title: 'articles.title_search',
  updatedAt: 'articles.updated_at',
  id: 'articles.id',
};

export interface NewsAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
  searchIndex: SearchIndexer;
  /** The public side's reads, for the staff preview of any item as its page shows it. */
  publicNews: NewsService;
  /**
   * Of these hashes, those no image of the site uses, covers and the pages' share image alike
   * (ADR 034): the content domain answers, as it owns the share image; supplied at composition
   * so that news does not import content, which reads news (ADR 044).
   */
  unusedImageFiles: (db: Kysely<Database>, hashes: string[]) => Promise<string[]>;
}

/** The news covers' queries, for the covers' one rule (ADR 034). */
const NEWS_COVER_ROWS: CoverRows = {
  read: async (trx, id) => (await coversOf(trx, [id])).get(id),
  write: (trx, id, values) => writeCover(trx, { article_id: id, ...values }),
  writeAlt: (trx, id, alt, now) => writeCoverAlt(trx, id, alt, now),
  remove: (trx, id) => deleteCover(trx, id),
};

/**
 * The secretariat's news editor (ADR 013): list with search, filters and paging, create,
 * edit (including unpublishing), delete. Every change is one transaction with its audit entry
 * and the content version bump that empties the public answer cache (ADR 005).
 */
export class NewsAdminService {
  private readonly bin: RecordBin;
  /** The categories' bin (ADR 031): only a category no news item has may go there. */
  private readonly categoryBin: RecordBin;

  constructor(private readonly deps: NewsAdminDeps) {
    const { searchIndex, contentCache } = deps;
    this.bin = new RecordBin(deps, {
      entity: 'news',
      words: {
        binned: 'Notizia spostata nel cestino',
        restored: 'Notizia ripristinata dal cestino',
        deleted: 'Notizia eliminata definitivamente',
      },
      view: newsView,
      titleOf: (view) => String(view.titolo),
      bin: articleBinQueries,
      deleteForGood: deleteArticle,
      filesOf: coverFilesOf,
      dropUnusedFiles: (hashes) => this.dropUnusedCoverFiles(hashes),
      // In the bin it is no longer on the site, so no longer found by the search (ADR 023, 025).
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'article', id);
        else await searchIndex.recordRemoved(trx, 'article', id);
        await contentCache.contentChanged(trx);
      },
      afterCommit: () => this.afterCommit(),
    });
    this.categoryBin = new RecordBin(deps, {
      entity: 'category',
      words: {
        binned: 'Categoria spostata nel cestino',
        restored: 'Categoria ripristinata dal cestino',
        deleted: 'Categoria eliminata definitivamente',
      },
      view: categoryView,
      titleOf: (view) => String(view.titolo),
      bin: categoryBinQueries,
      mayBin: async (trx, id) => {
        const count = await countArticlesOfCategory(trx, id);
        if (count > 0) {
          throw new AppError('invalidRequest', [
            {
              path: 'id',
              message: `La categoria è usata da ${count === 1 ? 'una notizia' : `${count} notizie`} (anche nel cestino): toglila da ${count === 1 ? 'quella notizia' : 'quelle notizie'} prima di eliminarla.`,
            },
          ]);
        }
      },
      deleteForGood: deleteCategory,
      // The menus, the news filters and the category feeds are public, cached answers (ADR 005).
      changed: (trx) => contentCache.contentChanged(trx),
      afterCommit: () => this.afterCommit(),
    });
  }

  private today(): string {
    return romeDate(this.deps.clock());
  }

  async list(query: AdminNewsListQuery): Promise<AdminPage<AdminNewsItem>> {
    const title = query.q?.trim() ?? '';
    const filtered = filteredArticles(this.deps.db, {
      titlePattern: title === '' ? null : containsPattern(title),
      state: query.state,
      today: this.today(),
      now: this.deps.clock().toISOString(),
      featured: query.featured === undefined ? undefined : query.featured === 'true',
      categoryId: query.categoryId,
    });
    const page = await idPage(filtered, query, {
      idColumn: 'articles.id',
      sortColumns: NEWS_SORTS,
      fallback: 'publishedOn',
    });
    return { items: await this.items(page.ids), total: page.total };
  }

  async get(id: number): Promise<AdminNewsItem> {
    const [item] = await this.items([id]);
    if (item === undefined) throw new AppError('notFound');
    return item;
  }

  /**
   * Any item as its public page will show it, drafts and scheduled ones too (ADR 023): only
   * through this staff route, answered no-store, never through the public caches.
   */
  preview(id: number): Promise<Article> {
    return this.deps.publicNews.previewArticle(id);
  }

  /** "Elimina" moves the item to the bin (ADR 023): off the site and the list, restorable. */
  remove(actor: Actor, id: number): Promise<void> {
    return this.bin.moveToBin(actor, id);
  }

  /**
   * A bulk action of the list (ADR 023), with the same rules and audit entries as the form:
   * "Pubblica" as its button (a date to come becomes today), "Ritira" as "Salva bozza",
   * "Elimina" to the bin. All the items or none (ADR 031): one transaction, unknown or binned
   * ids named in the error.
   */
  async bulk(actor: Actor, { ids, action }: AdminBulk): Promise<void> {
    if (action === 'elimina') await this.bin.purgeExpired();
    const now = this.deps.clock();
    const today = this.today();
    await bulkInOneTransaction(
      this.deps.db,
      ids,
      async (trx, chosen) =>
        new Set(
          (await findArticleRows(trx, chosen))
            .filter((row) => row.deleted_at === null)
            .map((row) => row.id),
        ),
      async (trx, id) => {
        if (action === 'elimina') return this.bin.binIn(trx, actor, id, now);
        const [item] = await this.items([id], trx);
        if (item === undefined) throw new AppError('notFound');
        await this.saveIn(
          trx,
          actor,
          id,
          {
            title: item.title,
            subtitleHtml: item.subtitleHtml,
            publishedOn:
              action === 'pubblica' && item.publishedOn > today ? today : item.publishedOn,
            featured: item.featured,
            published: action === 'pubblica',
            publishTime: action === 'pubblica' ? null : item.publishTime,
            sourceName: item.sourceName,
            sourceUrl: item.sourceUrl,
            internalNote: item.internalNote,
            categoryIds: item.categoryIds,
            keptAttachmentIds: item.attachments.map((attachment) => attachment.id),
            newAttachments: [],
          },
          [],
          null,
          now,
          null,
        );
      },
    );
    await this.afterCommit();
  }

  /**
   * "Esporta selezionati" (ADR 023): the chosen items as CSV, in the order chosen, with their
   * state and categories in words. Recorded like every other export.
   */
  async exportSelected(actor: Actor, ids: readonly number[]): Promise<string> {
    const items: AdminNewsItem[] = [];
    for (const id of new Set(ids)) items.push(await this.get(id));
    const categoryNames = new Map(
      (await this.listCategories()).items.map((category) => [category.id, category.title]),
    );
    await writeAudit(
      this.deps.db,
      actor,
      {
        action: 'esporta',
        entity: 'news',
        entityId: null,
        summary: `Esportate ${items.length} notizie selezionate`,
      },
      this.deps.clock(),
    );
    return toCsv([
      ['titolo', 'data di pubblicazione', 'stato', 'in evidenza', 'categorie'],
      ...items.map((item) => [
        item.title,
        item.publishedOn,
        item.state,
        item.featured ? 'sì' : 'no',
        item.categoryIds.map((id) => categoryNames.get(id) ?? '').join('; '),
      ]),
    ]);
  }

  /** The item's history from the audit log, newest first (ADR 023). */
  async history(id: number): Promise<AdminAuditEntry[]> {
    await this.get(id);
    return historyOf(this.deps.db, 'news', id);
  }

  /**
   * Undoes one change of the item's history (ADR 023): the values the entry had before are
   * saved again over the current ones, as a new audited edit. Files taken away are not brought
   * back (the log keeps their names, not their bytes); a text the log had to cut is refused.
   */
  async rollback(actor: Actor, id: number, auditId: number): Promise<AdminNewsItem> {
    const before = await versionBefore(this.deps.db, 'news', id, auditId);
    const current = await this.get(id);
    const categories = await listCategories(this.deps.db);
    const text = (field: string, fallback: string | null) =>
      field in before ? ((before[field] as string | null) ?? null) : fallback;
    await this.save(actor, id, {
      title: text('titolo', current.title) ?? current.title,
      subtitleHtml: text('sottotitolo', current.subtitleHtml) ?? '',
      publishedOn: text('dataPubblicazione', current.publishedOn) ?? current.publishedOn,
      publishTime: text('oraPubblicazione', current.publishTime),
      featured: 'inEvidenza' in before ? before.inEvidenza === true : current.featured,
      published: 'pubblicata' in before ? before.pubblicata === true : current.published,
      sourceName: text('fonte', current.sourceName),
      sourceUrl: text('indirizzoFonte', current.sourceUrl),
      internalNote: text('noteInterne', current.internalNote),
      categoryIds: Array.isArray(before.categorie)
        ? categories
            .filter((category) => (before.categorie as unknown[]).includes(category.title))
            .map((category) => category.id)
        : current.categoryIds,
      keptAttachmentIds: current.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    });
    return this.get(id);
  }

  /** The bin, most recently deleted first, after dropping what has been there too long. */
  listBin(): Promise<AdminPage<AdminBinItem>> {
    return this.bin.list();
  }

  /** Takes an item out of the bin, as it was (published again if it was published). */
  async restore(actor: Actor, id: number): Promise<AdminNewsItem> {
    await this.bin.restore(actor, id);
    return this.get(id);
  }

  /** Deletes binned items for good: one (`id`) or the whole bin (null). */
  emptyBin(actor: Actor, id: number | null): Promise<void> {
    return this.bin.empty(actor, id);
  }

  /** Deletes for good what has been in the bins BIN_DAYS days (news, categories); how many went. */
  async purgeExpired(): Promise<number> {
    return (await this.bin.purgeExpired()) + (await this.categoryBin.purgeExpired());
  }

  /**
   * Deletes, after the commit, the files of covers replaced, removed or deleted with their item
   * (ADR 034) that no cover uses any more: the audit log keeps the text, never the image, and a
   * rollback does not bring files back. A file the pages' share image also uses stays.
   */
  private async dropUnusedCoverFiles(hashes: string[]): Promise<void> {
    for (const hash of await this.deps.unusedImageFiles(this.deps.db, hashes)) {
      await this.deps.files.remove(hash);
    }
  }

  /** The cover of a save (ADR 034), by the covers' one rule (`saveCover`). */
  private saveCover(
    trx: Transaction<Database>,
    articleId: number,
    input: NewsInput,
    added: { share: StoredImage; page: StoredImage } | null,
    now: string,
  ): Promise<string[]> {
    return saveCover(trx, NEWS_COVER_ROWS, articleId, input, added, now);
  }

  async listCategories(): Promise<AdminPage<AdminCategory>> {
    const items = await listCategoriesWithVersions(this.deps.db);
    return { items, total: items.length };
  }

  /** One category for its form; 404 when missing or in the bin. */
  async getCategory(id: number): Promise<AdminCategory> {
    const row = await findCategory(this.deps.db, id);
    if (row === undefined || row.deleted_at !== null) throw new AppError('notFound');
    return { id: row.id, title: row.title, version: row.version };
  }

  /**
   * "Elimina" moves a category to the bin (ADR 031): off the menus, the filters and the staff
   * list, restorable. Refused while any news item, in the bin or not, has it: a news item never
   * shows a category in the bin.
   */
  removeCategory(actor: Actor, id: number): Promise<void> {
    return this.categoryBin.moveToBin(actor, id);
  }

  /** The categories' bin, most recently deleted first. */
  listCategoryBin(): Promise<AdminPage<AdminBinItem>> {
    return this.categoryBin.list();
  }

  /** Takes a category out of the bin, back in the menus as it was. */
  async restoreCategory(actor: Actor, id: number): Promise<AdminCategory> {
    await this.categoryBin.restore(actor, id);
    return this.getCategory(id);
  }

  /** Deletes binned categories for good: one (`id`) or the whole bin (null). */
  emptyCategoryBin(actor: Actor, id: number | null): Promise<void> {
    return this.categoryBin.empty(actor, id);
  }

  /** The category's history from the audit log, newest first (ADR 031). */
  async categoryHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.getCategory(id);
    return historyOf(this.deps.db, 'category', id);
  }

  /** "Annulla questa modifica": the name the entry replaced, given again as a new audited edit. */
  async rollbackCategory(actor: Actor, id: number, auditId: number): Promise<AdminCategory> {
    const current = await this.getCategory(id);
    const before = await versionBefore(this.deps.db, 'category', id, auditId);
    return this.saveCategory(actor, id, 'titolo' in before ? String(before.titolo) : current.title);
  }

  createCategory(actor: Actor, input: CategoryInput): Promise<AdminCategory> {
    return this.saveCategory(actor, null, input.title);
  }

  renameCategory(
    actor: Actor,
    id: number,
    input: CategoryInput,
    version: number | null = null,
  ): Promise<AdminCategory> {
    return this.saveCategory(actor, id, input.title, version);
  }

  /**
   * Creates (id null) or edits a news item: its row, categories and attachments, the audit
   * entry (`ritira` when the edit takes it off the site) and the cache bump, in one transaction.
   * An edit read at `version` is refused when the item has moved on since (ADR 041).
   */
  async save(
    actor: Actor,
    id: number | null,
    input: NewsInput,
    version: number | null = null,
  ): Promise<AdminNewsItem> {
    const pdfs = await checkedPdfs(input.newAttachments, 'newAttachments');
    // Checked and resized before the transaction opens, as the board's photos (ADR 016, 034).
    const cover = input.newCover
      ? await storedCover(this.deps.files, input.newCover.content)
      : null;
    const now = this.deps.clock();
    let unusedFiles: string[] = [];
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const saved = await this.saveIn(trx, actor, id, input, pdfs, cover, now, version);
      unusedFiles = saved.unusedFiles;
      return saved.articleId;
    });
    await this.afterCommit();
    await this.dropUnusedCoverFiles(unusedFiles);
    return this.get(savedId);
  }

  /** The save inside the caller's transaction (the form's own, or a bulk action's). */
  private async saveIn(
    trx: Transaction<Database>,
    actor: Actor,
    id: number | null,
    input: NewsInput,
    pdfs: CheckedPdfs,
    cover: { share: StoredImage; page: StoredImage } | null,
    now: Date,
    version: number | null,
  ): Promise<{ articleId: number; unusedFiles: string[] }> {
    // First, so the row is this save's until it commits (ADR 041).
    if (id !== null) await takeNextVersion(trx, articleVersions, id, version);
    const before = id === null ? null : await newsView(trx, id);
    await checkCategories(trx, input.categoryIds);
    const articleId = await writeArticle(trx, id, articleValues(input), now.toISOString());
    await replaceArticleCategories(trx, articleId, input.categoryIds);
    await replaceAttachments(
      trx,
      this.deps.files,
      { kind: 'article', id: articleId, area: 'News' },
      id === null ? [] : input.keptAttachmentIds,
      pdfs,
      now.toISOString(),
    );
    const unusedFiles = await this.saveCover(trx, articleId, input, cover, now.toISOString());
    await this.deps.searchIndex.recordChanged(trx, 'article', articleId);
    const after = await newsView(trx, articleId);
    const unpublished = before?.pubblicata === true && after.pubblicata === false;
    const done = before === null ? 'creata' : unpublished ? 'ritirata' : 'modificata';
    const entry = saveEntry(
      { entity: 'news', entityId: articleId, summary: `Notizia ${done}: ${input.title}` },
      before,
      after,
    );
    await writeAudit(trx, actor, unpublished ? { ...entry, action: 'ritira' } : entry, now);
    await this.deps.contentCache.contentChanged(trx);
    return { articleId, unusedFiles };
  }

  private async saveCategory(
    actor: Actor,
    id: number | null,
    title: string,
    version: number | null = null,
  ): Promise<AdminCategory> {
    const now = this.deps.clock();
    const key = searchText(title);
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      if (id !== null) await takeNextVersion(trx, categoryVersions, id, version);
      const clash = await findCategoryBySearchKey(trx, key);
      if (clash !== undefined && clash.id !== id) {
        throw new AppError('invalidRequest', [
          {
            path: 'title',
            message:
              clash.deleted_at === null
                ? 'Esiste già una categoria con questo nome.'
                : 'Esiste già una categoria con questo nome nel cestino: ripristinala dal cestino.',
          },
        ]);
      }
      if (id === null) {
        const newId = await insertCategory(trx, title, key);
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
        return newId;
      }
      const row = await findCategory(trx, id);
      if (row === undefined || row.deleted_at !== null) throw new AppError('notFound');
      const before = row.title;
      await renameCategory(trx, id, title, key);
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica',
          entity: 'category',
          entityId: id,
          summary: `Categoria rinominata: ${before} → ${title}`,
          before: { titolo: before },
          after: { titolo: title },
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return id;
    });
    await this.afterCommit();
    return this.getCategory(savedId);
  }

  /**
   * The bump inside the transaction makes every instance drop its answers once the change
   * commits; this one after the commit also drops an answer this instance may have computed
   * from the old rows while the transaction was open, so the change shows here at once.
   */
  private async afterCommit(): Promise<void> {
    await this.deps.contentCache.contentChanged();
  }

  private async items(
    ids: number[],
    db: Kysely<Database> = this.deps.db,
  ): Promise<AdminNewsItem[]> {
    if (ids.length === 0) return [];
    const today = this.today();
    const now = this.deps.clock().toISOString();
    const [rows, categories, attachments, covers] = await Promise.all([
      findArticleRows(db, ids),
      categoriesOfArticles(db, ids),
      attachmentsOf(db, 'article', ids),
      coversOf(db, ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      // An item in the bin is read only through the bin (its form answers 404, ADR 023).
      if (row === undefined || row.deleted_at !== null) return [];
      const state = newsState(row, today, now);
      return [
        {
          id: row.id,
          title: row.title,
          subtitleHtml: row.subtitle_html,
          publishedOn: row.published_on,
          featured: row.featured === 1,
          published: row.published === 1,
          state,
          publishTime: row.publish_at === null ? null : romeTime(new Date(row.publish_at)),
          publishAt: row.publish_at,
          sourceName: row.source_name,
          sourceUrl: row.source_url,
          internalNote: row.internal_note,
          categoryIds: categories
            .filter((category) => category.article_id === id)
            .map((category) => category.category_id),
          attachments: attachments.get(id) ?? [],
          cover: coverOf(covers, id),
          coverAlt: covers.get(id)?.alt ?? null,
          updatedAt: row.updated_at,
          version: row.version,
        },
      ];
    });
  }
}

/** The dashboard's count (ADR 023): news scheduled to go public later. */
export const newsPendingWork: PendingWorkProvider = async (db, now) => [
  {
    key: 'notizie-programmate',
    label: 'Notizie programmate',
    count: await countOf(
      filteredArticles(db, {
        titlePattern: null,
        state: 'programmata',
        today: romeDate(now),
        now: now.toISOString(),
        featured: undefined,
        categoryId: undefined,
      }),
    ),
    href: adminListHref('news', { state: 'programmata' }),
  },
];

/** Where a news item stands for the staff list: off the site, scheduled or on it. */
function newsState(
  row: { published: number; published_on: string; publish_at: string | null },
  today: string,
  now: string,
): NewsState {
  if (row.published === 0) return 'non-pubblicata';
  const scheduled = row.published_on > today || (row.publish_at !== null && row.publish_at > now);
  return scheduled ? 'programmata' : 'pubblicata';
}

function articleValues(input: NewsInput): ArticleValues {
  return {
    title: input.title,
    title_search: searchText(input.title),
    subtitle_html: sanitizeRichText(input.subtitleHtml),
    published_on: input.publishedOn,
    featured: input.featured ? 1 : 0,
    published: input.published ? 1 : 0,
    publish_at:
      input.publishTime === null
        ? null
        : romeInstant(input.publishedOn, input.publishTime).toISOString(),
    source_name: input.sourceName,
    source_url: input.sourceUrl,
    internal_note: input.internalNote,
  };
}

/** Every chosen category must exist (a 400 on the field, not a foreign-key error). */
async function checkCategories(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  if ((await countCategories(trx, ids)) !== new Set(ids).size) {
    throw new AppError('invalidRequest', [
      { path: 'categoryIds', message: ADMIN_MESSAGES.category },
    ]);
  }
}

/** What the audit log keeps of a news item (Italian field names, as the secretariat reads them). */
async function newsView(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const [row] = await findArticleRows(db, [id]);
  if (row === undefined) throw new AppError('notFound');
  const [categories, attachments, covers] = await Promise.all([
    categoriesOfArticles(db, [id]),
    fileNames(db, 'article', id),
    coversOf(db, [id]),
  ]);
  return {
    titolo: row.title,
    sottotitolo: row.subtitle_html,
    dataPubblicazione: row.published_on,
    oraPubblicazione: row.publish_at === null ? null : romeTime(new Date(row.publish_at)),
    inEvidenza: row.featured === 1,
    pubblicata: row.published === 1,
    fonte: row.source_name,
    indirizzoFonte: row.source_url,
    noteInterne: row.internal_note,
    ...(row.deleted_at === null ? {} : { nelCestino: true }),
    categorie: categories.map((category) => category.title),
    allegati: attachments,
    // The cover by its text and file (ADR 034); a rollback leaves the cover as it is.
    copertina: coverLabel(covers.get(id)),
  };
}

/** What the audit log keeps of a category, with `nelCestino: true` when binned; 404 when missing. */
async function categoryView(db: Kysely<Database>, id: number): Promise<Record<string, unknown>> {
  const row = await findCategory(db, id);
  if (row === undefined) throw new AppError('notFound');
  return { titolo: row.title, ...(row.deleted_at === null ? {} : { nelCestino: true }) };
}
