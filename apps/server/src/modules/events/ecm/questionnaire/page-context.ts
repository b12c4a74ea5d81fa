import type { EcmQuestionnairePages } from '@sodalis/contracts';
import { AppError } from '../../../../http/app-error.js';
import { unlessUnavailable } from '../../../../http/page-reads.js';
import type { AccountService } from '../../../accounts/service.js';
import type { EcmQuestionnaire } from './service.js';

/**
 * The questionnaire's page posted without scripts (ADR 058, ADR 022): for the session cookie's
 * token, the API's checks in the same order; a refusal answers its status and issues as the
 * API does, so the page shows each next to its field.
 */
export function questionnairePages(deps: {
  accounts: AccountService;
  questionnaire: EcmQuestionnaire;
}): EcmQuestionnairePages {
  const { accounts, questionnaire } = deps;
  return {
    async mine(sessionToken, registrationId) {
      try {
        const member = await accounts.authenticate(sessionToken);
        return await unlessUnavailable(questionnaire.mine(member.id, registrationId));
      } catch (error) {
        if (error instanceof AppError && error.status < 500) return null;
        throw error;
      }
    },
    async submit(sessionToken, registrationId, body) {
      try {
        const member = await accounts.authenticate(sessionToken);
        const data = await unlessUnavailable(questionnaire.submit(member.id, registrationId, body));
        return { ok: true, data };
      } catch (error) {
        if (error instanceof AppError && error.status < 500) {
          return {
            ok: false,
            status: error.status,
            issues:
              error.issues !== undefined && error.issues.length > 0
                ? error.issues
                : [{ path: 'questionnaire', message: error.message }],
          };
        }
        throw error;
      }
    },
  };
}
