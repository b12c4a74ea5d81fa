import {
  PAYMENT_CONFIRMATION,
  PAYMENT_MESSAGES,
  receiptLabel,
  type MemberReceipt,
} from '@sodalis/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadReceipt } from '../../shared/documents/member-receipts';

/** Where the signed-in member's receipt stands after paying. */
export type ReceiptState =
  | { kind: 'waiting' }
  | { kind: 'ready'; receipt: MemberReceipt }
  /** Not numbered yet after the last look (PayPal still to confirm it): it comes by e-mail. */
  | { kind: 'later' }
  /** Paid without signing in: the receipt goes to the PayPal account's e-mail. */
  | { kind: 'byMail' };

/**
 * What stays after a payment (ADR 012, amended 2026-11-27), where the PayPal button was: the
 * spec's success text (§8) as its heading — the toast says it too, and passes — what was paid,
 * and the receipt: its number and a download as soon as the server has numbered it. It takes the
 * focus when it appears, so a screen reader reads it and the keyboard starts from it; the
 * receipt's line is a live region, announced when the number arrives.
 */
export function PaymentConfirmation({
  paid,
  receipt,
  children,
}: {
  /** "Quote 2025, 2026 – 160,00 € – ordine PayPal …". */
  paid: string;
  receipt: ReceiptState;
  /** Below the receipt (another payment, for the general panel). */
  children?: ReactNode;
}) {
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  return (
    <div
      ref={box}
      className="alert alert-success mb-3"
      tabIndex={-1}
      role="group"
      aria-labelledby={headingId}
      data-testid="payment-confirmation"
    >
      <h4 id={headingId} className="h6 alert-heading">
        {PAYMENT_MESSAGES.success}
      </h4>
      <p className="mb-2">{paid}</p>
      <div role="status" data-testid="payment-receipt">
        {receipt.kind === 'waiting' ? (
          <p className="mb-0">{PAYMENT_CONFIRMATION.receiptWaiting}</p>
        ) : null}
        {receipt.kind === 'later' ? (
          <p className="mb-0">{PAYMENT_CONFIRMATION.receiptLater}</p>
        ) : null}
        {receipt.kind === 'byMail' ? (
          <p className="mb-0">{PAYMENT_CONFIRMATION.receiptByMail}</p>
        ) : null}
        {receipt.kind === 'ready' ? (
          <p className="mb-0">
            <strong data-testid="payment-receipt-number">
              {receiptLabel(receipt.receipt.number)}
            </strong>{' '}
            <button
              type="button"
              className="btn btn-sm btn-success ms-2"
              onClick={() => void downloadReceipt(receipt.receipt.id)}
            >
              Scarica la ricevuta (PDF)
            </button>{' '}
            <Link className="ms-2" to="/area-riservata-profilo">
              {PAYMENT_CONFIRMATION.profileLink}
            </Link>
          </p>
        ) : null}
      </div>
      {children}
    </div>
  );
}
