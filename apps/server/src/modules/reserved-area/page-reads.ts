import {
  ListFilterSchema,
  type ListFilter,
  type MemberRole,
  type PagedList,
  type ReservedArchiveItems,
  type ReservedArchiveName,
  type ReservedArchives,
} from '@sodalis/contracts';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { AccountService } from '../accounts/service.js';
import type { MembershipService } from '../membership/service.js';
import type { ReservedAreaService } from './service.js';

export interface ReservedPageReadsDeps {
  accounts: AccountService;
  membership: MembershipService;
  reservedArea: ReservedAreaService;
}

/**
 * The reserved archives for the pages the server renders (ADR 022): the checks of the API's
 * list routes, in the same order — a valid session, a member who has not lapsed (ADR 024), the
 * filter's schema — then the role's items (ADR 011). Any refusal answers null, never a list: the
 * page then shows what it shows without a session and the browser decides, as before.
 */
export function reservedPageReads(deps: ReservedPageReadsDeps): ReservedArchives {
  const { accounts, membership, reservedArea } = deps;
  const reads: {
    [A in ReservedArchiveName]: (
      role: MemberRole,
      filter: ListFilter,
    ) => Promise<PagedList<ReservedArchiveItems[A]>>;
  } = {
    recommendations: (role, filter) => reservedArea.listRecommendations(role, filter),
    assemblies: (role, filter) => reservedArea.listAssemblies(role, filter),
    opinions: (role, filter) => reservedArea.listOpinions(role, filter),
    pressReview: (role, filter) => reservedArea.listPressReviews(role, filter),
  };
  return {
    async list(archive, body, sessionToken) {
      try {
        const member = await accounts.authenticate(sessionToken);
        await membership.assertMayEnterReservedArea(member);
        return await reads[archive](member.role, parseInput(ListFilterSchema, body));
      } catch (error) {
        // Refusals (401, 403, 400) are the reader's; anything else is the server's.
        if (error instanceof AppError && error.status < 500) return null;
        throw error;
      }
    },
  };
}
