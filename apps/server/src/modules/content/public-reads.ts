import type { SiteContentKey } from '@sodalis/contracts';
import type { ContentCache } from '../../cache/content-cache.js';
import type { ContentService } from './service.js';

/**
 * The society's public content through the content cache, shared by the API routes and the
 * SSR loaders. Answers are the serialised `{ data }` envelope.
 */
export class ContentPublicReads {
  constructor(
    private readonly content: ContentService,
    private readonly cache: ContentCache,
  ) {}

  private read(key: string, load: () => Promise<unknown>): Promise<string> {
    return this.cache.get(key, async () => JSON.stringify({ data: await load() }));
  }

  setupData(titles: string[]): Promise<string> {
    return this.read(`GetSetupData:${JSON.stringify(titles)}`, () =>
      this.content.setupData(titles),
    );
  }

  pageSetupElements(keys: string[]): Promise<string> {
    return this.read(`page-setup:${JSON.stringify(keys)}`, () =>
      this.content.pageSetupElements(keys),
    );
  }

  fees(): Promise<string> {
    return this.read('GetQuote', () => this.content.fees());
  }

  boardMembers(): Promise<string> {
    return this.read('GetConsiglioDirettivo', () => this.content.boardMembers());
  }

  /** The pages' share image (ADR 034): every page's frame reads it. */
  shareImage(): Promise<string> {
    return this.read('share-image', () => this.content.shareImage());
  }

  siteContents(keys: readonly SiteContentKey[]): Promise<string> {
    return this.read(`GetContenuti:${JSON.stringify(keys)}`, () => this.content.siteContents(keys));
  }
}
