import {
  euroAmount,
  ibanGroups,
  italianEuroText,
  PAYMENT,
  type PaymentOrder,
  type PaymentSettings,
} from '@sodalis/contracts';
import { useState } from 'react';
import { useHydrated } from '../../state/hydrated';
import { CopyableText } from './copyable-text';
import { documentCspNonce } from './paypal-document';
import { PAYPAL_UNAVAILABLE_TEXT, PayPalCheckout, type CapturedPayment } from './paypal-checkout';

/** PayPal's order of a fixed amount and description (ADR 012): what the server then checks. */
export function fixedOrder(amountCents: number, description: string): PaymentOrder {
  return {
    intent: PAYMENT.intent,
    purchase_units: [
      {
        amount: { currency_code: PAYMENT.currency, value: euroAmount(amountCents / 100) },
        description: description.slice(0, PAYMENT.descriptionMaxLength),
      },
    ],
  };
}

/**
 * Paying a purpose's amount (ADR 045): PayPal's button with scripts (one checkout of the
 * amount, the description the server verifies) and the bank transfer with the causale that
 * pairs it with the statement, readable and selectable also without scripts. The purpose's
 * page reports the capture (`onCaptured`) to its own API.
 */
export function OrderPayment({
  amountCents,
  description,
  causale,
  paypalClientId,
  bankAccount,
  payLabel,
  onCaptured,
  testId,
}: {
  amountCents: number;
  /** PayPal's order description (the server checks the order carries it). */
  description: string;
  causale: string;
  paypalClientId: string | null;
  bankAccount: PaymentSettings['bankAccount'];
  /** What the button says before PayPal's appear ("Paga con PayPal"). */
  payLabel: string;
  onCaptured: (payment: CapturedPayment) => Promise<void>;
  testId?: string;
}) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(false);
  const amount = italianEuroText(amountCents);
  return (
    <div data-testid={testId}>
      {paypalClientId === null ? (
        <p>{PAYPAL_UNAVAILABLE_TEXT}</p>
      ) : chosen ? (
        <div data-testid="order-paypal">
          <PayPalCheckout
            clientId={paypalClientId}
            cspNonce={documentCspNonce()}
            order={fixedOrder(amountCents, description)}
            forceReRender={[amountCents, description]}
            onCaptured={async (captured) => {
              setChosen(false);
              await onCaptured(captured);
            }}
          />
        </div>
      ) : (
        <>
          <noscript>
            <p>
              {bankAccount === null
                ? 'Per pagare con PayPal serve JavaScript.'
                : 'Per pagare con PayPal serve JavaScript; puoi pagare anche con bonifico bancario.'}
            </p>
          </noscript>
          {/* PayPal's button needs scripts: none before they run. */}
          {hydrated ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setChosen(true)}
              data-testid="order-paypal-start"
            >
              {payLabel} ({amount})
            </button>
          ) : null}
        </>
      )}
      {bankAccount === null ? null : (
        <div className="mt-3" data-testid="order-bank-transfer">
          <h4 className="h6">Oppure con bonifico bancario</h4>
          <dl className="mb-0">
            <dt>IBAN</dt>
            <dd>
              <CopyableText
                value={bankAccount.iban.replace(/\s+/g, '').toUpperCase()}
                shown={ibanGroups(bankAccount.iban)}
                what="l’IBAN"
              />
            </dd>
            <dt>Intestatario</dt>
            <dd>{bankAccount.holder}</dd>
            <dt>Importo</dt>
            <dd>{amount}</dd>
            <dt>Causale (da copiare così com’è)</dt>
            <dd>
              <CopyableText value={causale} what="la causale" testId="order-causale" />
            </dd>
          </dl>
        </div>
      )}
    </div>
  );
}
