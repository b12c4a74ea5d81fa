import { createContext, useContext } from 'react';
import siteStylesheetUrl from '../styles/app.scss?url';

/**
 * The public stylesheet's text, provided by entry.server: the pages inline it in their <head>
 * so the first paint waits for no other request (ADR 020). The client bundle never carries it.
 */
export const SiteStylesheetContext = createContext<string | undefined>(undefined);

const INLINE_ID = 'site-stylesheet';

/**
 * On the client, the text the server inlined, read before hydration so React renders the same
 * element (and can put it back after the back office, which has none, ADR 013).
 */
const inlinedByServer =
  typeof document === 'undefined'
    ? undefined
    : (document.getElementById(INLINE_ID)?.textContent ?? undefined);

/**
 * The public site's stylesheet: inline when the server sent it, otherwise (a visit that began
 * in the back office) the same file as a link.
 */
export function SiteStylesheet() {
  const text = useContext(SiteStylesheetContext) ?? inlinedByServer;
  return text === undefined ? (
    <link rel="stylesheet" href={siteStylesheetUrl} />
  ) : (
    <style id={INLINE_ID} dangerouslySetInnerHTML={{ __html: text }} />
  );
}
