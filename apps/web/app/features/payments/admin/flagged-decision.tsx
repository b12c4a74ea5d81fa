import type { AdminPayment } from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import { useRecordContext } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { useStaffCall } from '../../admin/staff-call';

type Step = 'Accept' | 'MarkForRefund' | 'Refunded';

/**
 * Staff's decisions on a payment (ADR 029): a "da controllare" one accepted with a note (the
 * years are paid and the receipt numbered) or marked "da rimborsare" (the years open again), as
 * a verified one paid twice may be; a "da rimborsare" one recorded as refunded (its receipt, if
 * any, gets a cancelling receipt).
 */
export function FlaggedPaymentDecision() {
  const payment = useRecordContext<AdminPayment>();
  const [note, setNote] = useState('');
  const { saving, call } = useStaffCall();
  if (!payment || !['flagged', 'verified', 'to_refund'].includes(payment.status)) return null;
  const decide = (step: Step, done: string) => (event: FormEvent) => {
    event.preventDefault();
    void call<AdminPayment>(
      `${adminPath('pagamenti', payment.id)}/${step}`,
      { method: 'POST', body: { note } },
      () => done,
    );
  };
  const markForRefund = decide(
    'MarkForRefund',
    'Pagamento segnato da rimborsare: gli anni tornano da pagare.',
  );
  const submit =
    payment.status === 'flagged'
      ? decide('Accept', 'Pagamento accettato: quota pagata e ricevuta numerata.')
      : payment.status === 'to_refund'
        ? decide('Refunded', 'Rimborso registrato: il pagamento è rimborsato.')
        : markForRefund;
  return (
    <form className="mt-3" aria-labelledby="decisione-titolo" onSubmit={submit}>
      <h2 id="decisione-titolo" className="h6">
        Decisione della segreteria
      </h2>
      <label className="d-block mb-2">
        Nota (resta sul pagamento)
        <textarea
          className="form-control"
          value={note}
          maxLength={300}
          rows={2}
          onChange={(event) => setNote(event.target.value)}
          required
        />
      </label>
      {payment.status === 'flagged' ? (
        <>
          <button className="btn btn-primary me-2" type="submit" disabled={saving}>
            Accetta il pagamento
          </button>
          <button
            className="btn btn-outline-danger"
            type="button"
            disabled={saving || note.trim() === ''}
            onClick={markForRefund}
          >
            Segna da rimborsare
          </button>
        </>
      ) : payment.status === 'to_refund' ? (
        <button className="btn btn-primary" type="submit" disabled={saving}>
          Registra il rimborso eseguito
        </button>
      ) : (
        <button className="btn btn-outline-danger" type="submit" disabled={saving}>
          Segna da rimborsare (pagato due volte)
        </button>
      )}
    </form>
  );
}
