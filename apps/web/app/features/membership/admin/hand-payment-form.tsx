import { HandPaymentBodySchema, romeDate, type AdminMembership } from '@sodalis/contracts';
import { useId, useState, type FormEvent, type ReactElement } from 'react';
import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { fieldErrorsOf, fieldErrorsOfIssues } from '../../admin/error-text';
import { adminJson, adminPath } from '../../admin/data-provider';

type Field = 'years' | 'amount' | 'method' | 'paidOn' | 'note';

/** The years as typed ("2025, 2026"), or null when one is not a year. */
function typedYears(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter((part) => part !== '');
  const years = parts.map(Number);
  return years.every((year) => Number.isInteger(year) && year >= 2000 && year <= 2099)
    ? years
    : null;
}

/**
 * Cash or card at a congress (ADR 029): staff record the years paid on the member's screen;
 * the one settling function marks them paid and numbers the receipt. Each field shows its own
 * Italian message, from the shared schema before sending or from the server after.
 */
export function HandPaymentForm() {
  const membership = useRecordContext<AdminMembership>();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    years: membership?.openYears.join(', ') ?? '',
    amount: '',
    method: 'contanti',
    paidOn: romeDate(),
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  if (!membership) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const years = typedYears(values.years);
    const body = { ...values, years: years ?? [], note: values.note || undefined };
    const checked = HandPaymentBodySchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOfIssues<Field>(checked.error.issues);
    // Years that are not numbers: said in the form's words, before the schema's.
    if (years === null)
      found.years = 'Indica gli anni come numeri tra 2000 e 2099, separati da virgole.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    adminJson<{ paymentId: number }>(`${adminPath('soci', membership.id)}/Payments`, {
      method: 'POST',
      body,
    })
      .then(() => {
        notify(`Pagamento registrato: quota ${years?.join(', ') ?? ''} pagata.`, {
          type: 'success',
        });
        setValues((current) => ({ ...current, years: '', amount: '', note: '' }));
        refresh();
      })
      .catch((failure: unknown) => {
        const fieldErrors = fieldErrorsOf<Field>(failure);
        if (fieldErrors !== undefined) setErrors(fieldErrors);
        notify(failure instanceof Error ? failure.message : 'Pagamento non registrato.', {
          type: 'error',
        });
      })
      .finally(() => setSaving(false));
  };

  const field = (name: Field, label: string, input: ReactElement) => (
    <div className="mb-2">
      <label htmlFor={`${id}-${name}`} className="form-label">
        {label}
      </label>
      {input}
      {errors[name] === undefined ? null : (
        <div id={`${id}-${name}-errore`} className="invalid-feedback d-block">
          {errors[name]}
        </div>
      )}
    </div>
  );
  const inputProps = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    className: `form-control${errors[name] === undefined ? '' : ' is-invalid'}`,
    value: values[name],
    'aria-invalid': errors[name] === undefined ? undefined : true,
    'aria-describedby': errors[name] === undefined ? undefined : `${id}-${name}-errore`,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="mt-3" onSubmit={submit} noValidate aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className="h6">
        Pagamento in contanti o con carta
      </h2>
      {field('years', 'Anni pagati (per esempio: 2025, 2026)', <input {...inputProps('years')} />)}
      {field(
        'amount',
        'Importo incassato in euro',
        <input {...inputProps('amount')} inputMode="decimal" />,
      )}
      {field(
        'method',
        'Metodo',
        <select {...inputProps('method')} className="form-select">
          <option value="contanti">Contanti</option>
          <option value="carta">Carta</option>
        </select>,
      )}
      {/* The day the money came in decides the receipt's year (ADR 029, 2026-11-27); the
          server refuses a day in the future or before the member's first year. */}
      {field(
        'paidOn',
        'Incassato il (giorno in cui il denaro è stato ricevuto)',
        <input
          {...inputProps('paidOn')}
          type="date"
          max={romeDate()}
          min={`${membership.sinceYear}-01-01`}
        />,
      )}
      {field('note', 'Nota (facoltativa)', <input {...inputProps('note')} maxLength={300} />)}
      <button className="btn btn-primary" type="submit" disabled={saving}>
        Registra il pagamento
      </button>
    </form>
  );
}
