import { ListFilterSchema, romeDate } from '@sodalis/contracts';
import type { ContentCache } from '../../cache/content-cache.js';
import { parseInput } from '../../http/validation.js';
import { type Clock } from '../../text/dates.js';
import type { NewsService } from './service.js';

/**
 * Public news reads through the content cache, shared by the API routes and the SSR loaders so
 * both answer from the same entries. Answers are the serialised `{ data }` envelope.
 */
export class NewsPublicReads {
  constructor(
    private readonly news: NewsService,
    private readonly cache: ContentCache,
    private readonly clock: Clock,
  ) {}

  /**
   * GetArticoli for a request body. The key is the body and today (scheduled items appear at
   * midnight); the body is validated on a miss only: a body answered before was valid then.
   */
  articles(body: unknown): Promise<string> {
    const key = `GetArticoli:${romeDate(this.clock())}:${JSON.stringify(body ?? {})}`;
    return this.cache.get(key, async () =>
      JSON.stringify({ data: await this.news.listArticles(parseInput(ListFilterSchema, body)) }),
    );
  }

  /** One news item (its page), `{ data: null }` when not visible. */
  article(id: number): Promise<string> {
    return this.cache.get(`article:${romeDate(this.clock())}:${id}`, async () =>
      JSON.stringify({ data: await this.news.getArticle(id) }),
    );
  }

  categories(): Promise<string> {
    return this.cache.get('GetArticleCategories', async () =>
      JSON.stringify({ data: await this.news.listCategories() }),
    );
  }
}
