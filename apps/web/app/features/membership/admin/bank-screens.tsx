import {
  BANK_ROW_OUTCOME_LABELS,
  BANK_ROW_STATUS_LABELS,
  BANK_ROW_STATUSES,
  BANK_ROW_OUTCOMES,
  type AdminBankRow,
  type AdminMembership,
  type BankStatementApplied,
  type BankStatementPreview,
  italianEuroText,
} from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import {
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useGetList,
  useNotify,
  useRecordContext,
  useRedirect,
} from 'react-admin';
import { adminJson, adminPath } from '../../admin/data-provider';
import { fileAsBase64 } from '../../admin/file-base64';
import { choiceName } from '../../admin/format';
import { errorText } from '../../admin/error-text';
import { useStaffCall } from '../../admin/staff-call';

/**
 * Dues by bank transfer (ADR 029): the statement's import (upload, preview, apply) and the rows
 * waiting for review, assigned to a member and years or ignored with a reason.
 */

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
      empty={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <TextField source="bookedOn" label="Data" sortable={false} />
        <FunctionField
          label="Importo"
          sortable={false}
          render={(row: AdminBankRow) => italianEuroText(row.amountCents)}
        />
        <TextField source="payer" label="Ordinante" sortable={false} emptyText="—" />
        <TextField source="remittance" label="Causale" sortable={false} />
        <TextField source="reason" label="Motivo" sortable={false} emptyText="—" />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(row: AdminBankRow) => choiceName(STATUS_CHOICES, row.status)}
        />
      </Datagrid>
    </List>
  );
}

/** Assign a waiting row to a member and years, or ignore it with a reason. */
function Review() {
  const row = useRecordContext<AdminBankRow>();
  const { saving, call } = useStaffCall();
  const members = useGetList<AdminMembership>('soci', {
    pagination: { page: 1, perPage: 200 },
  });
  const [memberId, setMemberId] = useState('');
  const [yearsText, setYearsText] = useState(row?.years.join(' ') ?? '');
  const [reason, setReason] = useState('');
  if (!row || row.status !== 'review') return null;
  const send = (step: 'Assign' | 'Ignore', body: object, done: string) => (event: FormEvent) => {
    event.preventDefault();
    void call<AdminBankRow>(
      `${adminPath('bonifici', row.id)}/${step}`,
      { method: 'POST', body },
      () => done,
    );
  };
  const years = yearsText.split(/[\s,;+]+/).filter((year) => year !== '');
  return (
    <div className="mt-3">
      <form
        onSubmit={send(
          'Assign',
          { memberId: Number(memberId), years },
          'Bonifico assegnato: quota pagata e ricevuta numerata.',
        )}
        aria-labelledby="assegna-titolo"
        className="mb-4"
      >
        <h2 id="assegna-titolo" className="h6">
          Assegna a un socio
        </h2>
        <label className="d-block mb-2">
          Socio
          <select
            className="form-select"
            value={memberId}
            onChange={(event) => setMemberId(event.target.value)}
            required
          >
            <option value="">Scegli il socio</option>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.lastName} {member.firstName}
                {member.memberNumber === null ? '' : ` (n. ${member.memberNumber})`}
              </option>
            ))}
          </select>
        </label>
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
        <TextField source="bookedOn" label="Data" />
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
  const [upload, setUpload] = useState<{ fileName: string; contentBase64: string } | null>(null);
  const [preview, setPreview] = useState<BankStatementPreview | null>(null);
  const [busy, setBusy] = useState(false);
  const root = adminPath('bonifici').replace(/BankRows$/, 'BankStatements');

  const choose = async (file: File | undefined) => {
    setPreview(null);
    if (file === undefined) return;
    setBusy(true);
    try {
      const body = { fileName: file.name, contentBase64: await fileAsBase64(file) };
      setUpload(body);
      setPreview(
        await adminJson<BankStatementPreview>(`${root}/Preview`, { method: 'POST', body }),
      );
    } catch (error) {
      notify(errorText(error, 'Il file non si legge.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const apply = async () => {
    if (upload === null) return;
    setBusy(true);
    try {
      const done = await adminJson<BankStatementApplied>(root, { method: 'POST', body: upload });
      notify(done.message, { type: done.applied ? 'success' : 'info' });
      redirect('list', 'bonifici');
    } catch (error) {
      notify(errorText(error, 'Importazione non riuscita.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

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
                  <td>{row.bookedOn}</td>
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
