import {
  italianDateTime,
  italianRomeDate,
  italianEuroText,
  LIVE_REGISTRATION_STATES,
  PLACE_HOLDING_STATES,
  REGISTRATION_STATE_LABELS,
  RegistrationRefusalSchema,
  RegistrationInvoiceIssuedSchema,
  RegistrationStaffCancelSchema,
  REGISTRATION_STATES,
  RegistrationHandPaymentSchema,
  romeDate,
  type AdminRegistration,
  type AdminRegistrationSummary,
  type RegistrationRefund,
} from '@sodalis/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ReasonDialog } from '../../admin/reason-dialog';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useListFilterContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminJson, adminPath } from '../../admin/data-provider';
import { DateTimeField } from '../../admin/date-time-field';
import { errorText, fieldErrorsOf, fieldErrorsOfIssues } from '../../admin/error-text';
import { FilterExportActions } from '../../admin/export-button';
import { choiceName, choicesOf } from '../../admin/format';
import { useStaffCall } from '../../admin/staff-call';
import { RegistrationMailingPanel } from './registration-mailing';

/**
 * The registrations for the secretariat (ADR 049): the list by event, state and name, an
 * event's summary above it, one registration with its invoice data and the desk's payment.
 */

const STATE_CHOICES = choicesOf(REGISTRATION_STATE_LABELS).filter((choice) =>
  (REGISTRATION_STATES as readonly string[]).includes(choice.id),
);

/**
 * The event filter: the events with registration types, from the registrations' own area (the
 * treasury does not see the events' screens).
 */
function EventFilter(props: { source: string; alwaysOn?: boolean }) {
  const [choices, setChoices] = useState<{ id: number; name: string }[]>([]);
  const notify = useNotify();
  useEffect(() => {
    let current = true;
    adminJson<{ id: number; title: string }[]>(`${adminPath('iscrizioni')}/Events`)
      .then((events) => {
        if (current) setChoices(events.map((event) => ({ id: event.id, name: event.title })));
      })
      .catch((error: unknown) =>
        notify(errorText(error, 'Elenco degli eventi non disponibile.'), { type: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [notify]);
  return <SelectInput {...props} label="Evento" choices={choices} />;
}

const registrationFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Nome, cognome o e-mail" />,
  <EventFilter key="eventId" source="eventId" alwaysOn />,
  <SelectInput key="state" source="state" label="Stato" choices={STATE_CHOICES} alwaysOn />,
  <SelectInput
    key="invoice"
    source="invoice"
    label="Fattura"
    choices={[
      { id: 'da-emettere', name: 'Da emettere' },
      { id: 'emessa', name: 'Emessa' },
    ]}
  />,
  <SelectInput
    key="check"
    source="check"
    label="Da verificare"
    choices={[
      { id: 'codice-fiscale', name: 'Codice fiscale diverso dal nome' },
      { id: 'professione', name: 'Professione fuori dagli elenchi' },
    ]}
  />,
];

/**
 * What the staff may have to check on a registration (ADR 059): a codice fiscale whose letters do
 * not encode the name (a warning: homocody, people born abroad), old words of a profession.
 */
function registrationWarnings(record: AdminRegistration): string[] {
  return [
    record.fiscalCodeNameMismatch ? 'Codice fiscale diverso dal nome' : null,
    record.professionToCheck ? 'Professione da verificare' : null,
  ].filter((warning) => warning !== null);
}

/** A profession's or discipline's name with its national code, never the bare code. */
function namedCode(name: string | null, code: number | null): string {
  if (name === null) return '—';
  return code === null ? name : `${name} (codice ${code})`;
}

/** The chosen event's registrations at a glance: states, places by type and add-on, takings. */
function EventSummary() {
  const { filterValues } = useListFilterContext();
  const eventId = (filterValues as { eventId?: unknown }).eventId;
  const [loaded, setLoaded] = useState<AdminRegistrationSummary | null>(null);
  const notify = useNotify();
  useEffect(() => {
    if (eventId === undefined || eventId === '') return;
    let current = true;
    adminJson<AdminRegistrationSummary>(
      `${adminPath('iscrizioni')}/Summary?eventId=${encodeURIComponent(String(eventId))}`,
    )
      .then((answer) => {
        if (current) setLoaded(answer);
      })
      .catch((error: unknown) =>
        notify(errorText(error, 'Riepilogo non disponibile.'), { type: 'error' }),
      );
    return () => {
      current = false;
    };
  }, [eventId, notify]);
  // The summary of the event chosen now, not of one chosen before.
  const summary = loaded !== null && String(loaded.eventId) === String(eventId) ? loaded : null;
  if (summary === null) {
    return <p className="mt-2 mb-3">Scegli un evento per vederne il riepilogo e gli incassi.</p>;
  }
  const held = PLACE_HOLDING_STATES.reduce((sum, state) => sum + summary.byState[state], 0);
  return (
    <section className="mt-2 mb-3" aria-labelledby="riepilogo-iscrizioni">
      <h2 id="riepilogo-iscrizioni" className="h6">
        Riepilogo: {summary.eventTitle}
      </h2>
      <p className="mb-1">
        Posti occupati {held}
        {summary.places === null ? '' : ` su ${summary.places}`}; confermate{' '}
        {summary.byState.confirmed}, da approvare {summary.byState.pending_approval}, in attesa di
        pagamento {summary.byState.awaiting_payment}, posti offerti {summary.byState.offered}, in
        lista d’attesa {summary.byState.waiting}; annullate {summary.byState.cancelled}, scadute{' '}
        {summary.byState.expired}.
      </p>
      <p className="mb-1">
        Incassato: {italianEuroText(summary.takingsCents)}; fatture richieste:{' '}
        {summary.invoicesRequested}.
      </p>
      <table className="table table-sm w-auto">
        <caption className="visually-hidden">Posti per tipo di iscrizione e servizio</caption>
        <thead>
          <tr>
            <th scope="col">Tipo o servizio</th>
            <th scope="col">Occupati</th>
            <th scope="col">Posti</th>
            <th scope="col">In attesa</th>
          </tr>
        </thead>
        <tbody>
          {summary.types.map((type) => (
            <tr key={`tipo-${type.name}`}>
              <th scope="row">{type.name}</th>
              <td>{type.held}</td>
              <td>{type.places ?? '—'}</td>
              <td>{type.waiting}</td>
            </tr>
          ))}
          {summary.addons.map((addon) => (
            <tr key={`servizio-${addon.name}`}>
              <th scope="row">{addon.name}</th>
              <td>{addon.held}</td>
              <td>{addon.places ?? '—'}</td>
              <td>—</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Writing to the registrants of the event chosen in the list's filter. */
function EventMailing() {
  const { filterValues } = useListFilterContext();
  const eventId = (filterValues as { eventId?: unknown }).eventId;
  if (eventId === undefined || eventId === '') return null;
  return <RegistrationMailingPanel key={String(eventId)} eventId={String(eventId)} />;
}

export function RegistrationList() {
  return (
    <List
      title="Iscrizioni agli eventi"
      filters={registrationFilters}
      empty={false}
      actions={<FilterExportActions resource="iscrizioni" fileName="iscrizioni.csv" />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={50}
      exporter={false}
    >
      <EventSummary />
      <EventMailing />
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" label="Iscritto il" />
        <FunctionField
          source="lastName"
          label="Nominativo"
          render={(record: AdminRegistration) => `${record.lastName} ${record.firstName}`}
        />
        <TextField source="email" label="E-mail" sortable={false} />
        <TextField source="eventTitle" label="Evento" sortable={false} />
        <TextField source="typeName" label="Tipo" sortable={false} />
        <FunctionField
          label="Importo"
          sortable={false}
          render={(record: AdminRegistration) => italianEuroText(record.totalCents)}
        />
        <FunctionField
          source="state"
          label="Stato"
          render={(record: AdminRegistration) => record.stateLabel}
        />
        <FunctionField
          label="Da verificare"
          sortable={false}
          render={(record: AdminRegistration) => registrationWarnings(record).join(', ') || '—'}
        />
      </Datagrid>
    </List>
  );
}

type Field = 'method' | 'paidOn' | 'note';

/**
 * Cash or card at the event's desk (ADR 049): the amount is what the registration asks, so
 * only the method, the day and a note are typed; the registration is confirmed with a receipt.
 */
function DeskPaymentForm() {
  const registration = useRecordContext<AdminRegistration>();
  const notify = useNotify();
  const refresh = useRefresh();
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    method: 'contanti',
    paidOn: romeDate(),
    note: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  if (
    !registration ||
    registration.paymentId !== null ||
    (registration.state !== 'awaiting_payment' && registration.state !== 'offered')
  ) {
    return null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, note: values.note || undefined };
    const checked = RegistrationHandPaymentSchema.safeParse(body);
    const found = checked.success ? {} : fieldErrorsOfIssues<Field>(checked.error.issues);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    adminJson<{ paymentId: number }>(`${adminPath('iscrizioni', registration.id)}/HandPayment`, {
      method: 'POST',
      body,
    })
      .then(() => {
        notify('Pagamento registrato: iscrizione confermata.', { type: 'success' });
        refresh();
      })
      .catch((failure: unknown) => {
        const fieldErrors = fieldErrorsOf<Field>(failure);
        if (fieldErrors !== undefined) setErrors(fieldErrors);
        notify(errorText(failure, 'Pagamento non registrato.'), { type: 'error' });
      })
      .finally(() => setSaving(false));
  };
  const described = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    'aria-invalid': errors[name] === undefined ? undefined : true,
    'aria-describedby': errors[name] === undefined ? undefined : `${id}-${name}-errore`,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const error = (name: Field) =>
    errors[name] === undefined ? null : (
      <div id={`${id}-${name}-errore`} className="invalid-feedback d-block">
        {errors[name]}
      </div>
    );
  return (
    <form className="mt-3" onSubmit={submit} noValidate aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className="h6">
        Pagamento al banco: {italianEuroText(registration.totalCents)}
      </h2>
      <div className="mb-2">
        <label htmlFor={`${id}-method`} className="form-label">
          Metodo
        </label>
        <select {...described('method')} className="form-select">
          <option value="contanti">Contanti</option>
          <option value="carta">Carta</option>
        </select>
        {error('method')}
      </div>
      <div className="mb-2">
        <label htmlFor={`${id}-paidOn`} className="form-label">
          Incassato il
        </label>
        <input {...described('paidOn')} className="form-control" type="date" max={romeDate()} />
        {error('paidOn')}
      </div>
      <div className="mb-2">
        <label htmlFor={`${id}-note`} className="form-label">
          Nota (facoltativa)
        </label>
        <input {...described('note')} className="form-control" maxLength={300} />
        {error('note')}
      </div>
      <button className="btn btn-primary" type="submit" disabled={saving}>
        Registra il pagamento
      </button>
    </form>
  );
}

/** The staff's calls on one registration: `…/iscrizioni/<id>/<step>`. */
function registrationStepPath(registration: AdminRegistration, step: string): string {
  return `${adminPath('iscrizioni', registration.id)}/${step}`;
}

/**
 * A registration awaiting the secretariat's approval (ADR 053): approve it (it then waits for
 * payment, or is confirmed when free), or refuse it with the reason the person receives.
 */
function ApprovalActions() {
  const registration = useRecordContext<AdminRegistration>();
  const { saving, call } = useStaffCall();
  const id = useId();
  const [refusing, setRefusing] = useState(false);
  if (!registration || registration.state !== 'pending_approval') return null;
  const approve = () =>
    void call<AdminRegistration>(
      registrationStepPath(registration, 'Approve'),
      { method: 'POST', body: {} },
      () => 'Iscrizione approvata: la persona riceve un’e-mail.',
    );
  return (
    <section className="mt-3" aria-labelledby={`${id}-titolo`} data-testid="registration-approval">
      <h2 id={`${id}-titolo`} className="h6">
        Iscrizione soggetta ad approvazione
      </h2>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={saving} onClick={approve}>
          Approva
        </button>
        <button
          type="button"
          className="btn btn-outline-danger"
          disabled={saving}
          onClick={() => setRefusing(true)}
        >
          Rifiuta…
        </button>
      </div>
      <ReasonDialog
        open={refusing}
        onClose={() => setRefusing(false)}
        title="Rifiuta l’iscrizione"
        explanation={`${registration.firstName} ${registration.lastName} riceve il motivo per e-mail e lo legge in «Le mie iscrizioni»; il posto passa a chi è in lista d’attesa.`}
        confirmLabel="Rifiuta l’iscrizione"
        schema={RegistrationRefusalSchema}
        saving={saving}
        onConfirm={(reason) =>
          call<AdminRegistration>(
            registrationStepPath(registration, 'Refuse'),
            { method: 'POST', body: { reason } },
            () => 'Iscrizione rifiutata: la persona riceve il motivo.',
          )
        }
      />
    </section>
  );
}

/**
 * A paid registration's invoice marked as issued with the accountant's number (ADR 049,
 * "invoices"): it then leaves the staff home's list of invoices to issue.
 */
function InvoiceIssueForm() {
  const registration = useRecordContext<AdminRegistration>();
  const { saving, call } = useStaffCall();
  const id = useId();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (
    !registration ||
    registration.invoice === null ||
    registration.invoice.number !== null ||
    registration.state !== 'confirmed' ||
    registration.paymentId === null
  ) {
    return null;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = RegistrationInvoiceIssuedSchema.safeParse({ number });
    setError(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (!checked.success) return;
    void call<AdminRegistration>(
      registrationStepPath(registration, 'Invoice'),
      { method: 'POST', body: checked.data },
      (answer) => `Fattura n. ${answer.invoice?.number ?? ''} segnata come emessa.`,
    );
  };
  return (
    <form className="mt-3" onSubmit={submit} noValidate aria-labelledby={`${id}-titolo`}>
      <h2 id={`${id}-titolo`} className="h6">
        Fattura richiesta, da emettere
      </h2>
      <label htmlFor={`${id}-numero`} className="form-label">
        Numero della fattura
      </label>
      <div className="d-flex flex-wrap gap-2 align-items-start">
        <div>
          <input
            id={`${id}-numero`}
            className={`form-control${error === null ? '' : ' is-invalid'}`}
            maxLength={40}
            value={number}
            aria-invalid={error === null ? undefined : true}
            aria-describedby={error === null ? undefined : `${id}-numero-errore`}
            onChange={(event) => setNumber(event.target.value)}
          />
          {error === null ? null : (
            <div id={`${id}-numero-errore`} className="invalid-feedback">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          Segna come emessa
        </button>
      </div>
    </form>
  );
}

/** What a staff cancellation says it did with the money (ADR 049, "cancelled by the staff"). */
const CANCELLED_WITH: Record<RegistrationRefund, string> = {
  none: 'Iscrizione annullata: la persona riceve il motivo.',
  toRefund:
    'Iscrizione annullata: il pagamento è ora «da rimborsare» in Pagamenti, dove si registra il rimborso.',
  partOfPayment:
    'Iscrizione annullata: il pagamento comprendeva anche le quote associative, rimborsa a parte la quota dell’iscrizione.',
};

/**
 * A live registration cancelled by the staff, whatever the person's own limit (ADR 049,
 * "cancelled by the staff"): the reason mailed to the person, a paid one recorded to refund.
 */
function StaffCancelAction() {
  const registration = useRecordContext<AdminRegistration>();
  const { saving, call } = useStaffCall();
  const [cancelling, setCancelling] = useState(false);
  const live: readonly string[] = LIVE_REGISTRATION_STATES;
  if (!registration || !live.includes(registration.state)) return null;
  return (
    <div className="mt-3">
      <button
        type="button"
        className="btn btn-outline-danger"
        disabled={saving}
        onClick={() => setCancelling(true)}
      >
        Annulla l’iscrizione…
      </button>
      <ReasonDialog
        open={cancelling}
        onClose={() => setCancelling(false)}
        title="Annulla l’iscrizione"
        explanation={`${registration.firstName} ${registration.lastName} riceve il motivo per e-mail; il posto passa a chi è in lista d’attesa. Una quota già pagata risulta da rimborsare.`}
        confirmLabel="Annulla l’iscrizione"
        schema={RegistrationStaffCancelSchema}
        saving={saving}
        onConfirm={(reason) =>
          call<AdminRegistration & { refund: RegistrationRefund }>(
            registrationStepPath(registration, 'Cancel'),
            { method: 'POST', body: { reason } },
            (answer) => CANCELLED_WITH[answer.refund],
          )
        }
      />
    </div>
  );
}

export function RegistrationShow() {
  return (
    <Show title="Iscrizione">
      <SimpleShowLayout>
        <TextField source="eventTitle" label="Evento" />
        <FunctionField
          label="Nominativo"
          render={(record: AdminRegistration) => `${record.firstName} ${record.lastName}`}
        />
        <TextField source="email" label="E-mail" />
        <TextField source="typeName" label="Tipo" />
        <FunctionField
          label="Servizi aggiuntivi"
          render={(record: AdminRegistration) =>
            record.addons.length === 0 ? '—' : record.addons.join(', ')
          }
        />
        <FunctionField
          label="Importo"
          render={(record: AdminRegistration) => italianEuroText(record.totalCents)}
        />
        <FunctionField
          label="Stato"
          render={(record: AdminRegistration) =>
            record.endReason === null
              ? record.stateLabel
              : `${record.stateLabel} (${record.endReason})`
          }
        />
        <FunctionField
          label="Da pagare entro"
          render={(record: AdminRegistration) => italianDateTime(record.payBy) || '—'}
        />
        <FunctionField
          label="Posto offerto fino al"
          render={(record: AdminRegistration) => italianDateTime(record.offerExpiresAt) || '—'}
        />
        <TextField source="causale" label="Causale del bonifico" />
        <FunctionField
          label="Codice fiscale"
          render={(record: AdminRegistration) =>
            record.fiscalCode === null
              ? '—'
              : record.fiscalCodeNameMismatch
                ? `${record.fiscalCode} – attenzione: le lettere non corrispondono a nome e cognome (può essere un caso di omocodia o di nascita all’estero)`
                : record.fiscalCode
          }
        />
        <FunctionField
          label="Professione"
          render={(record: AdminRegistration) =>
            record.professionToCheck
              ? `${record.profession ?? '—'} – da verificare: non è una voce dell’elenco nazionale`
              : namedCode(record.profession, record.professionCode)
          }
        />
        <FunctionField
          label="Disciplina"
          render={(record: AdminRegistration) =>
            namedCode(record.discipline, record.disciplineCode)
          }
        />
        <TextField
          source="employmentLabel"
          label="Condizione lavorativa"
          emptyText="—"
          sortable={false}
        />
        <TextField source="employer" label="Ente di appartenenza" emptyText="—" />
        <FunctionField
          label="Fattura"
          render={(record: AdminRegistration) =>
            record.invoice === null
              ? 'Non richiesta'
              : [
                  record.invoice.name,
                  record.invoice.taxId,
                  record.invoice.recipientCode ?? record.invoice.pec ?? '',
                  record.invoice.number === null
                    ? 'da emettere'
                    : `emessa, n. ${record.invoice.number} del ${italianRomeDate(new Date(record.invoice.issuedAt ?? ''))}`,
                ]
                  .filter((part) => part !== '')
                  .join(' – ')
          }
        />
        <DateTimeField source="createdAt" label="Iscritto il" sortable={false} />
        <FunctionField
          label="Prezzo"
          render={(record: AdminRegistration) =>
            choiceName(
              [
                { id: 'early', name: 'Early bird' },
                { id: 'standard', name: 'Standard' },
                { id: 'onsite', name: 'In sede' },
              ],
              record.priceWindow,
            )
          }
        />
        <ApprovalActions />
        <DeskPaymentForm />
        <InvoiceIssueForm />
        <StaffCancelAction />
      </SimpleShowLayout>
    </Show>
  );
}
