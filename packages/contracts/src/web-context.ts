import type { PageSetupElement } from './content.js';
import type { Article, ArticleCategory } from './news.js';
import type { PagedList } from './envelope.js';
import type { BoardMember, Fee, SiteContent, SiteContentKey } from './society.js';
import type { ListFilterInput } from './list-filter.js';
import type { LoginResponse } from './session.js';
import type { SearchAnswer } from './search.js';
import type { NewsletterConfirmState, NewsletterUnsubscribeState } from './newsletter.js';
import type { TransparencyPage } from './transparency.js';
import type { MembershipApplicationResult } from './membership.js';
import type { ShareImage } from './share-image.js';
import type { Assembly, Opinion, PressReview, Recommendation } from './reserved-area.js';
import type { PublicEvent, PublicEventList } from './events.js';

/**
 * What the server hands the web app's SSR loaders (React Router load context). The web app
 * never imports server code: it sees the server's services only through this interface
 * (docs/architecture.md, "Code and test conventions").
 */
export interface SodalisLoadContext {
  society: SocietyInfo;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts SSR writes. */
  cspNonce: string;
  content: ContentReader;
  /** The double opt-in links of the newsletter e-mails (pages /newsletter/conferma, /annulla). */
  newsletter: NewsletterLinks;
  /** Limits the /patrocini form shows and checks before sending. */
  sponsorship: SponsorshipFormSettings;
  /** The fee payment panels (ADR 012). */
  payments: PaymentSettings;
  /** The sign-in form posted without scripts (ADR 022). */
  signIn: SignInForm;
  /** "Società trasparente" (ADR 026). */
  transparency: { page(): Promise<TransparencyPage> };
  /** The events' pages `/eventi` and `/eventi/<id>-<slug>` (ADR 047). */
  events: EventReader;
  /** The site search of `/cerca` (ADR 025). */
  search: SiteSearch;
  /** The "Iscriviti" form of the members' and affiliates' pages (ADR 024). */
  membership: MembershipApplicationForm;
  /** The reserved lists rendered on the server for a cookie session (ADR 022). */
  reservedArea: ReservedArchives;
  /** Logs a rendering error with this request's id (the server's logger, not the console). */
  reportError(error: unknown): void;
}

/** The events on the site (ADR 047), through the same cached answers as `/api/v1/Events`. */
export interface EventReader {
  list(): Promise<PublicEventList>;
  /** One event on the site, or null. */
  event(id: number): Promise<PublicEvent | null>;
}

/** Public, per-installation facts the pages show. */
export interface SocietyInfo {
  /** `{product}` of the spec, e.g. "SIMTI". */
  acronym: string;
  /** Full name, shown in the footer. */
  name: string;
  /** Public address of the site, for absolute links (Open Graph, sharing). */
  publicBaseUrl: string;
  /** The handle share links on X mention with "via" (spec §2.14), without the @. */
  xHandle: string;
}

/** Read access to public content, the same rules as `/api/v1/SharepointContent`. */
export interface ContentReader {
  listArticles(filter: ListFilterInput): Promise<PagedList<Article>>;
  listCategories(): Promise<ArticleCategory[]>;
  /** One visible news item, or null. */
  getArticle(id: number): Promise<Article | null>;
  /** Setup elements by key (spec §3), in the order asked; unknown keys are left out. */
  setupElements(keys: string[]): Promise<PageSetupElement[]>;
  /** The board (Consiglio Direttivo) with photos as base64 PNG. */
  boardMembers(): Promise<BoardMember[]>;
  /** Structured site contents by key, in the order asked (contacts, legal data…). */
  siteContents(keys: SiteContentKey[]): Promise<SiteContent[]>;
  /** The active fees (GetQuote). */
  fees(): Promise<Fee[]>;
  /** The uploaded share image of pages without their own, or null: the card (ADR 034). */
  shareImage(): Promise<ShareImage | null>;
}

/**
 * The newsletter's confirmation and unsubscribe links. Opening a link only inspects it; the
 * change happens when the visitor presses the page's button (a POST), so mail scanners that
 * open links do not confirm or unsubscribe anyone.
 */
export interface NewsletterLinks {
  confirmState(token: string): Promise<NewsletterConfirmState>;
  /** Confirms the subscription; answers the state after the attempt. */
  confirm(token: string): Promise<NewsletterConfirmState>;
  unsubscribeState(token: string): Promise<NewsletterUnsubscribeState>;
  /** Withdraws the subscription; answers the state after the attempt. */
  unsubscribe(token: string): Promise<NewsletterUnsubscribeState>;
}

export interface SponsorshipFormSettings {
  /** Largest attachment accepted, in bytes (decoded). */
  maxFileBytes: number;
  maxAttachments: number;
}

export interface PaymentSettings {
  /** PayPal's client id (public by design); null: payments are unavailable. */
  paypalClientId: string | null;
  /**
   * BANK_IBAN and BANK_HOLDER (ADR 029): printed on the fee page also without scripts, where the
   * member's own causale cannot be read; null when no account is configured.
   */
  bankAccount: { iban: string; holder: string } | null;
}

/**
 * Sign-in from a posted form (ADR 022): the same rules, throttling and answer as
 * POST /api/v1/Account/Login for this request's client. Refusals answer the API's status.
 */
export interface SignInForm {
  login(
    body: unknown,
  ): Promise<{ ok: true; answer: LoginResponse } | { ok: false; status: number; message: string }>;
  /** "Esci" without scripts: the session of this token ends on the server (ADR 021). */
  logout(token: string): Promise<void>;
}

/** The site search for the `/cerca` page rendered on the server (ADR 025). */
export interface SiteSearch {
  /**
   * What `query` finds for the holder of `sessionToken` (the cookie of a sign-in without
   * scripts, ADR 022); public content only without a valid one.
   */
  search(query: string, sessionToken: string | null): Promise<SearchAnswer>;
}

/**
 * The application form posted with or without scripts (ADR 024): the fields as posted and the
 * CV's bytes; the server's checks, duplicates included, answer the page's messages.
 */
export interface MembershipApplicationForm {
  apply(
    fields: Record<string, unknown>,
    cv: { fileName: string; content: Uint8Array } | null,
  ): Promise<MembershipApplicationResult>;
}

/** The items of each reserved archive (spec §2.9, ADR 011). */
export interface ReservedArchiveItems {
  recommendations: Recommendation;
  assemblies: Assembly;
  opinions: Opinion;
  pressReview: PressReview;
}

export type ReservedArchiveName = keyof ReservedArchiveItems;

/** The reserved archives for the pages rendered on the server (ADR 022). */
export interface ReservedArchives {
  /**
   * One page of `archive` for the holder of `sessionToken` (the cookie of a sign-in without
   * scripts), by the API's rules (ADR 011, ADR 024); null when the session is not valid, the
   * member has lapsed or the filter is refused: the page then loads in the browser, as before.
   */
  list<A extends ReservedArchiveName>(
    archive: A,
    filter: unknown,
    sessionToken: string,
  ): Promise<PagedList<ReservedArchiveItems[A]> | null>;
}
