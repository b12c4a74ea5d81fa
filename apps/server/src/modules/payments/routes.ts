import rateLimit from '@fastify/rate-limit';
import { RegistraPagamentoBodySchema } from '@sodalis/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../http/validation.js';
import type { WebhookTransmission } from '../../paypal/paypal-client.js';
import { optionalMember, requireMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { Receipts } from './receipts.js';
import type { PaymentService } from './service.js';

export interface PaymentRoutesOptions {
  payments: PaymentService;
  receipts: Receipts;
  accounts: AccountService;
  /** Reports accepted per client IP per hour (PAYMENT_RATE_LIMIT_PER_HOUR). */
  reportsPerHour: number;
}

const ReceiptParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'Identificativo della ricevuta non valido.' })
    .int({ message: 'Identificativo della ricevuta non valido.' })
    .positive({ message: 'Identificativo della ricevuta non valido.' }),
});

/** PayPal's transmission headers, or null when one is missing. */
function transmissionOf(request: FastifyRequest): WebhookTransmission | null {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' && value.length <= 2048 ? value : null;
  };
  const authAlgo = header('paypal-auth-algo');
  const certUrl = header('paypal-cert-url');
  const transmissionId = header('paypal-transmission-id');
  const transmissionSig = header('paypal-transmission-sig');
  const transmissionTime = header('paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime)
    return null;
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}

/**
 * /api/v1/Payment (ADR 012): the browser reports a captured order; PayPal notifies
 * captures and refunds through its webhook.
 */
export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions) {
  const { payments, accounts } = options;
  await app.register(rateLimit, { global: false });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/RegistraPagamento',
    {
      bodyLimit: 4 * 1024,
      config: { rateLimit: { max: options.reportsPerHour, timeWindow: 3_600_000 } },
    },
    async (request) => {
      const body = parseInput(RegistraPagamentoBodySchema, request.body);
      const member = await optionalMember(request, accounts);
      return { data: await payments.record(body, { memberId: member?.id ?? null }) };
    },
  );

  // A member's own receipts (ADR 030); lapsed members keep them, so no reserved-area check.
  app.get('/Ricevute', async (request) => {
    const member = await requireMember(request, accounts);
    return { data: await options.receipts.listOfMember(member.id) };
  });
  app.get('/Ricevute/:id', async (request) => {
    const member = await requireMember(request, accounts);
    const { id } = parseInput(ReceiptParamsSchema, request.params);
    return { data: await options.receipts.downloadOfMember(member.id, id) };
  });

  app.post('/PayPalWebhook', async (request) => {
    await payments.webhook(transmissionOf(request), request.body);
    return { data: null };
  });
}
