import { brotliCompressSync, constants } from 'node:zlib';
import { ON_THE_FLY_BROTLI_QUALITY } from '../src/plugins/compression.js';

/**
 * What a page's JavaScript and CSS weigh as sent (ADR 020): one count shared by `npm run bench`
 * (over HTTP) and the budget test (over the app's inject), so the figure printed and the one
 * enforced are the same.
 */

/** Budget of the home page's initial JavaScript as sent, compressed (ADR 006, ADR 020). */
export const INITIAL_JS_BUDGET_KB = 130;
/**
 * Budget of the back office's first screen as sent, compressed (ADR 020): react-admin's context,
 * layout and menu, the dashboard and Material UI's inputs of the sign-in dialog; every resource's
 * screens load on demand, and `<Admin>`'s sign-in page and zod stay out. 252 since every save
 * names the version it was read at (ADR 041): the data provider's check, about 1 KB; 253 since
 * the route manifest and preload lists name the events' calendar and cover chunks (ADR 052); 254
 * since they also name the ECM, sessions and QR-decoder chunks (ADR 054, 056).
 */
export const ADMIN_FIRST_SCREEN_BUDGET_KB = 254;
/**
 * Budget of a public page's CSS as sent, compressed (ADR 020): the site's stylesheet, inline in
 * the page's head, plus any stylesheet it links.
 */
export const SITE_CSS_BUDGET_KB = 12;
/** What a browser announces: the server picks Brotli (ADR 020). */
export const BROWSER_ACCEPT_ENCODING = 'br, gzip, deflate';
/** The back office's route module: what it loads on demand is its first screen (ADR 013). */
export const ADMIN_ROUTE_CHUNK = /\/amministrazione-[\w-]+\.js$/;

/** One asset as the browser gets it: its text and the bytes on the wire. */
export interface FetchedAsset {
  text: string;
  sentBytes: number;
}

const SCRIPT_IN_HTML = /\/assets\/[\w.-]+\.js/g;
const STATIC_IMPORT = /(?:from\s*|import\s*)["']\.\/([\w.-]+\.js)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["']\.\/([\w.-]+\.js)["']\s*\)/g;

/**
 * The JavaScript a browser loads for a page: every `/assets/*.js` the HTML names (module
 * scripts and modulepreload links) and what they import statically; with `lazyOf`, also the
 * chunks those modules import on demand (the back office's screen) and theirs.
 */
export async function pageJavaScript(
  html: string,
  fetchAsset: (path: string) => Promise<FetchedAsset>,
  lazyOf?: RegExp,
): Promise<{ files: string[]; sentBytes: number }> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(SCRIPT_IN_HTML)].map((match) => match[0]);
  let sent = 0;
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const asset = await fetchAsset(file);
    sent += asset.sentBytes;
    const imports = [...asset.text.matchAll(STATIC_IMPORT)];
    if (lazyOf?.test(file)) imports.push(...asset.text.matchAll(DYNAMIC_IMPORT));
    for (const match of imports) queue.push(`/assets/${match[1]}`);
  }
  return { files: [...seen], sentBytes: sent };
}

export function budgetLine(label: string, bytes: number, files: number, budgetKb: number): string {
  const kb = bytes / 1024;
  return `${label}: ${kb.toFixed(1)} KB come inviati (compressi) in ${files} file (obiettivo <= ${budgetKb} KB: ${kb <= budgetKb ? 'OK' : 'SOPRA OBIETTIVO'})`;
}

const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const LINK_TAG = /<link\b[^>]*>/g;
const STYLESHEET_HREF = /\bhref="(\/assets\/[\w.-]+\.css)"/;

/**
 * The CSS a browser gets with a page: the text of its `<style>` elements, the stylesheets it
 * links, and their bytes as sent. Inline CSS travels inside the HTML, which the server
 * compresses on the fly: its share is counted as that Brotli quality makes it on its own.
 */
export async function pageCss(
  html: string,
  fetchAsset: (path: string) => Promise<FetchedAsset>,
): Promise<{ inline: string; linked: string[]; sentBytes: number }> {
  const inline = [...html.matchAll(INLINE_STYLE)].map((match) => match[1]).join('');
  let sent =
    inline === ''
      ? 0
      : brotliCompressSync(inline, {
          params: { [constants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY },
        }).byteLength;
  const linked: string[] = [];
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const href = /\brel="stylesheet"/.test(tag) ? STYLESHEET_HREF.exec(tag)?.[1] : undefined;
    if (href === undefined) continue;
    linked.push(href);
    sent += (await fetchAsset(href)).sentBytes;
  }
  return { inline, linked, sentBytes: sent };
}
