import rateLimit from '@fastify/rate-limit';
import { RegistraPagamentoBodySchema } from '@sodalis/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseInput } from '../../http/validation.js';
import type { WebhookTransmission } from '../../paypal/paypal-client.js';
import { optionalMember } from '../accounts/guard.js';
import type { AccountService } from '../accounts/service.js';
import type { PaymentService } from './service.js';

export interface PaymentRoutesOptions {
  payments: PaymentService;
  accounts: AccountService;
  /** Reports accepted per client IP per hour (PAYMENT_RATE_LIMIT_PER_HOUR). */
  reportsPerHour: number;
}

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

  app.post('/PayPalWebhook', async (request) => {
    await payments.webhook(transmissionOf(request), request.body);
    return { data: null };
  });
}
