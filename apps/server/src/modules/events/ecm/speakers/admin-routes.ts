import { EcmSpeakerInputSchema, EcmSpeakerParamsSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../../admin/route-helpers.js';
import type { EcmSpeakers } from './service.js';

/**
 * An event's speakers for ECM (ADR 059), in the events' area beside its ECM data
 * (`/Events/:id/EcmSpeakers`, the roles of the event's pages).
 */
export async function ecmSpeakerRoutes(app: FastifyInstance, options: { speakers: EcmSpeakers }) {
  const { speakers } = options;
  app.get('/Events/:id/EcmSpeakers', async (request) => ({
    data: await speakers.ofEvent(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Events/:id/EcmSpeakers', async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const values = parseInput(EcmSpeakerInputSchema, request.body);
    return { data: await speakers.add(actorOf(request), id, values) };
  });
  app.put('/Events/:id/EcmSpeakers/:speakerId', async (request) => {
    const { id, speakerId } = parseInput(EcmSpeakerParamsSchema, request.params);
    const values = parseInput(EcmSpeakerInputSchema, request.body);
    return { data: await speakers.edit(actorOf(request), id, speakerId, values) };
  });
  app.delete('/Events/:id/EcmSpeakers/:speakerId', async (request) => {
    const { id, speakerId } = parseInput(EcmSpeakerParamsSchema, request.params);
    await speakers.remove(actorOf(request), id, speakerId);
    return { data: null };
  });
}
