import type { ServerResponse } from 'node:http';
import { LoopbackStandIn, type RecordedCall } from './loopback-stand-in.js';

/** An order as PayPal's Orders v2 API shows it after a capture in the browser. */
export function capturedOrder(
  id: string,
  options: {
    value: string;
    description: string;
    currency?: string;
    orderStatus?: string;
    captureStatus?: string;
    captureId?: string;
    payerEmail?: string;
    /** The capture's `create_time` and `update_time` (RFC 3339), when the test needs them. */
    captureTime?: string;
  },
) {
  const amount = { currency_code: options.currency ?? 'EUR', value: options.value };
  return {
    id,
    intent: 'CAPTURE',
    status: options.orderStatus ?? 'COMPLETED',
    payer: {
      email_address: options.payerEmail ?? 'pagante@example.org',
      payer_id: 'PAYER123',
      name: { given_name: 'Mario', surname: 'Rossi' },
    },
    purchase_units: [
      {
        reference_id: 'default',
        description: options.description,
        amount,
        payments: {
          captures: [
            {
              id: options.captureId ?? `CAP-${id}`,
              status: options.captureStatus ?? 'COMPLETED',
              amount,
              final_capture: true,
              ...(options.captureTime === undefined
                ? {}
                : { create_time: options.captureTime, update_time: options.captureTime }),
            },
          ],
        },
      },
    ],
  };
}

/** The body of Orders v2 "create order" as far as the stand-in keeps it. */
interface OrderRequest {
  intent?: string;
  purchase_units?: { description?: string; amount?: { currency_code?: string; value?: string } }[];
}

/**
 * A stand-in for PayPal's REST API on loopback, with PayPal's HTTP shapes: the OAuth 2 token
 * (client credentials, Basic auth), Orders v2 "create order", "capture payment for order" and
 * "show order details", and the webhook signature check. It can be told to fail. The API tests
 * put captured orders in `orders`; the browser tests create and capture them as PayPal's SDK
 * does (e2e/support/paypal-stand-in.ts).
 */
export class FakePayPal extends LoopbackStandIn {
  /** Orders by id; unknown ids answer 404 RESOURCE_NOT_FOUND as PayPal does. */
  readonly orders = new Map<string, unknown>();
  /** Created orders not captured yet, with what their capture answers. */
  private readonly capturable = new Map<string, unknown>();
  private createdOrders = 0;
  /** The one transmission signature the stand-in accepts as PayPal's. */
  validSignature = 'firma-di-paypal';
  /** Status every call except the token answers with while set (e.g. 503). */
  failWith: number | null = null;

  constructor(
    private readonly clientId = 'client-di-prova',
    private readonly clientSecret = 'segreto-di-prova',
  ) {
    super();
  }

  get env(): Record<string, string> {
    return {
      PAYPAL_CLIENT_ID: this.clientId,
      PAYPAL_CLIENT_SECRET: this.clientSecret,
      PAYPAL_API_BASE_URL: this.url,
    };
  }

  protected answer(call: RecordedCall, response: ServerResponse): void {
    const send = (status: number, answer: unknown) => {
      response.statusCode = status;
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(answer));
    };
    if (call.method === 'POST' && call.url === '/v1/oauth2/token') {
      const basic = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
      if (call.authorization !== basic || call.body !== 'grant_type=client_credentials') {
        send(401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
        return;
      }
      send(200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: 'A21AAtoken-di-prova',
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: '2026-03-02T09:00:00Zabc',
      });
      return;
    }
    if (call.authorization !== 'Bearer A21AAtoken-di-prova') {
      send(401, { error: 'invalid_token' });
      return;
    }
    if (this.failWith !== null) {
      send(this.failWith, { name: 'INTERNAL_SERVER_ERROR' });
      return;
    }
    if (call.method === 'POST' && call.url === '/v2/checkout/orders') {
      const request = JSON.parse(call.body || '{}') as OrderRequest;
      const unit = request.purchase_units?.[0];
      const value = unit?.amount?.value;
      if (request.intent !== 'CAPTURE' || value === undefined) {
        send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }],
        });
        return;
      }
      this.createdOrders += 1;
      const id = `STANDIN${String(this.createdOrders).padStart(10, '0')}`;
      const created = capturedOrder(id, {
        value,
        description: unit?.description ?? '',
        currency: unit?.amount?.currency_code,
      });
      this.orders.set(id, {
        ...created,
        status: 'CREATED',
        purchase_units: created.purchase_units.map(({ payments: _captures, ...rest }) => rest),
      });
      this.capturable.set(id, created);
      send(201, { id, status: 'CREATED' });
      return;
    }
    const capture = /^\/v2\/checkout\/orders\/([^/?]+)\/capture$/.exec(call.url);
    if (call.method === 'POST' && capture) {
      const id = decodeURIComponent(capture[1] ?? '');
      const completed = this.capturable.get(id);
      if (completed === undefined) {
        send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
        return;
      }
      this.capturable.delete(id);
      this.orders.set(id, completed);
      send(201, completed);
      return;
    }
    const order = /^\/v2\/checkout\/orders\/([^/?]+)$/.exec(call.url);
    if (call.method === 'GET' && order) {
      const found = this.orders.get(decodeURIComponent(order[1] ?? ''));
      if (found === undefined) {
        send(404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
          message: 'The specified resource does not exist.',
        });
        return;
      }
      send(200, found);
      return;
    }
    if (call.method === 'POST' && call.url === '/v1/notifications/verify-webhook-signature') {
      const check = JSON.parse(call.body) as { transmission_sig?: string; webhook_id?: string };
      send(200, {
        verification_status:
          check.transmission_sig === this.validSignature && check.webhook_id === 'WH-PROVA'
            ? 'SUCCESS'
            : 'FAILURE',
      });
      return;
    }
    send(404, { name: 'NOT_FOUND' });
  }

  /** The "show order details" calls (the server's verifications). */
  orderCalls(): RecordedCall[] {
    return this.calls.filter(
      (call) => call.method === 'GET' && call.url.startsWith('/v2/checkout/orders/'),
    );
  }
}
