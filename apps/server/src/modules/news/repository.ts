import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { likeCondition } from '../listing/keyset.js';

export interface ArticleRow {
  id: number;
  title: string;
  subtitle_html: string;
  published_on: string;
  featured: number;
  source_url: string | null;
  source_name: string | null;
}

export interface ArticleQuery {
  /** Only articles published on or before this date (later ones are scheduled). */
  visibleOn: string;
  featuredOnly: boolean;
  titlePattern: string | null;
  categoryKeys: string[];
  conditions: RawBuilder<SqlBool>[];
  order: { ref: RawBuilder<unknown>; direction: 'asc' | 'desc' }[];
  limit: number;
}

export async function listCategories(db: Kysely<Database>) {
  return db
    .selectFrom('categories')
    .select(['id', 'title'])
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export async function findArticles(
  db: Kysely<Database>,
  query: ArticleQuery,
): Promise<ArticleRow[]> {
  let builder = db
    .selectFrom('articles')
    .select([
      'articles.id',
      'articles.title',
      'articles.subtitle_html',
      'articles.published_on',
      'articles.featured',
      'articles.source_url',
      'articles.source_name',
    ])
    .where('articles.published', '=', 1)
    .where('articles.published_on', '<=', query.visibleOn);
  if (query.featuredOnly) builder = builder.where('articles.featured', '=', 1);
  const title = likeCondition('articles.title_search', query.titlePattern);
  if (title !== null) builder = builder.where(title);
  if (query.categoryKeys.length > 0) {
    builder = builder.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_categories')
          .innerJoin('categories', 'categories.id', 'article_categories.category_id')
          .select(sql.lit(1).as('one'))
          .whereRef('article_categories.article_id', '=', 'articles.id')
          .where('categories.title_search', 'in', query.categoryKeys),
      ),
    );
  }
  for (const condition of query.conditions) builder = builder.where(condition);
  for (const term of query.order) builder = builder.orderBy(term.ref, term.direction);
  return builder.limit(query.limit).execute();
}

export async function categoriesOfArticles(db: Kysely<Database>, articleIds: number[]) {
  if (articleIds.length === 0) return [];
  return db
    .selectFrom('article_categories')
    .innerJoin('categories', 'categories.id', 'article_categories.category_id')
    .select(['article_categories.article_id', 'categories.title'])
    .where('article_categories.article_id', 'in', articleIds)
    .orderBy('article_categories.article_id')
    .orderBy('article_categories.position')
    .orderBy('categories.sort_order')
    .execute();
}

export async function findVisibleArticleId(db: Kysely<Database>, id: number, visibleOn: string) {
  const row = await db
    .selectFrom('articles')
    .select('id')
    .where('id', '=', id)
    .where('published', '=', 1)
    .where('published_on', '<=', visibleOn)
    .executeTakeFirst();
  return row?.id ?? null;
}
