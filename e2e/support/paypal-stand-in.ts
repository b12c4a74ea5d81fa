import type { Page } from '@playwright/test';

/** The client id and secret the e2e server is started with (playwright.config.ts). */
export const E2E_PAYPAL_CLIENT_ID = 'e2e-client-id-sandbox';
export const E2E_PAYPAL_CLIENT_SECRET = 'e2e-segreto-sandbox';

/** PayPal's REST API as the e2e server reaches it: the stand-in of support/global-setup.ts. */
function payPalApiBase(): string {
  const port = process.env.E2E_PAYPAL_PORT;
  if (!port) throw new Error('E2E_PAYPAL_PORT non impostata');
  return `http://127.0.0.1:${port}`;
}

/** A call to the PayPal API stand-in with a client-credentials token, as PayPal's SDK makes it. */
async function payPalApi(path: string, body: unknown): Promise<unknown> {
  const base = payPalApiBase();
  const basic = Buffer.from(`${E2E_PAYPAL_CLIENT_ID}:${E2E_PAYPAL_CLIENT_SECRET}`).toString(
    'base64',
  );
  const token = await fetch(`${base}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`PayPal (stand-in) ha risposto ${response.status}`);
  return response.json();
}

/** Orders v2 "create order": the order's id at the stand-in PayPal. */
async function createOrder(payload: unknown): Promise<string> {
  return ((await payPalApi('/v2/checkout/orders', payload)) as { id: string }).id;
}

/** Orders v2 "capture payment for order": the captured order. */
function captureOrder(orderId: string): Promise<unknown> {
  return payPalApi(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {});
}

/**
 * An order created and captured at the stand-in PayPal, for a payment a spec reports through
 * the API itself (the browser's part skipped): the server's verification finds it as PayPal
 * would. Answers the order id.
 */
export async function capturedPayPalOrder(unit: {
  value: string;
  description: string;
}): Promise<string> {
  const orderId = await createOrder({
    intent: 'CAPTURE',
    purchase_units: [
      { amount: { currency_code: 'EUR', value: unit.value }, description: unit.description },
    ],
  });
  await captureOrder(orderId);
  return orderId;
}

/** What the stand-in SDK does when its button is pressed and the order is created. */
export type PayPalOutcome = 'approve' | 'cancel' | 'error';

/**
 * A stand-in for PayPal's JS SDK v5, served at https://www.paypal.com/sdk/js by request
 * interception (the page's CSP still decides whether it may run). It implements what
 * `@paypal/react-paypal-js` uses — `paypal.Buttons(options)` with `isEligible`, `render`,
 * `close`, `onInit` actions — and drives a payment as the real SDK does: `onClick`, then
 * `createOrder` with `actions.order.create`, then `onApprove` with `actions.order.capture`
 * (or `onCancel` / `onError`). Creating and capturing go, as with PayPal, to PayPal's API: the
 * stand-in the server verifies with (`window.__paypalOrdersApi`, a binding to this process).
 * The orders created are kept in `window.__paypalStandIn`.
 */
const STAND_IN_SDK = String.raw`(() => {
  const state = (window.__paypalStandIn = window.__paypalStandIn || {
    outcome: 'approve',
    orders: [],
    captures: 0,
  });
  function Buttons(options) {
    let enabled = true;
    let button = null;
    const initActions = {
      enable() {
        enabled = true;
        if (button) {
          button.dataset.enabled = 'true';
          button.removeAttribute('aria-disabled');
        }
        return Promise.resolve();
      },
      disable() {
        enabled = false;
        if (button) {
          button.dataset.enabled = 'false';
          button.setAttribute('aria-disabled', 'true');
        }
        return Promise.resolve();
      },
    };
    async function pay() {
      const clickActions = { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(false) };
      const verdict = options.onClick ? await options.onClick({ fundingSource: options.fundingSource }, clickActions) : true;
      if (verdict === false || !enabled) return;
      let orderID;
      try {
        orderID = await options.createOrder(
          { paymentSource: options.fundingSource },
          { order: { create: (payload) => { state.orders.push(payload); return window.__paypalOrdersApi('create', payload); } } },
        );
      } catch (error) {
        if (options.onError) options.onError(error);
        return;
      }
      if (state.outcome === 'cancel') {
        if (options.onCancel) options.onCancel({ orderID });
        return;
      }
      if (state.outcome === 'error') {
        if (options.onError) options.onError(new Error('errore simulato della finestra PayPal'));
        return;
      }
      try {
        await options.onApprove(
          { orderID, payerID: 'STANDINPAYER', paymentSource: options.fundingSource },
          {
            order: {
              capture: () => {
                state.captures += 1;
                return window.__paypalOrdersApi('capture', orderID);
              },
            },
          },
        );
      } catch (error) {
        if (options.onError) options.onError(error);
      }
    }
    return {
      isEligible: () => options.fundingSource === 'paypal',
      render(container) {
        const host = typeof container === 'string' ? document.querySelector(container) : container;
        button = document.createElement('button');
        button.type = 'button';
        button.className = 'paypal-stand-in';
        button.textContent = 'PayPal';
        button.dataset.enabled = String(enabled);
        if (!enabled) button.setAttribute('aria-disabled', 'true');
        button.addEventListener('click', () => { void pay(); });
        host.appendChild(button);
        if (options.onInit) options.onInit({}, initActions);
        return Promise.resolve();
      },
      close() {
        if (button) button.remove();
        button = null;
        return Promise.resolve();
      },
    };
  }
  window.paypal = { version: 'stand-in', Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();`;

export interface PayPalStandIn {
  /** Addresses the page asked PayPal's SDK from. */
  sdkRequests: URL[];
  /** The orders the page created, as passed to `actions.order.create`. */
  orders(): Promise<unknown[]>;
  setOutcome(outcome: PayPalOutcome): Promise<void>;
}

/**
 * Answers PayPal's SDK address with the stand-in (or, with `unreachable`, refuses it as a
 * blocked or offline network would); any other PayPal address is refused.
 */
export async function installPayPalStandIn(
  page: Page,
  options: { unreachable?: boolean } = {},
): Promise<PayPalStandIn> {
  const sdkRequests: URL[] = [];
  await page.exposeFunction(
    '__paypalOrdersApi',
    (action: 'create' | 'capture', argument: unknown) =>
      action === 'create' ? createOrder(argument) : captureOrder(String(argument)),
  );
  await page.route(/^https:\/\/[^/]*paypal(objects)?\.com\//, async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === 'www.paypal.com' && url.pathname === '/sdk/js') {
      sdkRequests.push(url);
      if (options.unreachable) {
        await route.abort('internetdisconnected');
        return;
      }
      await route.fulfill({ contentType: 'application/javascript', body: STAND_IN_SDK });
      return;
    }
    await route.abort();
  });
  return {
    sdkRequests,
    orders: () =>
      page.evaluate(
        () =>
          (window as unknown as { __paypalStandIn?: { orders: unknown[] } }).__paypalStandIn
            ?.orders ?? [],
      ),
    setOutcome: (outcome) =>
      page.evaluate((value) => {
        const standIn = (window as unknown as { __paypalStandIn?: { outcome: string } })
          .__paypalStandIn;
        if (standIn) standIn.outcome = value;
      }, outcome),
  };
}
