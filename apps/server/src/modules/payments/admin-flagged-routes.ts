import { FlaggedPaymentDecisionBodySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';
import {
  decideFlaggedPayment,
  recordRefundMade,
  type FlaggedPaymentDeps,
} from './admin-flagged.js';
import type { PaymentsAdminService } from './admin-service.js';

/**
 * /api/v1/Admin/Payments/:id/Accept, /MarkForRefund and /Refunded (ADR 029), inside
 * `adminRoutes`.
 */
export async function flaggedPaymentRoutes(
  app: FastifyInstance,
  options: { flagged: FlaggedPaymentDeps; payments: PaymentsAdminService },
) {
  const { flagged, payments } = options;
  for (const [path, decision] of [
    ['Accept', 'accept'],
    ['MarkForRefund', 'refund'],
  ] as const) {
    app.post(`/Payments/:id/${path}`, { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
      const { id } = parseInput(IdParamsSchema, request.params);
      const { note } = parseInput(FlaggedPaymentDecisionBodySchema, request.body);
      await decideFlaggedPayment(flagged, actorOf(request), id, decision, note);
      return { data: await payments.getPayment(id) };
    });
  }
  app.post('/Payments/:id/Refunded', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const { note } = parseInput(FlaggedPaymentDecisionBodySchema, request.body);
    await recordRefundMade(flagged, actorOf(request), id, note);
    return { data: await payments.getPayment(id) };
  });
}
