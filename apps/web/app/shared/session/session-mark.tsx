import { TOKEN_EXPIRY_MARGIN_SECONDS } from '@sodalis/contracts';
import { SESSION_TOKEN_KEY } from '../../api/api-client';
import { useNonce } from '../../components/nonce';

/**
 * Set on `<html>` when the tab's storage holds a session (ADR 010), before the page below the
 * script is parsed: the stylesheet then shows a reserved page's loading state instead of the
 * sign-in the server renders for a request without the session cookie (ADR 022, amendment of
 * 2026-11-24). It only chooses what the first paint shows; the guard still decides.
 */
export const SESSION_MARK = 'data-sessione';

/**
 * Inline and tiny: it must run before the body below it paints, so it cannot wait for a file.
 * A token the guard will refuse as expiring (`isExpiring`: its `exp` claim within the margin)
 * marks nothing, so that tab's first paint is the sign-in the guard leads to, not a wait.
 */
const SESSION_MARK_SCRIPT =
  `try{var t=sessionStorage.getItem(${JSON.stringify(SESSION_TOKEN_KEY)});` +
  `if(t){var c=JSON.parse(atob(t.split(".")[1].replace(/-/g,"+").replace(/_/g,"/")));` +
  `if(typeof c.exp=="number"&&Date.now()/1000+${TOKEN_EXPIRY_MARGIN_SECONDS}<c.exp)` +
  `document.documentElement.setAttribute(${JSON.stringify(SESSION_MARK)},"1")}}catch(e){}`;

/**
 * The script that sets `SESSION_MARK`, with the response's CSP nonce (ADR 006, 018). Hydration
 * keeps the server's element (the browser hides its nonce, hence no warning) and never runs it
 * again.
 */
export function SessionMarkScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: SESSION_MARK_SCRIPT }}
    />
  );
}
