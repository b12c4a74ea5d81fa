import { SEARCH_MESSAGES, SearchQuerySchema, type SiteSearch } from '@sodalis/contracts';
import { AppError } from '../../http/app-error.js';
import type { AccountService } from '../accounts/service.js';
import type { SearchService } from './service.js';

/**
 * The `/cerca` page's answer rendered on the server (ADR 025): the API's rules; a bad or
 * expired session (the cookie of a sign-in without scripts) reads as none.
 */
export function siteSearch(search: SearchService, accounts: AccountService): SiteSearch {
  return {
    search: async (query, sessionToken) => {
      const member =
        sessionToken === null
          ? null
          : await accounts.authenticate(sessionToken).catch((error: unknown) => {
              if (error instanceof AppError && error.status === 401) return null;
              throw error;
            });
      const input = SearchQuerySchema.safeParse({ q: query });
      if (!input.success)
        return { query, groups: [], notice: SEARCH_MESSAGES.tooLong, didYouMean: [] };
      return search.search(member?.role ?? null, input.data.q);
    },
  };
}
