import { AdminCommunicationPreferencesInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import { actorOf, IdParamsSchema } from '../../admin/route-helpers.js';
import type { CommunicationChoices } from './service.js';

/** A member's preferences in the back office's record: seen, and changed with a reason. */
export async function communicationPreferencesAdminRoutes(
  app: FastifyInstance,
  options: { choices: CommunicationChoices },
) {
  const { choices } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/Members/:id/CommunicationPreferences', async (request) => ({
    data: await choices.adminRecord(idOf(request.params)),
  }));
  app.put('/Members/:id/CommunicationPreferences', async (request) => {
    const memberId = idOf(request.params);
    const input = parseInput(AdminCommunicationPreferencesInputSchema, request.body);
    return {
      data: await choices.saveChoicesAsStaff(actorOf(request), memberId, input, input.reason),
    };
  });
}
