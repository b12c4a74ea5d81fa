import rateLimit from '@fastify/rate-limit';
import { InviaRichiestaPatrocinioBodySchema, SPONSORSHIP_LIMITS } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { SponsorshipService } from './service.js';

export interface SponsorshipRoutesOptions {
  sponsorship: SponsorshipService;
  /** Largest attachment, decoded: the body limit of the route follows from it. */
  maxFileBytes: number;
  /** Requests accepted per client IP per hour (SPONSORSHIP_RATE_LIMIT_PER_HOUR). */
  requestsPerHour: number;
}

/** Room for the text fields and the JSON around the files. */
const FIELDS_ALLOWANCE_BYTES = 256 * 1024;

/** The body limit of InviaRichiestaPatrocinio: five base64 files of the largest size, plus fields. */
export function sponsorshipBodyLimit(maxFileBytes: number): number {
  const base64Bytes = Math.ceil(maxFileBytes / 3) * 4;
  return SPONSORSHIP_LIMITS.maxAttachments * base64Bytes + FIELDS_ALLOWANCE_BYTES;
}

/** POST /api/v1/SharepointContent/InviaRichiestaPatrocinio (spec §7). */
export async function sponsorshipRoutes(app: FastifyInstance, options: SponsorshipRoutesOptions) {
  await app.register(rateLimit, { global: false });

  app.post(
    '/InviaRichiestaPatrocinio',
    {
      // Only this route takes files; every other keeps the API's small default limit.
      bodyLimit: sponsorshipBodyLimit(options.maxFileBytes),
      config: { rateLimit: { max: options.requestsPerHour, timeWindow: 3_600_000 } },
    },
    async (request) => {
      const body = parseInput(InviaRichiestaPatrocinioBodySchema, request.body);
      await options.sponsorship.submit(body, request.ip);
      return { data: null };
    },
  );
}
