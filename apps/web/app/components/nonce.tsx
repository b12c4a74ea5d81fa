import { createContext, useContext } from 'react';

/**
 * The CSP nonce of this response, provided by entry.server. On the client there is none (the
 * browser hides it once the page is parsed), which is what hydration expects.
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
