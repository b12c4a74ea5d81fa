import {
  liveRegistrationFor,
  refusedRegistrationFor,
  RegistrationRequestSchema,
  type EventRegistrationPages,
  type RegistrationOutcome,
} from '@sodalis/contracts';
import { AppError } from '../../../http/app-error.js';
import { unlessUnavailable } from '../../../http/page-reads.js';
import { parseInput } from '../../../http/validation.js';
import type { AccountService, AuthenticatedMember } from '../../accounts/service.js';
import type { EventAccounts } from '../participants/service.js';
import type { EventRegistrations } from './service.js';

export interface RegistrationPagesDeps {
  accounts: AccountService;
  registrations: EventRegistrations;
  /** What the form prefills, and the facts a registration leaves for the next (ADR 055). */
  registrants: Pick<EventAccounts, 'prefill' | 'remember'>;
}

/**
 * The registration pages posted without scripts (ADR 049, ADR 022): for the session cookie's
 * token, the checks of the API's routes in the same order (a session the server accepts, the
 * contracts' schema), then the registrations' rules; a refusal answers its status and issues
 * as the API does, so the page shows each next to its field.
 */
export function registrationPages(deps: RegistrationPagesDeps): EventRegistrationPages {
  const { accounts, registrations, registrants } = deps;

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
        const [prefill, mine] = await Promise.all([
          registrants.prefill(member),
          registrations.mine(member),
        ]);
        return {
          firstName: member.firstName,
          lastName: member.lastName,
          prefill,
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
      outcome(sessionToken, async (member) => {
        const request = parseInput(RegistrationRequestSchema, body);
        const answer = await registrations.register(member, eventId, request);
        await registrants.remember(member, request);
        return answer;
      }),
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
