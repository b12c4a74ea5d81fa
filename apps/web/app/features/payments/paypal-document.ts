import { PAYMENT_PAGE_PATHS } from '@sodalis/contracts';

/**
 * Whether this document was served with the payment pages' CSP, the only one that lets
 * PayPal's SDK in (ADR 012). A document keeps the policy it was loaded with through client
 * navigations, so what counts is the address the document itself was loaded from.
 */
export function documentAllowsPayPal(): boolean {
  const [entry] = performance.getEntriesByType('navigation');
  if (entry === undefined) return false;
  // The server matches these pages with or without a trailing slash, and so does its policy.
  const pathname = new URL(entry.name).pathname.replace(/(.)\/+$/, '$1');
  return (PAYMENT_PAGE_PATHS as readonly string[]).includes(pathname);
}

/**
 * The CSP nonce of this document, for PayPal's SDK (it marks what it injects with it). The
 * browser hides the attribute once parsed, but a script element still knows its `nonce`.
 */
export function documentCspNonce(): string | undefined {
  const script = document.querySelector<HTMLScriptElement>('script[nonce]');
  return script?.nonce || undefined;
}
