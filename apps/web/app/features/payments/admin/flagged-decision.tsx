import type { AdminPayment } from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import { useRecordContext } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { useStaffCall } from '../../admin/staff-call';

/**
 * A "da controllare" payment decided by staff (ADR 029): accepted with a note (the years are
 * paid and the receipt numbered) or marked to be refunded (the years open again).
 */
export function FlaggedPaymentDecision() {
  const payment = useRecordContext<AdminPayment>();
  const [note, setNote] = useState('');
  const { saving, call } = useStaffCall();
  if (!payment || payment.status !== 'flagged') return null;
  const decide = (step: 'Accept' | 'MarkForRefund', done: string) => (event: FormEvent) => {
    event.preventDefault();
    void call<AdminPayment>(
      `${adminPath('pagamenti', payment.id)}/${step}`,
      { method: 'POST', body: { note } },
      () => done,
    );
  };
  return (
    <form
      className="mt-3"
      aria-labelledby="decisione-titolo"
      onSubmit={decide('Accept', 'Pagamento accettato: quota pagata e ricevuta numerata.')}
    >
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
      <button className="btn btn-primary me-2" type="submit" disabled={saving}>
        Accetta il pagamento
      </button>
      <button
        className="btn btn-outline-danger"
        type="button"
        disabled={saving || note.trim() === ''}
        onClick={decide(
          'MarkForRefund',
          'Pagamento segnato da rimborsare: gli anni tornano da pagare.',
        )}
      >
        Segna da rimborsare
      </button>
    </form>
  );
}
