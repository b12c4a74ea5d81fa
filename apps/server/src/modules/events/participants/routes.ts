import {
  EVENT_ACCOUNT_MESSAGES,
  EventAccountRequestSchema,
  type EventAccountPages,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import { parseInput } from '../../../http/validation.js';
import { requireMember } from '../../accounts/guard.js';
import type { AccountService } from '../../accounts/service.js';
import { codiceFiscaleIssue, type EventAccounts } from './service.js';

/**
 * `/api/v1/Events/Prefill` (ADR 055): what the registration form fills in for the signed-in
 * person, from their events' account or their membership. Personal: never cached.
 */
export async function participantRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; participants: EventAccounts },
) {
  const { accounts, participants } = options;
  app.get('/Prefill', async (request, reply) => {
    const member = await requireMember(request, accounts);
    reply.header('cache-control', 'no-store');
    return { data: await participants.prefill(member) };
  });
}

/**
 * The account's form (`/eventi/account`), posted with or without scripts through the pages'
 * context (ADR 022), for this client's hourly limits (ADR 040): the contracts' schema, then the
 * accounts' rules.
 */
export function eventAccountPages(
  participants: EventAccounts,
  clientAddress: string,
): EventAccountPages {
  return {
    async open(fields) {
      let body;
      try {
        body = parseInput(EventAccountRequestSchema, fields);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Every refusal at once: the check character too, when the shape was right.
        const codeIssue = codiceFiscaleIssue(String(fields.fiscalCode ?? ''));
        const issues = [...(error.issues ?? []), ...(codeIssue === null ? [] : [codeIssue])];
        return { ok: false, message: EVENT_ACCOUNT_MESSAGES.failed, issues };
      }
      return participants.open(body, clientAddress);
    },
  };
}
