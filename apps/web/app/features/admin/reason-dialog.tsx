import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState, type FormEvent } from 'react';

/**
 * A dialog asking the reason of a staff decision the person receives (a refusal, a
 * cancellation): checked with the contracts' schema before it is sent, the server's own
 * refusal shown by the staff call.
 */
export function ReasonDialog({
  open,
  onClose,
  title,
  explanation,
  confirmLabel,
  schema,
  saving,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  explanation: string;
  confirmLabel: string;
  /** The contracts' schema of the reason (the server checks it again). */
  schema: {
    safeParse(value: {
      reason: string;
    }):
      | { success: true; data: { reason: string } }
      | { success: false; error: { issues: readonly { message: string }[] } };
  };
  saving: boolean;
  onConfirm: (reason: string) => Promise<boolean>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = schema.safeParse({ reason });
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    void onConfirm(checked.data.reason).then((done) => {
      if (done) onClose();
    });
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-titolo`}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-titolo`}>{title}</DialogTitle>
        <DialogContent>
          <p>{explanation}</p>
          <label htmlFor={`${id}-motivo`} className="form-label">
            Motivo
          </label>
          <textarea
            id={`${id}-motivo`}
            className="form-control"
            rows={3}
            maxLength={1000}
            value={reason}
            aria-invalid={error === null ? undefined : true}
            aria-describedby={error === null ? undefined : `${id}-motivo-errore`}
            onChange={(event) => setReason(event.target.value)}
          />
          {error === null ? null : (
            <div id={`${id}-motivo-errore`} className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </DialogContent>
        <DialogActions>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            Annulla
          </button>
          <button type="submit" className="btn btn-danger" disabled={saving}>
            {confirmLabel}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
