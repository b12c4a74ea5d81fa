import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, parseInput } from '../../../../http/validation.js';
import { requireMember } from '../../../accounts/guard.js';
import type { AccountService } from '../../../accounts/service.js';
import type { EcmQuestionnaire } from './service.js';

/**
 * A registrant's questionnaire (ADR 058), under /api/v1/Events: the form with its state, and
 * the one submission; never cached.
 */
export async function questionnaireRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; questionnaire: EcmQuestionnaire },
) {
  const { accounts, questionnaire } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/Registrations/:id/Questionnaire', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await questionnaire.mine(member.id, id) };
  });
  app.post('/Registrations/:id/Questionnaire', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await questionnaire.submit(member.id, id, request.body) };
  });
}
