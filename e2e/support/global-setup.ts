import { FakePayPal } from '../../apps/server/test/helpers/fake-paypal';
import { E2E_PAYPAL_CLIENT_ID, E2E_PAYPAL_CLIENT_SECRET } from './paypal-stand-in';

/**
 * PayPal's REST API stood in for on loopback, the one the server's API tests use: the e2e
 * server verifies every payment with it (PAYPAL_API_BASE_URL, playwright.config.ts) as it would
 * with PayPal, so a payment made in the browser is verified and gets its receipt. The server
 * calls it only to verify a payment, so it may start after the server. Answers the teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const paypal = new FakePayPal(E2E_PAYPAL_CLIENT_ID, E2E_PAYPAL_CLIENT_SECRET);
  await paypal.start(Number(process.env.E2E_PAYPAL_PORT));
  return () => paypal.stop();
}
