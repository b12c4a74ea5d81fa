import rateLimit from '@fastify/rate-limit';
import { SubscribeMailUpBodySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { NewsletterService } from './service.js';

export interface NewsletterRoutesOptions {
  newsletter: NewsletterService;
  /** Signups accepted per client IP per hour (NEWSLETTER_RATE_LIMIT_PER_HOUR). */
  requestsPerHour: number;
}

/** POST /api/v1/Account/SubscribeMailUp (spec §7): validate, store, answer `{data: null}`. */
export async function newsletterRoutes(app: FastifyInstance, options: NewsletterRoutesOptions) {
  await app.register(rateLimit, { global: false });

  app.post(
    '/SubscribeMailUp',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: options.requestsPerHour, timeWindow: 3_600_000 } },
    },
    async (request) => {
      const { email } = parseInput(SubscribeMailUpBodySchema, request.body);
      await options.newsletter.subscribe(email, request.ip);
      return { data: null };
    },
  );
}
