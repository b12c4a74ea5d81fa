/**
 * What the server hands the web app's SSR loaders (React Router load context). The web app
 * never imports server code: it sees the server's services only through this interface
 * (docs/architecture.md, "Code and test conventions"). Here the parts the web app sets for
 * every page; each domain declares its own part in its contracts file (`declare module
 * './web-context.js'`), and its server module gives it (ADR 046).
 */
export interface SodalisLoadContext {
  society: SocietyInfo;
  /** Nonce of this response's Content-Security-Policy, for the inline scripts SSR writes. */
  cspNonce: string;
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
  /** The handle share links on X mention with "via" (spec §2.14), without the @. */
  xHandle: string;
}
