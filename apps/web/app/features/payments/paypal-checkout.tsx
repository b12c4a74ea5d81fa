import {
  PAYMENT,
  PAYMENT_MESSAGES,
  type PaymentOrder,
  type RegistraPagamentoBody,
  type PaymentRecord,
} from '@sodalis/contracts';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
} from '@paypal/react-paypal-js';
import { apiRequest } from '../../api/api-client';
import { showError, showToast } from '../../state/toasts';

export const PAYPAL_UNAVAILABLE_TEXT =
  'Il pagamento online non è al momento disponibile. Per pagare la quota contatta la segreteria.';

/** PayPal's SDK could not be loaded (blocked, offline): say so instead of an empty space. */
function PayPalLoadFailure() {
  const [{ isRejected }] = usePayPalScriptReducer();
  return isRejected ? (
    <p className="mb-0" role="status" data-testid="payments-unavailable">
      {PAYPAL_UNAVAILABLE_TEXT}
    </p>
  ) : null;
}

/** What PayPal's SDK answers to a capture, as far as the record needs it. */
interface CaptureDetails {
  id?: string;
  status?: string;
  purchase_units?: {
    payments?: {
      captures?: { status?: string; amount?: { currency_code?: string; value?: string } }[];
    };
  }[];
}

/** What the capture said, for the report to the server. */
export interface CapturedPayment {
  orderId: string;
  importo: string;
  valuta: string;
}

/**
 * Tells the server about a captured order and answers its record; a failure here does not undo
 * the payment (null: logged, the payer still sees the confirmation).
 */
export async function recordPayment(body: RegistraPagamentoBody): Promise<PaymentRecord | null> {
  try {
    return await apiRequest<PaymentRecord>('/api/v1/Payment/RegistraPagamento', { body });
  } catch (error) {
    console.warn('registrazione del pagamento non riuscita', error);
    return null;
  }
}

/**
 * PayPal's script and button (ADR 012: wallet only, EUR, intent capture). `order` is null while
 * the payer's choice is incomplete (the button is disabled and a click says what is missing);
 * a completed capture shows the success toast and is handed to `onCaptured`.
 */
export function PayPalCheckout({
  clientId,
  cspNonce,
  order,
  forceReRender,
  onCaptured,
}: {
  clientId: string;
  cspNonce: string | undefined;
  order: PaymentOrder | null;
  forceReRender: unknown[];
  onCaptured: (payment: CapturedPayment) => Promise<void>;
}) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency: PAYMENT.currency,
        intent: PAYMENT.intent.toLowerCase(),
        components: 'buttons',
        ...(cspNonce ? { dataCspNonce: cspNonce } : {}),
      }}
    >
      <PayPalLoadFailure />
      <PayPalButtons
        fundingSource={PAYMENT.fundingSource}
        style={{ layout: 'horizontal', label: 'pay', tagline: false }}
        disabled={order === null}
        // Spec §4: any change to the selection re-creates the configuration.
        forceReRender={forceReRender}
        onClick={(_data, actions) => {
          if (order !== null) return actions.resolve();
          showError(PAYMENT_MESSAGES.missingData);
          return actions.reject();
        }}
        createOrder={(_data, actions) => {
          if (order === null) return Promise.reject(new Error(PAYMENT_MESSAGES.missingData));
          return actions.order.create(order);
        }}
        onApprove={async (data, actions) => {
          const details = (await actions.order?.capture()) as CaptureDetails | undefined;
          const capture = details?.purchase_units?.[0]?.payments?.captures?.[0];
          if (details?.status !== 'COMPLETED' || capture?.status !== 'COMPLETED') {
            showError(PAYMENT_MESSAGES.failure);
            return;
          }
          showToast(PAYMENT_MESSAGES.success);
          await onCaptured({
            orderId: details.id ?? data.orderID,
            importo: capture.amount?.value ?? '',
            valuta: capture.amount?.currency_code ?? '',
          });
        }}
        onCancel={() => showError(PAYMENT_MESSAGES.failure)}
        onError={(error) => {
          console.warn('pagamento PayPal non riuscito', error);
          showError(PAYMENT_MESSAGES.failure);
        }}
      />
    </PayPalScriptProvider>
  );
}
