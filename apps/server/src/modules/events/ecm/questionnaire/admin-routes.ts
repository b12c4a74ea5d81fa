import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../../http/validation.js';
import { IdParamsSchema, sendCsv } from '../../../admin/route-helpers.js';
import type { EcmQuestionnaire } from './service.js';

/**
 * The staff's report of an event's questionnaire (ADR 058), in the events' area (the roles of
 * the event's pages): the aggregate, and the same as a spreadsheet.
 */
export async function questionnaireAdminRoutes(
  app: FastifyInstance,
  options: { questionnaire: EcmQuestionnaire },
) {
  const { questionnaire } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/Events/:id/EcmQuestionnaire', async (request) => ({
    data: await questionnaire.report(idOf(request.params)),
  }));
  app.get('/Events/:id/EcmQuestionnaire/Csv', async (request, reply) => {
    const id = idOf(request.params);
    return sendCsv(reply, `questionario-ecm-evento-${id}.csv`, await questionnaire.reportCsv(id));
  });
}
