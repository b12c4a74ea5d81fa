import {
  EcmQuestionInputSchema,
  EcmQuestionOrderSchema,
  EcmTestSettingsInputSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../../admin/route-helpers.js';
import type { LearningTestAdmin } from './admin-service.js';

const QuestionParamsSchema = IdParamsSchema.extend({
  questionId: z.coerce
    .number({ message: 'Identificativo della domanda non valido.' })
    .int({ message: 'Identificativo della domanda non valido.' })
    .positive({ message: 'Identificativo della domanda non valido.' }),
});

/**
 * The staff's routes of an event's learning test (ADR 057), beside its ECM data
 * (`/Events/:id/EcmTest`, the roles of the event's pages): the bank, the settings, opening.
 */
export async function learningTestAdminRoutes(
  app: FastifyInstance,
  options: { tests: LearningTestAdmin },
) {
  const { tests } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/Events/:id/EcmTest', async (request) => ({
    data: await tests.get(idOf(request.params)),
  }));
  app.put('/Events/:id/EcmTest', async (request) => {
    const input = parseInput(EcmTestSettingsInputSchema, request.body);
    return { data: await tests.saveSettings(actorOf(request), idOf(request.params), input) };
  });
  app.post('/Events/:id/EcmTest/Questions', async (request) => {
    const input = parseInput(EcmQuestionInputSchema, request.body);
    return { data: await tests.addQuestion(actorOf(request), idOf(request.params), input) };
  });
  app.put('/Events/:id/EcmTest/Questions/:questionId', async (request) => {
    const { id, questionId } = parseInput(QuestionParamsSchema, request.params);
    const input = parseInput(EcmQuestionInputSchema, request.body);
    return { data: await tests.editQuestion(actorOf(request), id, questionId, input) };
  });
  app.delete('/Events/:id/EcmTest/Questions/:questionId', async (request) => {
    const { id, questionId } = parseInput(QuestionParamsSchema, request.params);
    return { data: await tests.removeQuestion(actorOf(request), id, questionId) };
  });
  app.post('/Events/:id/EcmTest/Order', async (request) => {
    const { ids } = parseInput(EcmQuestionOrderSchema, request.body);
    return { data: await tests.reorder(actorOf(request), idOf(request.params), ids) };
  });
  app.post('/Events/:id/EcmTest/Open', async (request) => ({
    data: await tests.setOpen(actorOf(request), idOf(request.params), true),
  }));
  app.post('/Events/:id/EcmTest/Close', async (request) => ({
    data: await tests.setOpen(actorOf(request), idOf(request.params), false),
  }));
}
