import type { NewsState } from '@sodalis/contracts';
import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { ArticlesTable, Database, NewsCoversTable } from '../../db/schema.js';
import { deleteAttachmentsOf } from '../attachments/repository.js';
import { runShape, type ValueOf } from '../../db/query-shapes.js';
import {
  dateFilterConditionOf,
  keysetConditionOf,
  likeCondition,
  type DateFilterBounds,
  type KeysetPosition,
  type ListOrder,
} from '../listing/keyset.js';
import { binQueries } from '../listing/bin-queries.js';
import { versionQueries } from '../listing/version-queries.js';

export interface ArticleRow {
  id: number;
  title: string;
  title_search: string;
  subtitle_html: string;
  published_on: string;
  featured: number;
  source_url: string | null;
  source_name: string | null;
}

export interface ArticleQuery {
  /** Only articles published on or before this date (later ones are scheduled). */
  visibleOn: string;
  /** …and whose scheduled moment, if any, is at or before this instant (ISO, ADR 023). */
  visibleAt: string;
  featuredOnly: boolean;
  categoryKeys: string[];
  /** Only this article (its page). */
  articleId?: number;
  /** The list's date filter (spec §3 `years[]`, `months[]`), if any. */
  dates: DateFilterBounds | null;
  /** The list's text filter (the site search's index, ADR 025), if any. */
  text: RawBuilder<SqlBool> | null;
  /** The order and where the page starts; null for one article. */
  order: ListOrder | null;
  position: KeysetPosition | null;
  limit: number;
}

/** The scheduled moment has come, or there is none (the date alone decides). */
function timeReached(now: string) {
  return sql<SqlBool>`(articles.publish_at is null or articles.publish_at <= ${now})`;
}

/** The categories of the menus, filters and staff list: those in the bin left out (ADR 031). */
/** The categories not in the bin, in the menus' order. */
function liveCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .where('deleted_at', 'is', null)
    .orderBy('sort_order')
    .orderBy('id');
}

export async function listCategories(db: Kysely<Database>) {
  return liveCategories(db).select(['id', 'title']).execute();
}

/** The staff's list: each category with its version (ADR 041). */
export async function listCategoriesWithVersions(db: Kysely<Database>) {
  return liveCategories(db).select(['id', 'title', 'version']).execute();
}

/** A category's versions (ADR 041). */
export const categoryVersions = versionQueries('categories');

/** Where an article lies in the list's orders: its id and the values it is sorted by. */
export interface ArticlePlace {
  id: number;
  published_on: string;
  title_search: string;
}

/** The values of a visible-articles query, by name (ADR 038: the SQL is compiled per shape). */
function visibleArticleValues(query: ArticleQuery) {
  const { position, dates } = query;
  return {
    visibleOn: query.visibleOn,
    visibleAt: query.visibleAt,
    articleId: query.articleId ?? 0,
    categoryKeys: query.categoryKeys,
    positionId: position?.id ?? 0,
    positionValues: position?.sortValues ?? [],
    dateBounds: dates === null ? [] : 'months' in dates ? dates.months : dates.ranges,
  };
}

/**
 * The shape of a visible-articles query: the filters set, the order and (added by `runShape`)
 * the lengths of the lists; null for a text filter, whose SQL varies with the words typed.
 */
function visibleArticlesShape(columns: string, query: ArticleQuery): string | null {
  if (query.text !== null) return null;
  const { order, position, dates } = query;
  return [
    columns,
    query.featuredOnly,
    query.articleId !== undefined,
    order === null ? '' : `${order.keys.map((key) => key.column).join()}:${order.ascending}`,
    position === null ? '' : position.sortValues === null ? 'id' : 'position',
    dates === null ? '' : 'months' in dates ? 'months' : 'ranges',
    // Written into the SQL text on SQLite, not bound (LimitLiteralPlugin).
    query.limit,
  ].join('|');
}

/** The visible articles of `query`, in its order, without their columns (the callers choose). */
function visibleArticlesQuery(
  db: Kysely<Database>,
  query: ArticleQuery,
  value: ValueOf<ReturnType<typeof visibleArticleValues>>,
) {
  const { order, position, dates } = query;
  let builder = db
    .selectFrom('articles')
    .where('articles.published', '=', 1)
    .where('articles.published_on', '<=', value('visibleOn'))
    .where(timeReached(value('visibleAt')))
    .where('articles.deleted_at', 'is', null);
  if (query.articleId !== undefined) {
    builder = builder.where('articles.id', '=', value('articleId'));
  }
  if (query.featuredOnly) builder = builder.where('articles.featured', '=', 1);
  if (query.categoryKeys.length > 0) {
    builder = builder.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_categories')
          .innerJoin('categories', 'categories.id', 'article_categories.category_id')
          .select(sql.lit(1).as('one'))
          .whereRef('article_categories.article_id', '=', 'articles.id')
          .where('categories.title_search', 'in', value('categoryKeys')),
      ),
    );
  }
  // Where the page starts, then the list's filters, as the plans were checked (ADR 020).
  if (order !== null && position !== null) {
    builder = builder.where(
      keysetConditionOf(order, {
        id: value('positionId'),
        sortValues: position.sortValues === null ? null : value('positionValues'),
      }),
    );
  }
  if (dates !== null) {
    const bounds = value('dateBounds');
    builder = builder.where(
      dateFilterConditionOf(
        'articles.published_on',
        'months' in dates ? { months: bounds } : { ranges: bounds },
      ),
    );
  }
  if (query.text !== null) builder = builder.where(query.text);
  if (order !== null) {
    const direction = order.ascending ? 'asc' : 'desc';
    for (const key of order.keys) builder = builder.orderBy(sql.ref(key.column), direction);
    builder = builder.orderBy(sql.ref(order.idColumn), direction);
  }
  return builder.limit(query.limit);
}

/** The visible articles a list or a page shows, with every column an item shows. */
export async function findArticles(
  db: Kysely<Database>,
  query: ArticleQuery,
): Promise<ArticleRow[]> {
  return runShape(
    db,
    visibleArticlesShape('articles', query),
    visibleArticleValues(query),
    (value) =>
      visibleArticlesQuery(db, query, value).select([
        'articles.id',
        'articles.title',
        'articles.title_search',
        'articles.subtitle_html',
        'articles.published_on',
        'articles.featured',
        'articles.source_url',
        'articles.source_name',
      ]),
  );
}

/**
 * Where the visible articles of a list lie, without what the items show: a list's page takes
 * its items from those kept with the answers, and reads the others by id (ADR 038).
 */
export async function findArticlePlaces(
  db: Kysely<Database>,
  query: ArticleQuery,
): Promise<ArticlePlace[]> {
  return runShape(
    db,
    visibleArticlesShape('article places', query),
    visibleArticleValues(query),
    (value) =>
      visibleArticlesQuery(db, query, value).select([
        'articles.id',
        'articles.published_on',
        'articles.title_search',
      ]),
  );
}

/** The categories of articles, each article's in its order (position 0 is the displayed one). */
export async function categoriesOfArticles(db: Kysely<Database>, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  // Compiled once per number of ids (ADR 038).
  return runShape(db, 'categories of articles', { articleIds }, (value) =>
    db
      .selectFrom('article_categories')
      .innerJoin('categories', 'categories.id', 'article_categories.category_id')
      .select([
        'article_categories.article_id',
        'article_categories.category_id',
        'categories.title',
      ])
      .where('article_categories.article_id', 'in', value('articleIds'))
      .orderBy('article_categories.article_id')
      .orderBy('article_categories.position')
      .orderBy('categories.sort_order'),
  );
}

export async function findVisibleArticleId(
  db: Kysely<Database>,
  id: number,
  visibleOn: string,
  visibleAt: string,
) {
  const row = await db
    .selectFrom('articles')
    .select('id')
    .where('id', '=', id)
    .where('published', '=', 1)
    .where('published_on', '<=', visibleOn)
    .where(timeReached(visibleAt))
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** How many articles reach their scheduled moment in (`after`, `until`] (ISO instants). */
export async function countArticlesGoingPublic(
  db: Kysely<Database>,
  after: string,
  until: string,
): Promise<number> {
  const row = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<string | number>().as('due'))
    .where('published', '=', 1)
    .where('publish_at', '>', after)
    .where('publish_at', '<=', until)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.due ?? 0);
}

// ---------------------------------------------------------------------------------------------
// The secretariat's editor (ADR 013): every article, whatever its state

/** What the staff list filters by; `today` (Rome) and `now` tell published from scheduled. */
export interface StaffNewsFilter {
  titlePattern: string | null;
  state: NewsState | undefined;
  today: string;
  now: string;
  featured: boolean | undefined;
  categoryId: number | undefined;
}

/** The articles the staff list shows, unpaged and unsorted (`idPage` pages them). */
export function filteredArticles(db: Kysely<Database>, filter: StaffNewsFilter) {
  let builder = db.selectFrom('articles').where('articles.deleted_at', 'is', null);
  const title = likeCondition('articles.title_search', filter.titlePattern);
  if (title !== null) builder = builder.where(title);
  if (filter.state === 'non-pubblicata') builder = builder.where('articles.published', '=', 0);
  if (filter.state === 'pubblicata') {
    builder = builder
      .where('articles.published', '=', 1)
      .where('articles.published_on', '<=', filter.today)
      .where(timeReached(filter.now));
  }
  if (filter.state === 'programmata') {
    builder = builder
      .where('articles.published', '=', 1)
      .where(
        sql<SqlBool>`(articles.published_on > ${filter.today} or articles.publish_at > ${filter.now})`,
      );
  }
  if (filter.featured !== undefined) {
    builder = builder.where('articles.featured', '=', filter.featured ? 1 : 0);
  }
  const { categoryId } = filter;
  if (categoryId !== undefined) {
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
  return builder;
}

export async function findArticleRows(
  db: Kysely<Database>,
  ids: number[],
): Promise<Selectable<ArticlesTable>[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('articles').selectAll().where('id', 'in', ids).execute();
}

/** An article's columns as the editor writes them. */
export type ArticleValues = Omit<Insertable<ArticlesTable>, 'id' | 'created_at' | 'updated_at'>;

/** Inserts (id null) or updates an article; answers its id. `now` is the change's timestamp. */
export async function writeArticle(
  trx: Transaction<Database>,
  id: number | null,
  values: ArticleValues,
  now: string,
): Promise<number> {
  if (id === null) {
    const inserted = await trx
      .insertInto('articles')
      .values({ ...values, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }
  await trx
    .updateTable('articles')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
  return id;
}

/** The articles' bin (ADR 023). */
export const articleBinQueries = binQueries('articles', 'title');

/** The articles' versions (ADR 041): a save over a newer one is refused. */
export const articleVersions = versionQueries('articles');

/** Deletes an article with its category links and attachment rows (the blobs stay, shared). */
export async function deleteArticle(trx: Transaction<Database>, id: number): Promise<void> {
  await deleteAttachmentsOf(trx, 'article', [id]);
  await trx.deleteFrom('article_categories').where('article_id', '=', id).execute();
  await trx.deleteFrom('articles').where('id', '=', id).execute();
}

/** How many of these category ids exist outside the bin. */
export async function countCategories(
  trx: Transaction<Database>,
  categoryIds: number[],
): Promise<number> {
  if (categoryIds.length === 0) return 0;
  const found = await trx
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', categoryIds)
    .where('deleted_at', 'is', null)
    .execute();
  return found.length;
}

/** An article's categories become `categoryIds`, in that order (duplicates dropped). */
export async function replaceArticleCategories(
  trx: Transaction<Database>,
  articleId: number,
  categoryIds: number[],
): Promise<void> {
  await trx.deleteFrom('article_categories').where('article_id', '=', articleId).execute();
  const unique = [...new Set(categoryIds)];
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

/**
 * The category whose name reads as `titleSearch` (names are unique that way, the bin's
 * included), if any.
 */
export async function findCategoryBySearchKey(
  trx: Transaction<Database>,
  titleSearch: string,
): Promise<{ id: number; deleted_at: string | null } | undefined> {
  return trx
    .selectFrom('categories')
    .select(['id', 'deleted_at'])
    .where('title_search', '=', titleSearch)
    .executeTakeFirst();
}

/** A category, in the bin or not. */
export async function findCategory(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'title', 'deleted_at', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many news items, in the bin or not, have this category. */
export async function countArticlesOfCategory(
  db: Kysely<Database>,
  categoryId: number,
): Promise<number> {
  const row = await db
    .selectFrom('article_categories')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('category_id', '=', categoryId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The categories' bin (ADR 031). */
export const categoryBinQueries = binQueries('categories', 'title');

/** Deletes a category (the bin holds only categories no news item has, ADR 031). */
export async function deleteCategory(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('article_categories').where('category_id', '=', id).execute();
  await trx.deleteFrom('categories').where('id', '=', id).execute();
}

/** Adds a category after the others (the menu's order); answers its id. */
export async function insertCategory(
  trx: Transaction<Database>,
  title: string,
  titleSearch: string,
): Promise<number> {
  const last = await trx
    .selectFrom('categories')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  const inserted = await trx
    .insertInto('categories')
    .values({ title, title_search: titleSearch, sort_order: Number(last?.last ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function renameCategory(
  trx: Transaction<Database>,
  id: number,
  title: string,
  titleSearch: string,
): Promise<void> {
  await trx
    .updateTable('categories')
    .set({ title, title_search: titleSearch })
    .where('id', '=', id)
    .execute();
}

/** Every article's id, for rebuilding the site search's index (ADR 025). */
export async function allArticleIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await db.selectFrom('articles').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Covers (ADR 034)

/** The covers of some articles, by article id. */
export async function coversOf(
  db: Kysely<Database>,
  articleIds: number[],
): Promise<Map<number, Selectable<NewsCoversTable>>> {
  if (articleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('news_covers')
    .selectAll()
    .where('article_id', 'in', articleIds)
    .execute();
  return new Map(rows.map((row) => [row.article_id, row]));
}

/** Sets an article's cover (a new one replaces the old). */
export async function writeCover(
  trx: Transaction<Database>,
  values: Insertable<NewsCoversTable>,
): Promise<void> {
  const { article_id: _articleId, ...changes } = values;
  await trx
    .insertInto('news_covers')
    .values(values)
    .onConflict((conflict) => conflict.column('article_id').doUpdateSet(changes))
    .execute();
}

/** Changes only the text alternative of an article's cover. */
export async function writeCoverAlt(
  trx: Transaction<Database>,
  articleId: number,
  alt: string,
  now: string,
): Promise<void> {
  await trx
    .updateTable('news_covers')
    .set({ alt, updated_at: now })
    .where('article_id', '=', articleId)
    .execute();
}

export async function deleteCover(trx: Transaction<Database>, articleId: number): Promise<void> {
  await trx.deleteFrom('news_covers').where('article_id', '=', articleId).execute();
}

/** The file hashes of some articles' covers (both sizes). */
export async function coverFilesOf(db: Kysely<Database>, articleIds: number[]): Promise<string[]> {
  const covers = await coversOf(db, articleIds);
  return [...covers.values()].flatMap((row) => [row.share_sha256, row.page_sha256]);
}

/** Of these hashes, those no cover refers to any more (their files can go). */
export async function unusedCoverFiles(db: Kysely<Database>, hashes: string[]): Promise<string[]> {
  if (hashes.length === 0) return [];
  const rows = await db
    .selectFrom('news_covers')
    .select(['share_sha256', 'page_sha256'])
    .where((eb) => eb.or([eb('share_sha256', 'in', hashes), eb('page_sha256', 'in', hashes)]))
    .execute();
  const used = new Set(rows.flatMap((row) => [row.share_sha256, row.page_sha256]));
  return [...new Set(hashes)].filter((hash) => !used.has(hash));
}

/**
 * Whether a hash is a file of the cover of an article not in the bin, and which size: what
 * the image address serves (drafts too, for the staff preview: the hash is not guessable).
 */
export async function coverFileKind(
  db: Kysely<Database>,
  sha256: string,
): Promise<'share' | 'page' | null> {
  const row = await db
    .selectFrom('news_covers')
    .innerJoin('articles', 'articles.id', 'news_covers.article_id')
    .select(['news_covers.share_sha256'])
    .where((eb) =>
      eb.or([
        eb('news_covers.share_sha256', '=', sha256),
        eb('news_covers.page_sha256', '=', sha256),
      ]),
    )
    .where('articles.deleted_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return null;
  return row.share_sha256 === sha256 ? 'share' : 'page';
}
