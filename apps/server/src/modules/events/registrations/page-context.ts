import {
  liveRegistrationFor,
  refusedRegistrationFor,
  RegistrationRequestSchema,
  type EventRegistrationPages,
  type MemberProfile,
  type RegistrationOutcome,
} from '@sodalis/contracts';
import { AppError } from '../../../http/app-error.js';
import { unlessUnavailable } from '../../../http/page-reads.js';
import { parseInput } from '../../../http/validation.js';
import type { AccountService, AuthenticatedMember } from '../../accounts/service.js';
import type { EventRegistrations } from './service.js';

/** What the form prefills from the person's membership, when they have one (ADR 030). */
export interface RegistrantProfiles {
  get(
    memberId: number,
  ): Promise<Pick<MemberProfile, 'codiceFiscale' | 'qualification' | 'workplace'>>;
}

export interface RegistrationPagesDeps {
  accounts: AccountService;
  registrations: EventRegistrations;
  memberProfiles: RegistrantProfiles;
}

/**
 * The registration pages posted without scripts (ADR 049, ADR 022): for the session cookie's
 * token, the checks of the API's routes in the same order (a session the server accepts, the
 * contracts' schema), then the registrations' rules; a refusal answers its status and issues
 * as the API does, so the page shows each next to its field.
 */
export function registrationPages(deps: RegistrationPagesDeps): EventRegistrationPages {
  const { accounts, registrations, memberProfiles } = deps;

  async function outcome<T>(
    sessionToken: string,
    work: (member: AuthenticatedMember) => Promise<T>,
  ): Promise<RegistrationOutcome<T>> {
    try {
      const member = await accounts.authenticate(sessionToken);
      return { ok: true, data: await unlessUnavailable(work(member)) };
    } catch (error) {
      // Refusals are the reader's to read; anything else is the server's.
      if (error instanceof AppError && error.status < 500) {
        return {
          ok: false,
          status: error.status,
          issues:
            error.issues !== undefined && error.issues.length > 0
              ? error.issues
              : [{ path: '(corpo)', message: error.message }],
        };
      }
      throw error;
    }
  }

  return {
    async registrant(sessionToken, eventId) {
      const answer = await outcome(sessionToken, async (member) => {
        const [profile, mine] = await Promise.all([
          memberProfiles.get(member.id).catch((error: unknown) => {
            // No membership (staff, a person registered only for events): nothing to prefill.
            if (error instanceof AppError && error.status === 404) return null;
            throw error;
          }),
          registrations.mine(member),
        ]);
        return {
          firstName: member.firstName,
          lastName: member.lastName,
          prefill: {
            fiscalCode: profile?.codiceFiscale ?? null,
            profession: profile?.qualification ?? null,
            employer: profile?.workplace ?? null,
          },
          current: liveRegistrationFor(mine, eventId),
          refused: refusedRegistrationFor(mine, eventId),
        };
      });
      return answer.ok ? answer.data : null;
    },
    quote: (sessionToken, eventId, body) =>
      outcome(sessionToken, (member) =>
        registrations.quote(member, eventId, parseInput(RegistrationRequestSchema, body)),
      ),
    register: (sessionToken, eventId, body) =>
      outcome(sessionToken, (member) =>
        registrations.register(member, eventId, parseInput(RegistrationRequestSchema, body)),
      ),
    async mine(sessionToken) {
      const answer = await outcome(sessionToken, (member) => registrations.mine(member));
      return answer.ok ? answer.data : null;
    },
    cancel: (sessionToken, id) =>
      outcome(sessionToken, (member) => registrations.cancel(member, id)),
    accept: (sessionToken, id) =>
      outcome(sessionToken, (member) => registrations.accept(member, id)),
  };
}
