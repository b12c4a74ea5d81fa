import {
  BANK_ROW_OUTCOME_LABELS,
  BANK_ROW_STATUS_LABELS,
  BANK_ROW_STATUSES,
  BANK_ROW_OUTCOMES,
  BANK_SUGGESTION_AMOUNT_LABELS,
  BANK_SUGGESTION_REASON_LABELS,
  type AdminBankRow,
  type BankRowBulkIgnored,
  type BankRowSuggestion,
  type AdminMembership,
  type BankStatementApplied,
  type BankStatementPreview,
  italianDate,
  italianEuroText,
} from '@sodalis/contracts';
import { useEffect, useState, type FormEvent, type SyntheticEvent } from 'react';
import {
  CreateButton,
  Datagrid,
  DatagridBody,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useGetList,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { DayField } from '../../admin/date-time-field';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { choiceName } from '../../admin/format';
import { usePreviewedUpload } from '../../admin/previewed-upload';
import { useStaffCall } from '../../admin/staff-call';

/**
 * Dues by bank transfer (ADR 029): the statement's import (upload, preview, apply) and the rows
 * waiting for review, with the members the server suggests (2026-11-27), assigned to a member
 * and years (a suggestion in one click, or any member found by the picker) or ignored with a
 * reason, several at once when they are not dues.
 */

/** A suggestion in one line: who, why, and the amount against the open years. */
function suggestionText(suggestion: BankRowSuggestion): string {
  const number = suggestion.memberNumber === null ? '' : ` (n. ${suggestion.memberNumber})`;
  const why = suggestion.reasons.map((reason) => BANK_SUGGESTION_REASON_LABELS[reason]).join(', ');
  const owed =
    suggestion.owedCents === null || suggestion.years.length === 0
      ? ''
      : ` ${suggestion.years.join(', ')}: ${italianEuroText(suggestion.owedCents)}`;
  return `${suggestion.name}${number}: ${why}; ${BANK_SUGGESTION_AMOUNT_LABELS[suggestion.amount]}${owed}`;
}

/** Several selected rows that are not dues (a sponsor's credit) ignored with one reason. */
function IgnoreSelected() {
  const { selectedIds, onUnselectItems } = useListContext();
  const { saving, call } = useStaffCall();
  const [reason, setReason] = useState('Non quota: ');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await call<BankRowBulkIgnored>(
      `${adminPath('bonifici')}/Ignore`,
      { method: 'POST', body: { ids: selectedIds.map(Number), reason } },
      (answer) => answer.message,
    );
    if (done) onUnselectItems();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="d-flex gap-2 align-items-center">
      <label className="mb-0">
        <span className="visually-hidden">Motivo per i movimenti selezionati</span>
        <input
          className="form-control form-control-sm"
          value={reason}
          maxLength={300}
          onChange={(event) => setReason(event.target.value)}
          required
        />
      </label>
      <button className="btn btn-sm btn-outline-secondary" type="submit" disabled={saving}>
        Ignora i selezionati
      </button>
    </form>
  );
}

const STATUS_CHOICES = BANK_ROW_STATUSES.map((id) => ({ id, name: BANK_ROW_STATUS_LABELS[id] }));

const filters = [
  <SelectInput key="status" source="status" label="Stato" choices={STATUS_CHOICES} alwaysOn />,
];

export function BankRowList() {
  return (
    <List
      title="Bonifici da controllare"
      filters={filters}
      filterDefaultValues={{ status: 'review' }}
      perPage={25}
      exporter={false}
      // The list's "create" is the statement's import: named by what it does.
      actions={
        <TopToolbar>
          <CreateButton label="Importa estratto conto" />
        </TopToolbar>
      }
      empty={false}
    >
      <Datagrid
        rowClick="show"
        bulkActionButtons={<IgnoreSelected />}
        // Checkboxes named after their row, as axe asks of react-admin's (ADR 023).
        body={
          <DatagridBody
            row={
              <LabelledSelectRow
                nameOf={(record) =>
                  `${italianDate(record.bookedOn)} ${String(record.payer ?? record.reference ?? record.id)}`
                }
              />
            }
          />
        }
      >
        <DayField source="bookedOn" label="Data" sortable={false} />
        <FunctionField
          label="Importo"
          sortable={false}
          render={(row: AdminBankRow) => italianEuroText(row.amountCents)}
        />
        <TextField source="payer" label="Ordinante" sortable={false} emptyText="—" />
        <TextField source="remittance" label="Causale" sortable={false} />
        <TextField source="reason" label="Motivo" sortable={false} emptyText="—" />
        <FunctionField
          label="Soci suggeriti"
          sortable={false}
          render={(row: AdminBankRow) =>
            row.suggestions.length === 0 ? (
              '—'
            ) : (
              <ul className="list-unstyled mb-0 small">
                {row.suggestions.map((suggestion) => (
                  <li key={suggestion.memberId}>{suggestionText(suggestion)}</li>
                ))}
              </ul>
            )
          }
        />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(row: AdminBankRow) => choiceName(STATUS_CHOICES, row.status)}
        />
      </Datagrid>
    </List>
  );
}

const PICKER_PAGE = 10;

/** A picker's search box. */
function SearchBox(props: { label: string; text: string; onText: (text: string) => void }) {
  return (
    <label className="d-block">
      {props.label}
      <input
        className="form-control"
        type="search"
        value={props.text}
        onChange={(event) => props.onText(event.target.value)}
      />
    </label>
  );
}

/**
 * A search box's text and what is searched: the text trimmed, 300 ms after the last key, so a
 * name typed is one request, not one a letter; `changed` runs with each new search.
 */
function useTypedSearch(changed?: () => void): [string, (text: string) => void, string] {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      changed?.();
    }, 300);
    return () => clearTimeout(timer);
    // `changed` is the caller's reset, the same for its life: only the text restarts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return [text, setText, q];
}

/**
 * A member found by typing a surname, a number or an e-mail: the server searches the register
 * (`GET /Memberships?q=`), ten at a time, so a society of thousands never loads whole.
 */
function MemberPicker({
  chosen,
  onChoose,
}: {
  chosen: AdminMembership | null;
  onChoose: (member: AdminMembership | null) => void;
}) {
  const [page, setPage] = useState(1);
  const [text, setText, q] = useTypedSearch(() => setPage(1));
  const found = useGetList<AdminMembership>(
    'soci',
    { filter: { q }, pagination: { page, perPage: PICKER_PAGE } },
    { enabled: q.length >= 2 },
  );
  const total = found.total ?? 0;
  return (
    <fieldset className="mb-2">
      <legend className="fs-6 mb-1">Socio</legend>
      {chosen === null ? null : (
        <p role="status" className="mb-1">
          Scelto: {chosen.lastName} {chosen.firstName}
          {chosen.memberNumber === null ? '' : ` (n. ${chosen.memberNumber})`}, {chosen.email}
          {chosen.openYears.length === 0
            ? ''
            : ` — anni aperti ${chosen.openYears.join(', ')}`}{' '}
          <button type="button" className="btn btn-link btn-sm" onClick={() => onChoose(null)}>
            Cambia
          </button>
        </p>
      )}
      <SearchBox label="Cerca per cognome, numero o e-mail" text={text} onText={setText} />
      {q.length < 2 ? null : found.isPending ? (
        <p className="small">Ricerca in corso…</p>
      ) : total === 0 ? (
        <p className="small">Nessun socio trovato.</p>
      ) : (
        <>
          <ul className="list-unstyled mb-1" aria-label="Soci trovati">
            {(found.data ?? []).map((member) => (
              <li key={member.id}>
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0"
                  aria-pressed={chosen?.id === member.id}
                  onClick={() => onChoose(member)}
                >
                  {member.lastName} {member.firstName}
                  {member.memberNumber === null ? '' : ` (n. ${member.memberNumber})`} —{' '}
                  {member.email}
                </button>
              </li>
            ))}
          </ul>
          <p className="small mb-0">
            Risultati {(page - 1) * PICKER_PAGE + 1}–{Math.min(page * PICKER_PAGE, total)} di{' '}
            {total}.{' '}
            {page > 1 ? (
              <button
                type="button"
                className="btn btn-link btn-sm"
                onClick={() => setPage(page - 1)}
              >
                Precedenti
              </button>
            ) : null}
            {page * PICKER_PAGE < total ? (
              <button
                type="button"
                className="btn btn-link btn-sm"
                onClick={() => setPage(page + 1)}
              >
                Successivi
              </button>
            ) : null}
          </p>
        </>
      )}
    </fieldset>
  );
}

type ReviewStep = 'Assign' | 'AssignRegistration' | 'Ignore';

/** An event's registration awaiting payment, as the registrations' list answers it. */
interface RegistrationChoice {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  eventTitle: string;
  totalCents: number;
}

/**
 * A row whose causale the bank garbled given to an event's registration (ADR 053): found by
 * its number, a name or an e-mail among those awaiting payment (the registrations' own list,
 * `iscrizioni`); the server takes it only for the amount due, as an automatic match.
 */
function RegistrationAssign({
  row,
  saving,
  send,
}: {
  row: AdminBankRow;
  saving: boolean;
  send: (step: ReviewStep, body: object, done: string) => (event: SyntheticEvent) => void;
}) {
  const [text, setText, q] = useTypedSearch();
  const [chosen, setChosen] = useState<RegistrationChoice | null>(null);
  const found = useGetList<RegistrationChoice>(
    'iscrizioni',
    {
      filter: { q, state: 'awaiting_payment' },
      pagination: { page: 1, perPage: PICKER_PAGE },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { enabled: q.length >= 1 },
  );
  return (
    <form
      onSubmit={send(
        'AssignRegistration',
        { registrationId: chosen?.id ?? 0 },
        'Bonifico assegnato all’iscrizione: pagamento registrato e iscrizione confermata.',
      )}
      aria-labelledby="assegna-iscrizione-titolo"
      className="mb-4"
      data-testid="assign-registration"
    >
      <h2 id="assegna-iscrizione-titolo" className="h6">
        Assegna a un’iscrizione a un evento
      </h2>
      {chosen === null ? null : (
        <p role="status" className="mb-1">
          Scelta: iscrizione {chosen.id}, {chosen.lastName} {chosen.firstName} ({chosen.email}) a «
          {chosen.eventTitle}», {italianEuroText(chosen.totalCents)}
          {chosen.totalCents === row.amountCents ? '' : ' — importo diverso dal bonifico'}{' '}
          <button type="button" className="btn btn-link btn-sm" onClick={() => setChosen(null)}>
            Cambia
          </button>
        </p>
      )}
      <SearchBox
        label="Cerca per numero dell’iscrizione, cognome o e-mail (in attesa di pagamento)"
        text={text}
        onText={setText}
      />
      {q.length < 1 ? null : found.isPending ? (
        <p className="small">Ricerca in corso…</p>
      ) : (found.data ?? []).length === 0 ? (
        <p className="small">Nessuna iscrizione in attesa di pagamento trovata.</p>
      ) : (
        <ul className="list-unstyled mb-1" aria-label="Iscrizioni trovate">
          {(found.data ?? []).map((registration) => (
            <li key={registration.id}>
              <button
                type="button"
                className="btn btn-link btn-sm p-0"
                aria-pressed={chosen?.id === registration.id}
                onClick={() => setChosen(registration)}
              >
                {registration.id} – {registration.lastName} {registration.firstName},{' '}
                {registration.eventTitle}: {italianEuroText(registration.totalCents)}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button className="btn btn-primary mt-2" type="submit" disabled={saving || chosen === null}>
        Assegna all’iscrizione
      </button>
    </form>
  );
}

/** Assign a waiting row to a member and years, or ignore it with a reason. */
function Review() {
  const row = useRecordContext<AdminBankRow>();
  const { saving, call } = useStaffCall();
  const [member, setMember] = useState<AdminMembership | null>(null);
  const [yearsText, setYearsText] = useState(row?.years.join(' ') ?? '');
  const [reason, setReason] = useState('');
  if (!row || row.status !== 'review') return null;
  const send = (step: ReviewStep, body: object, done: string) => (event: SyntheticEvent) => {
    event.preventDefault();
    void call<AdminBankRow>(
      `${adminPath('bonifici', row.id)}/${step}`,
      { method: 'POST', body },
      () => done,
    );
  };
  const years = yearsText.split(/[\s,;+]+/).filter((year) => year !== '');
  const assigned = 'Bonifico assegnato: quota pagata e ricevuta numerata.';
  return (
    <div className="mt-3">
      {row.suggestions.length === 0 ? null : (
        <section aria-labelledby="suggeriti-titolo" className="mb-4">
          <h2 id="suggeriti-titolo" className="h6">
            Soci suggeriti
          </h2>
          <ul className="list-unstyled">
            {row.suggestions.map((suggestion) => (
              <li key={suggestion.memberId} className="mb-2">
                {suggestionText(suggestion)}{' '}
                <button
                  type="button"
                  className="btn btn-sm btn-primary"
                  disabled={saving || suggestion.years.length === 0}
                  onClick={send(
                    'Assign',
                    { memberId: suggestion.memberId, years: suggestion.years },
                    assigned,
                  )}
                >
                  {suggestion.years.length === 0
                    ? 'Nessuna quota aperta'
                    : `Assegna a ${suggestion.name} (${suggestion.years.join(', ')})`}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form
        onSubmit={send('Assign', { memberId: member?.id ?? 0, years }, assigned)}
        aria-labelledby="assegna-titolo"
        className="mb-4"
      >
        <h2 id="assegna-titolo" className="h6">
          Assegna a un socio
        </h2>
        <MemberPicker chosen={member} onChoose={setMember} />
        <label className="d-block mb-2">
          Anni pagati (per esempio 2025 2026)
          <input
            className="form-control"
            value={yearsText}
            onChange={(event) => setYearsText(event.target.value)}
            required
          />
        </label>
        <button className="btn btn-primary" type="submit" disabled={saving}>
          Assegna il bonifico
        </button>
      </form>
      <RegistrationAssign row={row} saving={saving} send={send} />
      <form
        onSubmit={send('Ignore', { reason }, 'Bonifico ignorato.')}
        aria-labelledby="ignora-titolo"
      >
        <h2 id="ignora-titolo" className="h6">
          Ignora
        </h2>
        <label className="d-block mb-2">
          Motivo
          <textarea
            className="form-control"
            value={reason}
            maxLength={300}
            rows={2}
            onChange={(event) => setReason(event.target.value)}
            required
          />
        </label>
        <button className="btn btn-outline-secondary" type="submit" disabled={saving}>
          Ignora il bonifico
        </button>
      </form>
    </div>
  );
}

export function BankRowShow() {
  return (
    <Show title="Bonifico">
      <SimpleShowLayout>
        <DayField source="bookedOn" label="Data" />
        <FunctionField
          label="Importo"
          render={(row: AdminBankRow) => italianEuroText(row.amountCents)}
        />
        <TextField source="payer" label="Ordinante" emptyText="—" />
        <TextField source="remittance" label="Causale" />
        <TextField source="reference" label="Riferimento della banca" />
        <TextField source="reason" label="Perché è da controllare" emptyText="—" />
        <FunctionField
          label="Stato"
          render={(row: AdminBankRow) => choiceName(STATUS_CHOICES, row.status)}
        />
        <TextField source="note" label="Nota" emptyText="—" />
        <TextField source="handledBy" label="Gestito da" emptyText="—" />
        <Review />
      </SimpleShowLayout>
    </Show>
  );
}

/** Upload a statement, see what it would do, apply it in one go. */
export function BankStatementImport() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { preview, busy, choose, apply } = usePreviewedUpload<
    BankStatementPreview,
    BankStatementApplied
  >(adminPath('bonifici').replace(/BankRows$/, 'BankStatements'), {
    problem: (message) => {
      if (message !== null) notify(message, { type: 'error' });
    },
    applied: (done) => {
      notify(done.message, { type: done.applied ? 'success' : 'info' });
      redirect('list', 'bonifici');
    },
    unreadable: 'Il file non si legge.',
    failed: 'Importazione non riuscita.',
  });

  return (
    <div className="p-3">
      <h1 className="h4">Importa un estratto conto</h1>
      <p>
        Il file camt.053 (XML) o il CSV della banca: prima vedi cosa succederà, poi applichi tutto
        insieme. Lo stesso file importato due volte non cambia nulla.
      </p>
      <label className="d-block mb-3">
        Estratto conto
        <input
          className="form-control"
          type="file"
          accept=".xml,.csv,text/xml,text/csv"
          disabled={busy}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {preview === null ? null : (
        <section aria-labelledby="anteprima-titolo">
          <h2 id="anteprima-titolo" className="h5">
            Anteprima
          </h2>
          {preview.alreadyImported ? (
            <p role="status">Questo file è già stato importato: applicarlo non cambia nulla.</p>
          ) : null}
          <ul data-testid="bank-preview-counts">
            {BANK_ROW_OUTCOMES.filter((outcome) => preview.counts[outcome] > 0).map((outcome) => (
              <li key={outcome}>
                {BANK_ROW_OUTCOME_LABELS[outcome]}: {preview.counts[outcome]}
              </li>
            ))}
          </ul>
          <table className="table table-sm">
            <caption>Movimenti in entrata del file</caption>
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Importo</th>
                <th scope="col">Causale</th>
                <th scope="col">Socio</th>
                <th scope="col">Esito</th>
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, index) => (
                <tr key={`${row.reference}-${index}`}>
                  <td>{italianDate(row.bookedOn)}</td>
                  <td>{italianEuroText(row.amountCents)}</td>
                  <td>{row.remittance}</td>
                  <td>{row.memberName ?? '—'}</td>
                  <td>
                    {BANK_ROW_OUTCOME_LABELS[row.outcome]}
                    {row.reason === null ? null : <div className="small">{row.reason}</div>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => void apply()}
          >
            Applica l’importazione
          </button>
        </section>
      )}
    </div>
  );
}
