/**
 * The PayPal REST calls the payment record needs: OAuth 2 client-credentials token, Orders v2
 * "show order details" and the webhook signature check. The base address is configuration so
 * tests answer them from a stand-in on loopback.
 */

/** How long one call to PayPal may take before the attempt counts as failed. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Tokens are renewed this long before PayPal says they expire. */
const TOKEN_MARGIN_MS = 60_000;

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
  private token: { value: string; expiresAt: number } | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: PayPalClientOptions) {
    this.now = options.now ?? (() => new Date());
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

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const token = await this.accessToken();
    const response = await fetch(`${this.options.apiBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    // An expired or revoked token: the next attempt asks for a new one.
    if (response.status === 401) this.token = null;
    return response;
  }

  private async accessToken(): Promise<string> {
    const now = this.now().getTime();
    if (this.token !== null && this.token.expiresAt > now) return this.token.value;
    const { apiBaseUrl, clientId, clientSecret } = this.options;
    const response = await fetch(`${apiBaseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) {
      throw new PayPalError(
        `autenticazione PayPal non riuscita (${response.status})`,
        response.status,
      );
    }
    const answer = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token === '') {
      throw new PayPalError('PayPal non ha restituito un token di accesso', response.status);
    }
    const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 900;
    this.token = {
      value: answer.access_token,
      expiresAt: now + Math.max(0, seconds * 1000 - TOKEN_MARGIN_MS),
    };
    return this.token.value;
  }
}
