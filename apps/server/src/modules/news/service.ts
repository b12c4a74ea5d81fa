import {
  DEFAULT_FILE_NAME,
  PAGE_SIZE,
  type Article,
  type ArticleCategory,
  type FileContent,
  type ListFilter,
  type NewsCover,
  type PagedList,
  romeDate,
} from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { SharedParts } from '../../cache/content-cache.js';
import type { DatabaseEngine } from '../../db/database.js';
import type { Database, NewsCoversTable } from '../../db/schema.js';
import { coverAnswer, coverFile, coverFileName } from '../../http/cover-files.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { type Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { searchText } from '../../text/search-text.js';
import { attachmentRefs, attachmentsByOwner } from '../attachments/repository.js';
import {
  chooseOrder,
  dateFilterBounds,
  descendingStartOf,
  keysetPage,
  type ListOrder,
  type SortKey,
} from '../listing/keyset.js';
import {
  categoriesOfArticles,
  countArticlesGoingPublic,
  coverFileKind,
  coversOf,
  findArticlePlaces,
  findArticleRows,
  findArticles,
  findVisibleArticleId,
  listCategories,
  type ArticleRow,
} from './repository.js';
import { indexedTextFilter } from '../search/list-filter.js';

/** Orders GetArticoli accepts in `orderByFields` (spec §9: news by publication date). */
const ARTICLE_ORDERS: Record<string, SortKey[]> = {
  Datapubblicazione: [
    { field: 'Datapubblicazione', column: 'articles.published_on', type: 'date' },
  ],
  Title: [{ field: 'Title', column: 'articles.title_search', type: 'text' }],
  ID: [],
};

/** Key of a category in the `categorie` map: a slug, never integer-like, so map order holds. */
export function categoryKey(title: string): string {
  const slug = searchText(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return /^\d*$/.test(slug) ? `categoria-${slug}` : slug;
}

/** Where a cover's file is served (ADR 034): by its hash, so an address never changes content. */
export function newsCoverPath(sha256: string, kind: 'share' | 'page'): string {
  return `${NEWS_COVER_BASE}/${coverFileName(sha256, kind)}`;
}

const NEWS_COVER_BASE = '/api/v1/SharepointContent/NewsCover';

/** A stored cover as the answers carry it. */
export function newsCover(row: Selectable<NewsCoversTable>): NewsCover {
  return coverAnswer(row, NEWS_COVER_BASE);
}

/** An article's cover from the covers read for a page of articles, or null. */
export function coverOf(
  covers: Map<number, Selectable<NewsCoversTable>>,
  articleId: number,
): NewsCover | null {
  const row = covers.get(articleId);
  return row === undefined ? null : newsCover(row);
}

export interface NewsServiceDeps {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  /** The public items as answers show them, kept with the public answers (ADR 038). */
  articleParts: SharedParts<Article>;
}

/** News: categories, the article list with its filters and paging, and news files (spec §7). */
export class NewsService {
  constructor(private readonly deps: NewsServiceDeps) {}

  async listCategories(): Promise<ArticleCategory[]> {
    return listCategories(this.deps.db);
  }

  async listArticles(filter: ListFilter): Promise<PagedList<Article>> {
    const order: ListOrder = {
      keys: chooseOrder(filter.orderByFields, ARTICLE_ORDERS, 'Datapubblicazione'),
      idColumn: 'articles.id',
      ascending: filter.ascending ?? false,
    };
    return keysetPage(filter, order, {
      defaultPageSize: PAGE_SIZE.news,
      // The query is built by the repository, once per shape (ADR 038), from the filter.
      conditions: [],
      rows: ({ position, limit }) =>
        findArticlePlaces(this.deps.db, {
          ...this.visibility(descendingStartOf(order, position, 'Datapubblicazione')),
          // `inEvidenza: false` means "not only featured", as the original client sends it.
          featuredOnly: filter.inEvidenza === true,
          categoryKeys: (filter.categorie ?? []).map(searchText).filter((key) => key !== ''),
          dates: dateFilterBounds(filter.years, filter.months),
          // The text filter reads the site search's index, not the titles (ADR 025).
          text: indexedTextFilter(this.deps.engine, ['article'], 'articles.id', filter.title),
          order,
          position,
          limit,
        }),
      items: (places) =>
        this.publicArticles(
          places.map((place) => place.id),
          (missing) => findArticleRows(this.deps.db, missing),
        ),
    });
  }

  /** One visible news item, or null when it does not exist, is scheduled or unpublished. */
  async getArticle(id: number): Promise<Article | null> {
    const rows = await findArticles(this.deps.db, {
      ...this.visibility(),
      featuredOnly: false,
      categoryKeys: [],
      articleId: id,
      dates: null,
      text: null,
      order: null,
      position: null,
      limit: 1,
    });
    const [article] = await this.publicArticles(
      rows.map((row) => row.id),
      async () => rows,
    );
    return article ?? null;
  }

  /** The first attachment of a visible news item, as base64 (spec §7 GetNewsFileById). */
  async newsFile(id: number): Promise<FileContent> {
    const { db, files } = this.deps;
    const { visibleOn, visibleAt } = this.visibility();
    const articleId = await findVisibleArticleId(db, id, visibleOn, visibleAt);
    if (articleId === null) throw new AppError('notFound');
    const attachment = (await attachmentsByOwner(db, 'article', [articleId])).get(articleId)?.[0];
    if (attachment === undefined) throw new AppError('notFound');
    const content = await files.read(attachment.file_sha256);
    return {
      content: content.toString('base64'),
      fileName: attachment.file_name || DEFAULT_FILE_NAME.news,
    };
  }

  /**
   * A cover's file by its address's last part (`<sha256>.jpg` or `.webp`), while it is the
   * cover of an item not in the bin; else 404 (a replaced cover's address stops at once).
   */
  async coverFile(
    fileName: string,
  ): Promise<{ bytes: Buffer; contentType: string; sha256: string }> {
    return coverFile(this.deps.files, fileName, (sha256) => coverFileKind(this.deps.db, sha256));
  }

  /**
   * What is public now: today in Rome, and this instant for scheduled times (ADR 023). With
   * `notAfter` (where a page by date descending starts), the date bound is the lower of the two:
   * one bound the index seeks to (`descendingStartOf`).
   */
  private visibility(notAfter: string | null = null): { visibleOn: string; visibleAt: string } {
    const now = this.deps.clock();
    const today = romeDate(now);
    return {
      visibleOn: notAfter !== null && notAfter < today ? notAfter : today,
      visibleAt: now.toISOString(),
    };
  }

  /** Any news item as its public page would show it, whatever its state (staff preview). */
  async previewArticle(id: number): Promise<Article> {
    const [row] = await findArticleRows(this.deps.db, [id]);
    if (row === undefined) throw new AppError('notFound');
    const [article] = await this.toArticles([row]);
    if (article === undefined) throw new AppError('notFound');
    return article;
  }

  /**
   * Scheduled items whose moment came in (`after`, `until`]: the public answers cached before
   * it must go (ADR 023), which the caller does when this answers more than none.
   */
  articlesGoingPublic(after: Date, until: Date): Promise<number> {
    return countArticlesGoingPublic(this.deps.db, after.toISOString(), until.toISOString());
  }

  /**
   * Visible articles as public items, in the order of `ids`: those kept with the answers, the
   * others built from `rowsOf` (with their categories, attachments and covers) and kept. A
   * list the cache has not seen mostly shows items it has, so its page costs one query (ADR
   * 038). Only for public answers: an item changes only with a change to published content,
   * which empties what is kept.
   */
  private async publicArticles(
    ids: number[],
    rowsOf: (missing: number[]) => Promise<ArticleRow[]>,
  ): Promise<Article[]> {
    const articles = await this.deps.articleParts.of(ids, async (missing) => {
      const built = await this.toArticles(await rowsOf(missing));
      return new Map(built.map((article) => [article.id, article]));
    });
    return ids.flatMap((id) => articles.get(id) ?? []);
  }

  private async toArticles(rows: ArticleRow[]): Promise<Article[]> {
    const ids = rows.map((row) => row.id);
    const [categoryRows, attachments, covers] = await Promise.all([
      categoriesOfArticles(this.deps.db, ids),
      attachmentsByOwner(this.deps.db, 'article', ids),
      coversOf(this.deps.db, ids),
    ]);
    const categoriesById = new Map<number, Record<string, string>>();
    for (const row of categoryRows) {
      const map = categoriesById.get(row.article_id) ?? {};
      map[categoryKey(row.title)] = row.title;
      categoriesById.set(row.article_id, map);
    }
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      subtitle: sanitizeRichText(row.subtitle_html),
      categorie: categoriesById.get(row.id) ?? {},
      dataPubblicazione: row.published_on,
      attachments: attachmentRefs(attachments.get(row.id)),
      sourceUrl: row.source_url,
      sourceName: row.source_name,
      inEvidenza: row.featured === 1,
      cover: coverOf(covers, row.id),
    }));
  }
}
