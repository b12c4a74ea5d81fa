import {
  EcmAnswersInputSchema,
  type EcmTestOutcome,
  type EcmTestPages,
  type EcmTestView,
} from '@sodalis/contracts';
import { AppError } from '../../../../http/app-error.js';
import { unlessUnavailable } from '../../../../http/page-reads.js';
import { parseInput } from '../../../../http/validation.js';
import type { AccountService, AuthenticatedMember } from '../../../accounts/service.js';
import type { LearningTests } from './service.js';

/**
 * The test's page posted without scripts (ADR 057, ADR 022): for the session cookie's token,
 * the API's checks in the same order; a refusal answers its status and issues as the API does.
 */
export function learningTestPages(deps: {
  accounts: AccountService;
  tests: LearningTests;
}): EcmTestPages {
  const { accounts, tests } = deps;
  async function outcome(
    sessionToken: string,
    work: (member: AuthenticatedMember) => Promise<EcmTestView>,
  ): Promise<EcmTestOutcome> {
    try {
      const member = await accounts.authenticate(sessionToken);
      return { ok: true, data: await unlessUnavailable(work(member)) };
    } catch (error) {
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
    view: (token, registrationId) =>
      outcome(token, (member) => tests.view(member.id, registrationId)),
    start: (token, registrationId) =>
      outcome(token, (member) => tests.start(member.id, registrationId)),
    answer: (token, registrationId, body, submit) =>
      outcome(token, async (member) => {
        const { answers } = parseInput(EcmAnswersInputSchema, body);
        return tests.answer(member.id, registrationId, answers, submit);
      }),
  };
}
