import { ECM_TEST_MESSAGES, EcmAnswerInputSchema, EcmAnswersInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParamsSchema, parseInput } from '../../../../http/validation.js';
import { requireMember } from '../../../accounts/guard.js';
import type { AccountService } from '../../../accounts/service.js';
import type { LearningTests } from './service.js';

const AnswerParamsSchema = IdParamsSchema.extend({
  position: z.coerce
    .number({ message: ECM_TEST_MESSAGES.position })
    .int({ message: ECM_TEST_MESSAGES.position })
    .min(0, { message: ECM_TEST_MESSAGES.position })
    .max(1000, { message: ECM_TEST_MESSAGES.position }),
});

/**
 * A person's learning test of a registration (ADR 057), under /api/v1/Events: read it, begin an
 * attempt, save one answer at once (with scripts), save several and hand in; never cached.
 * Members and events' participants alike (ADR 055): `requireMember` accepts both.
 */
export async function learningTestRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; tests: LearningTests },
) {
  const { accounts, tests } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/Registrations/:id/EcmTest', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await tests.view(member.id, id) };
  });
  app.post('/Registrations/:id/EcmTest/Attempts', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await tests.start(member.id, id) };
  });
  app.put('/Registrations/:id/EcmTest/Answers/:position', async (request) => {
    const member = await requireMember(request, accounts);
    const { id, position } = parseInput(AnswerParamsSchema, request.params);
    const { choice } = parseInput(EcmAnswerInputSchema, request.body);
    return { data: await tests.answer(member.id, id, [{ position, choice }], false) };
  });
  app.post('/Registrations/:id/EcmTest/Submit', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    const { answers } = parseInput(EcmAnswersInputSchema, request.body ?? {});
    return { data: await tests.answer(member.id, id, answers, true) };
  });
}
