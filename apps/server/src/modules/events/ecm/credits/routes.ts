import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, parseInput } from '../../../../http/validation.js';
import { requireMember } from '../../../accounts/guard.js';
import type { AccountService } from '../../../accounts/service.js';
import type { EcmCredits } from './service.js';

/**
 * A person's own ECM certificate (ADR 060), under /api/v1/Events, in the envelope the reserved
 * area downloads (as the certificate of attendance): issued at the first request once the
 * credits are earned; never cached.
 */
export async function ecmCreditsRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService; credits: EcmCredits },
) {
  const { accounts, credits } = options;
  app.get('/Registrations/:id/EcmCertificate', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const member = await requireMember(request, accounts);
    const { id } = parseInput(IdParamsSchema, request.params);
    return { data: await credits.myCertificatePdf(member.id, id) };
  });
}
