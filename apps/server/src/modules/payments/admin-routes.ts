import { AdminFeeInputSchema, AdminPaymentListQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../http/send-file.js';
import { parseInput } from '../../http/validation.js';
import type { PaymentsAdminService } from './admin-service.js';
import {
  actorOf,
  FORM_BODY_LIMIT,
  BY_ID,
  historyRoutes,
  IdParamsSchema,
  saveAtVersion,
  sendCsv,
} from '../admin/route-helpers.js';

/**
 * /api/v1/Admin/Payments and /Fees (ADR 012, ADR 013). Registered inside `adminRoutes`, so its
 * access hook checks session and role first and the access-matrix test walks these routes too.
 */
export async function paymentsAdminRoutes(
  app: FastifyInstance,
  options: { payments: PaymentsAdminService },
) {
  const { payments } = options;

  app.get('/Payments', async (request) => ({
    data: await payments.listPayments(parseInput(AdminPaymentListQuerySchema, request.query)),
  }));
  app.get('/Payments/Export', async (request, reply) => {
    const csv = await payments.exportCsv(parseInput(AdminPaymentListQuerySchema, request.query));
    return sendCsv(reply, 'pagamenti.csv', csv);
  });
  app.get('/Payments/:id', async (request) => ({
    data: await payments.getPayment(parseInput(IdParamsSchema, request.params).id),
  }));
  for (const [path, kind] of [
    ['Receipt', 'receipt'],
    ['CancellingReceipt', 'cancellation'],
  ] as const) {
    app.get(`/Payments/:id/${path}`, async (request, reply) => {
      const pdf = await payments.receiptPdf(parseInput(IdParamsSchema, request.params).id, kind);
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdf.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(pdf.content));
    });
  }
  app.post('/Payments/:id/ResendReceipt', async (request) => ({
    data: await payments.resendReceipt(
      actorOf(request),
      parseInput(IdParamsSchema, request.params).id,
    ),
  }));

  app.get('/Fees', async () => ({ data: await payments.listFees() }));
  app.get('/Fees/:id', async (request) => ({
    data: await payments.getFee(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/Fees', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await payments.saveFee(
      actorOf(request),
      null,
      parseInput(AdminFeeInputSchema, request.body),
    ),
  }));
  app.put('/Fees/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const input = parseInput(AdminFeeInputSchema, request.body);
    return {
      data: await saveAtVersion(
        request,
        id,
        { get: (feeId) => payments.getFee(feeId), history: (feeId) => payments.feeHistory(feeId) },
        (version) => payments.saveFee(actorOf(request), id, input, version),
      ),
    };
  });

  // Each edit of a fee goes back from its history; fees are never deleted, so there is no bin
  // (ADR 031).
  historyRoutes(app, '/Fees', BY_ID, {
    history: (id) => payments.feeHistory(id),
    rollback: (actor, id, auditId) => payments.rollbackFee(actor, id, auditId),
  });
}
