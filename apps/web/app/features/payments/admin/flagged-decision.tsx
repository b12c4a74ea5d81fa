import type { AdminPayment } from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { adminJson, adminPath } from '../../admin/data-provider';

/**
 * A "da controllare" payment decided by staff (ADR 029): accepted with a note (the years are
 * paid and the receipt numbered) or marked to be refunded (the years open again).
 */
export function FlaggedPaymentDecision() {
  const payment = useRecordContext<AdminPayment>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [note, setNote] = useState('');
  const [saving, setSaving] = useState(false);
  if (!payment || payment.status !== 'flagged') return null;
  const decide = (step: 'Accept' | 'MarkForRefund', done: string) => (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    adminJson<AdminPayment>(`${adminPath('pagamenti', payment.id)}/${step}`, {
      method: 'POST',
      body: { note },
    })
      .then(() => {
        notify(done, { type: 'success' });
        refresh();
      })
      .catch((error: unknown) =>
        notify(error instanceof Error ? error.message : 'Operazione non riuscita.', {
          type: 'error',
        }),
      )
      .finally(() => setSaving(false));
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
