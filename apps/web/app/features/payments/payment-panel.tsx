import {
  buildPaymentOrder,
  euroAmount,
  isPaymentSelectionComplete,
  PAYMENT,
  PAYMENT_CONFIRMATION,
  PAYMENT_MESSAGES,
  type Fee,
  romeYear,
} from '@sodalis/contracts';
import { useId, useState } from 'react';
import { LabelledInput } from '../../components/form-fields';
import { useHydrated } from '../../state/hydrated';
import { showError } from '../../state/toasts';
import { PaymentConfirmation } from './payment-confirmation';
import { documentCspNonce } from './paypal-document';
import { PAYPAL_UNAVAILABLE_TEXT, PayPalCheckout, recordPayment } from './paypal-checkout';

/** The name of the payment provider: the panel's title (spec §2.11). */
const PROVIDER_NAME = 'PayPal';

export type PaymentPanelKind = 'soci' | 'affiliati';

/** The account-name field: spec §5 names the members' one; the affiliates' follows suit. */
const ACCOUNT_NAME_LABEL: Record<PaymentPanelKind, string> = {
  soci: PAYMENT_MESSAGES.memberNameLabel,
  affiliati: 'Nominativo dell’affiliato',
};

const PAY_WITH_PROVIDER = `Paga con ${PROVIDER_NAME}`;

/** `80,00 €` for the fee list. */
function feeLabel(fee: Fee): string {
  return `${fee.title} – ${euroAmount(fee.quota).replace('.', ',')} €`;
}

/**
 * The payment panel of the Pagamento tab (spec §2.11, §4, §5, §7 Payment): fee, account name
 * and year, then PayPal's button (wallet only, EUR, intent capture). The order is created in
 * the browser; after the capture the browser reports it to the server (ADR 012).
 */
export function PaymentPanel({
  kind,
  fees,
  paypalClientId,
}: {
  kind: PaymentPanelKind;
  fees: Fee[];
  paypalClientId: string | null;
}) {
  const ids = useId();
  const currentYear = romeYear();
  const [feeId, setFeeId] = useState('');
  const [accountName, setAccountName] = useState('');
  const [yearText, setYearText] = useState('');
  // PayPal's SDK runs in the browser only: the button appears once the page is hydrated, with
  // the document's CSP nonce for what the SDK injects.
  const hydrated = useHydrated();
  const browser = hydrated ? { cspNonce: documentCspNonce() } : null;
  // PayPal's SDK (and its cookies) loads only when the member chooses to pay (ADR 022).
  const [payPalChosen, setPayPalChosen] = useState(false);
  // What was paid, kept on the panel until the payer starts another payment (ADR 012, amended
  // 2026-11-27): the toast passes, this stays.
  const [paid, setPaid] = useState<string | null>(null);

  const fee = fees.find((candidate) => String(candidate.id) === feeId);
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : undefined;
  const selection = { fee, accountName, year };
  const complete = isPaymentSelectionComplete(selection, currentYear);

  return (
    <section className="payment-panel card mt-4" aria-labelledby={`${ids}-title`}>
      <div className="card-body">
        <h3 id={`${ids}-title`} className="h5 card-title">
          {PROVIDER_NAME}
        </h3>
        {paypalClientId === null ? (
          <p className="mb-0" data-testid="payments-unavailable">
            {PAYPAL_UNAVAILABLE_TEXT}
          </p>
        ) : paid !== null ? (
          <PaymentConfirmation paid={paid} receipt={{ kind: 'byMail' }}>
            <button
              type="button"
              className="btn btn-outline-primary mt-3"
              onClick={() => {
                setPaid(null);
                setPayPalChosen(false);
                setFeeId('');
                setAccountName('');
                setYearText('');
              }}
            >
              {PAYMENT_CONFIRMATION.another}
            </button>
          </PaymentConfirmation>
        ) : (
          <form className="row g-3" onSubmit={(event) => event.preventDefault()} noValidate>
            <div className="col-md-6">
              <label htmlFor={`${ids}-fee`} className="form-label">
                Quota
              </label>
              <select
                id={`${ids}-fee`}
                className="form-select"
                value={feeId}
                required
                onChange={(event) => setFeeId(event.target.value)}
              >
                <option value="">{PAYMENT_MESSAGES.feePlaceholder}</option>
                {fees.map((option) => (
                  <option key={option.id} value={option.id}>
                    {feeLabel(option)}
                  </option>
                ))}
              </select>
            </div>
            <LabelledInput
              column="col-md-6"
              label={ACCOUNT_NAME_LABEL[kind]}
              id={`${ids}-name`}
              type="text"
              autoComplete="name"
              maxLength={PAYMENT.accountNameMaxLength}
              required
              value={accountName}
              onChange={(event) => setAccountName(event.target.value)}
            />
            <LabelledInput
              column="col-md-6"
              label="Anno di iscrizione"
              id={`${ids}-year`}
              type="number"
              inputMode="numeric"
              min={currentYear}
              max={PAYMENT.maxYear}
              step={1}
              required
              value={yearText}
              onChange={(event) => setYearText(event.target.value)}
            />
            <div className="col-12" data-testid="paypal-button">
              {browser && !payPalChosen ? (
                <button
                  type="button"
                  className="btn btn-primary"
                  data-testid="paypal-start"
                  onClick={() => {
                    // Spec §5: paying with missing data shows an error toast.
                    if (complete) setPayPalChosen(true);
                    else showError(PAYMENT_MESSAGES.missingData);
                  }}
                >
                  {PAY_WITH_PROVIDER}
                </button>
              ) : null}
              {browser && payPalChosen ? (
                <PayPalCheckout
                  clientId={paypalClientId}
                  cspNonce={browser.cspNonce}
                  order={complete ? buildPaymentOrder(selection) : null}
                  forceReRender={[feeId, accountName, yearText]}
                  onCaptured={async (captured) => {
                    if (fee !== undefined && year !== undefined) {
                      await recordPayment({
                        ...captured,
                        quotaId: fee.id,
                        anno: year,
                        nominativo: accountName.trim(),
                      });
                      setPaid(
                        `${feeLabel(fee)} – anno ${year} – ${accountName.trim()} – ordine PayPal ${captured.orderId}.`,
                      );
                    }
                  }}
                />
              ) : null}
            </div>
          </form>
        )}
      </div>
    </section>
  );
}
