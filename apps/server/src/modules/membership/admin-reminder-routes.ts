import {
  DuesReminderPauseBodySchema,
  DuesReminderSendBodySchema,
  DuesReminderTextInputSchema,
  DuesReminderTextParamsSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema, saveAtVersion } from '../admin/route-helpers.js';
import type { DuesReminderTextsAdmin } from './admin-reminder-texts.js';
import type { DuesReminders } from './reminders.js';

/**
 * /api/v1/Admin/DuesReminders (ADR 030): who gets which dues reminder next and the latest
 * sent; pause and resume for one member or for everyone; "Invia ora" to one member or a group,
 * previewed first (`/Send/Preview`), and one member's reminders (`/Member/:id`). Inside
 * `adminRoutes`. /api/v1/Admin/DuesReminderTexts: the texts of the reminders the secretariat
 * edits, one per kind (`:id`), each save naming its version in `If-Match` (ADR 030 amended
 * 28 November 2026, ADR 041); the same roles as the reminders.
 */
export async function duesReminderAdminRoutes(
  app: FastifyInstance,
  options: { reminders: DuesReminders; texts: DuesReminderTextsAdmin },
) {
  const { reminders, texts } = options;
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

  app.get('/DuesReminderTexts', async () => ({ data: await texts.list() }));
  app.get('/DuesReminderTexts/:id', async (request) => ({
    data: await texts.get(parseInput(DuesReminderTextParamsSchema, request.params).id),
  }));
  app.put('/DuesReminderTexts/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id: kind } = parseInput(DuesReminderTextParamsSchema, request.params);
    const input = parseInput(DuesReminderTextInputSchema, request.body);
    // A text is named by its kind: the handlers below ignore the numeric id `saveAtVersion` passes.
    const record = { get: () => texts.get(kind), history: () => texts.history(kind) };
    return {
      data: await saveAtVersion(request, 0, record, (version) =>
        texts.save(actorOf(request), kind, input, version),
      ),
    };
  });
}
