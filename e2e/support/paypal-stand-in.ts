import type { Page } from '@playwright/test';

/** The client id the e2e server is started with (playwright.config.ts). */
export const E2E_PAYPAL_CLIENT_ID = 'e2e-client-id-sandbox';

/** What the stand-in SDK does when its button is pressed and the order is created. */
export type PayPalOutcome = 'approve' | 'cancel' | 'error';

/**
 * A stand-in for PayPal's JS SDK v5, served at https://www.paypal.com/sdk/js by request
 * interception (the page's CSP still decides whether it may run). It implements what
 * `@paypal/react-paypal-js` uses — `paypal.Buttons(options)` with `isEligible`, `render`,
 * `close`, `onInit` actions — and drives a payment as the real SDK does: `onClick`, then
 * `createOrder` with `actions.order.create`, then `onApprove` with `actions.order.capture`
 * (or `onCancel` / `onError`). The orders created are kept in `window.__paypalStandIn`.
 */
const STAND_IN_SDK = String.raw`(() => {
  const state = (window.__paypalStandIn = window.__paypalStandIn || {
    outcome: 'approve',
    orders: [],
    captures: 0,
  });
  const newOrderId = () =>
    Array.from({ length: 17 }, () => '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(Math.random() * 36)]).join('');
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
          { order: { create: (payload) => { state.orders.push(payload); return Promise.resolve(newOrderId()); } } },
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
      const unit = state.orders[state.orders.length - 1].purchase_units[0];
      try {
        await options.onApprove(
          { orderID, payerID: 'STANDINPAYER', paymentSource: options.fundingSource },
          {
            order: {
              capture: () => {
                state.captures += 1;
                return Promise.resolve({
                  id: orderID,
                  intent: 'CAPTURE',
                  status: 'COMPLETED',
                  payer: { email_address: 'pagante@example.org', payer_id: 'STANDINPAYER' },
                  purchase_units: [
                    {
                      description: unit.description,
                      amount: unit.amount,
                      payments: { captures: [{ id: 'CAP' + orderID, status: 'COMPLETED', amount: unit.amount }] },
                    },
                  ],
                });
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
