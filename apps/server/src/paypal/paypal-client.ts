/**
 * The PayPal REST calls the payment record needs: OAuth 2 client-credentials token, Orders v2
 * "show order details" and the webhook signature check. The base address is configuration so
 * tests answer them from a stand-in on loopback.
 */

import { OAuthTokenCache } from '../http/oauth-token-cache.js';

export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

/** The parts of an Orders v2 order the verification reads. */
export interface PayPalOrder {
  id: string;
  status: string;
  payer?: { email_address?: string };
  purchase_units?: {
    description?: string;
    amount?: { currency_code?: string; value?: string };
    payments?: {
      captures?: {
        id?: string;
        status?: string;
        amount?: { currency_code?: string; value?: string };
        /** RFC 3339 times of the capture (ADR 029, 2026-11-27: the day the money came in). */
        create_time?: string;
        update_time?: string;
      }[];
    };
  }[];
}

/** The transmission headers PayPal signs a webhook delivery with. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export interface PayPalClientOptions {
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  now?: () => Date;
}

export class PayPalClient {
  private readonly token: OAuthTokenCache;

  constructor(private readonly options: PayPalClientOptions) {
    this.token = new OAuthTokenCache({
      service: 'PayPal',
      tokenUrl: `${options.apiBaseUrl}/v1/oauth2/token`,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      grant: { grant_type: 'client_credentials' },
      error: (message, status) => new PayPalError(message, status),
      now: options.now,
    });
  }

  /** The order, or null when PayPal does not know it (404). */
  async order(orderId: string): Promise<PayPalOrder | null> {
    const response = await this.call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`);
    if (response.status === 404) return null;
    if (!response.ok)
      throw new PayPalError(`PayPal ha risposto ${response.status}`, response.status);
    const order = (await response.json()) as PayPalOrder;
    if (typeof order?.id !== 'string' || typeof order.status !== 'string') {
      throw new PayPalError('PayPal ha restituito un ordine senza id o stato', response.status);
    }
    return order;
  }

  /** Asks PayPal whether a webhook delivery carries its signature for our webhook. */
  async verifyWebhookSignature(
    webhookId: string,
    transmission: WebhookTransmission,
    event: unknown,
  ): Promise<boolean> {
    const response = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: webhookId,
      webhook_event: event,
    });
    if (!response.ok) {
      throw new PayPalError(
        `verifica della firma: PayPal ha risposto ${response.status}`,
        response.status,
      );
    }
    const answer = (await response.json()) as { verification_status?: unknown };
    return answer.verification_status === 'SUCCESS';
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return this.token.call(method, `${this.options.apiBaseUrl}${path}`, body);
  }
}
