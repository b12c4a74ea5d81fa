import type { Article, ArticleCategory, PageSetupElement } from './content.js';
import type { PagedList } from './envelope.js';
import type { ListFilterInput } from './list-filter.js';

/**
 * What the server hands the web app's SSR loaders (React Router load context). The web app
 * never imports server code: it sees the server's services only through this interface
 * (DESIGN.md "Shape"; STYLE.md #5).
 */
export interface SodalisLoadContext {
  society: SocietyInfo;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts SSR writes. */
  cspNonce: string;
  content: ContentReader;
  /** Logs a rendering error with this request's id (the server's logger, not the console). */
  reportError(error: unknown): void;
}

/** Public, per-installation facts the pages show. */
export interface SocietyInfo {
  /** `{product}` of the spec, e.g. "SIMTI". */
  acronym: string;
  /** Full name, shown in the footer. */
  name: string;
  /** Public address of the site, for absolute links (Open Graph, sharing). */
  publicBaseUrl: string;
}

/** Read access to public content, the same rules as `/api/v1/SharepointContent`. */
export interface ContentReader {
  listArticles(filter: ListFilterInput): Promise<PagedList<Article>>;
  listCategories(): Promise<ArticleCategory[]>;
  /** Setup elements by key (spec §3), in the order asked; unknown keys are left out. */
  setupElements(keys: string[]): Promise<PageSetupElement[]>;
}
