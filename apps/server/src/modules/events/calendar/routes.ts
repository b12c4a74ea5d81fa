import { eventIdOfSlug, EVENTS_CALENDAR_PATH } from '@sodalis/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../http/app-error.js';
import { sendCacheableText } from '../../../http/send-cacheable.js';
import { parseInput } from '../../../http/validation.js';
import { requireMember } from '../../accounts/guard.js';
import type { AccountService } from '../../accounts/service.js';
import type { CalendarFile, EventCalendars } from './service.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Read again by calendar apps every hour or so, like the news feeds (ADR 026). */
const PUBLIC_CACHE = 'public, max-age=3600';
/** A person's feed: kept by their own client only, and asked again each time (ADR 052). */
const PRIVATE_CACHE = 'private, no-cache';

const SlugParamsSchema = z.object({ slug: z.string().max(200) });
const TokenParamsSchema = z.object({ token: z.string().max(100) });

function sendCalendar(
  request: FastifyRequest,
  reply: FastifyReply,
  file: CalendarFile,
  cacheControl: string,
) {
  return sendCacheableText(request, reply, { type: CALENDAR_TYPE, ...file, cacheControl });
}

/**
 * The events' calendars at the site's root (ADR 052): every event
 * (`/eventi/calendario.ics`, subscribed to as `webcal:`), one event's `.ics` beside its page,
 * and a person's registrations by the secret in the address. None is in the sitemap.
 */
export async function calendarSiteRoutes(
  app: FastifyInstance,
  options: { calendars: EventCalendars },
) {
  const { calendars } = options;
  app.get(EVENTS_CALENDAR_PATH, async (request, reply) =>
    sendCalendar(request, reply, await calendars.allEvents(), PUBLIC_CACHE),
  );
  app.get('/eventi/:slug/calendario.ics', async (request, reply) => {
    const { slug } = parseInput(SlugParamsSchema, request.params);
    const id = eventIdOfSlug(slug);
    const file = id === null ? null : await calendars.event(id);
    if (file === null) throw new AppError('notFound');
    // The slug follows the title, as the event's page does (ADR 047).
    if (request.url.split('?')[0] !== file.path) {
      return reply.header('cache-control', 'no-store').redirect(file.path, 301);
    }
    reply.header('content-disposition', `attachment; filename="evento-${file.eventId}.ics"`);
    return sendCalendar(request, reply, file, PUBLIC_CACHE);
  });
  app.get('/eventi/iscrizioni/:token/calendario.ics', async (request, reply) => {
    const { token } = parseInput(TokenParamsSchema, request.params);
    reply.header('x-robots-tag', 'noindex, nofollow');
    const file = await calendars.registrations(token);
    if (file === null) throw new AppError('notFound');
    return sendCalendar(request, reply, file, PRIVATE_CACHE);
  });
}

/**
 * The person's private feed under /api/v1/Events (ADR 052): its address, made on first use,
 * and "Rigenera". Personal answers: never cached.
 */
export async function calendarApiRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; calendars: EventCalendars },
) {
  const { accounts, calendars } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.get('/MyCalendar', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await calendars.feedOf(member.id) };
  });
  app.post('/MyCalendar/Regenerate', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await calendars.regenerate(member.id) };
  });
}
