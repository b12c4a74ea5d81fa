/**
 * What a page's JavaScript weighs as sent (ADR 020): one count shared by `npm run bench`
 * (over HTTP) and the budget test (over the app's inject), so the figure printed and the one
 * enforced are the same.
 */

/** Budget of the home page's initial JavaScript as sent, compressed (ADR 006, ADR 020). */
export const INITIAL_JS_BUDGET_KB = 130;
/**
 * Budget of the back office's first screen as sent, compressed (ADR 020): react-admin's context,
 * layout and menu, the dashboard and Material UI's inputs of the sign-in dialog; every resource's
 * screens load on demand, and `<Admin>`'s sign-in page and zod stay out.
 */
export const ADMIN_FIRST_SCREEN_BUDGET_KB = 250;
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
