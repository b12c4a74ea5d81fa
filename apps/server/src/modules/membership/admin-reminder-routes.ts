import { DuesReminderPauseBodySchema, DuesReminderSendBodySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';
import type { DuesReminders } from './reminders.js';

/**
 * /api/v1/Admin/DuesReminders (ADR 030): who gets which dues reminder next and the latest
 * sent; pause and resume for one member or for everyone; "Invia ora" to one member or a group,
 * previewed first (`/Send/Preview`), and one member's reminders (`/Member/:id`). Inside
 * `adminRoutes`.
 */
export async function duesReminderAdminRoutes(
  app: FastifyInstance,
  options: { reminders: DuesReminders },
) {
  const { reminders } = options;
  app.get('/DuesReminders', async () => ({ data: await reminders.overview() }));
  for (const [path, paused] of [
    ['/DuesReminders/Pause', true],
    ['/DuesReminders/Resume', false],
  ] as const) {
    app.post(path, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const { memberId } = parseInput(DuesReminderPauseBodySchema, request.body ?? {});
      await reminders.setPaused(actorOf(request), paused, memberId);
      return { data: await reminders.overview() };
    });
  }
  app.post('/DuesReminders/Send/Preview', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const target = parseInput(DuesReminderSendBodySchema, request.body ?? {});
    return { data: await reminders.previewSend(target) };
  });
  app.post('/DuesReminders/Send', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const target = parseInput(DuesReminderSendBodySchema, request.body ?? {});
    return { data: await reminders.sendNow(actorOf(request), target) };
  });
  app.get('/DuesReminders/Member/:id', async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await reminders.history(id) };
  });
}
