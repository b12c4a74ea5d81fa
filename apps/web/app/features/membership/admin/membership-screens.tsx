import {
  AFFILIATE_SECTIONS,
  ITALIAN_REGIONS,
  MEMBERSHIP_KINDS,
  STANDINGS,
  DUE_METHOD_LABELS,
  DUE_STATUS_LABELS,
  italianDate,
  STANDING_LABELS,
  type AdminMembership,
  type DueMethod,
} from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import {
  CreateButton,
  DatagridConfigurable,
  FilterButton,
  FunctionField,
  List,
  NumberInput,
  SearchInput,
  SelectColumnsButton,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { ExportCsvButton } from '../../admin/export-button';
import { RecordHistory } from '../../admin/record-history';
import { HandPaymentForm } from './hand-payment-form';
import { MembershipFactsForm } from './membership-facts-form';

export { RegisterImportScreen } from './register-import-screen';
import { MemberReminderHistory } from './reminder-screens';
import { useStaffCall } from '../../admin/staff-call';

/**
 * Members' dues by year and their standing (ADR 024): the list with each member's standing
 * today, a member's years, and exemptions set with their reason.
 */

const euro = (cents: number | null) =>
  cents === null ? '—' : `€ ${(cents / 100).toFixed(2).replace('.', ',')}`;

const membershipFilters = [
  <SearchInput key="q" source="q" placeholder="Cognome, numero o e-mail" alwaysOn />,
  <SelectInput
    key="standing"
    source="standing"
    label="Posizione"
    choices={STANDINGS.map((id) => ({ id, name: STANDING_LABELS[id] }))}
    alwaysOn
  />,
  <SelectInput
    key="kind"
    source="kind"
    label="Tipo"
    choices={MEMBERSHIP_KINDS.map((id) => ({ id, name: id }))}
  />,
  <SelectInput
    key="section"
    source="section"
    label="Sezione"
    choices={Object.entries(AFFILIATE_SECTIONS).map(([id, name]) => ({ id, name }))}
  />,
  <SelectInput
    key="region"
    source="region"
    label="Regione"
    choices={ITALIAN_REGIONS.map((id) => ({ id, name: id }))}
  />,
  <NumberInput key="paidYear" source="paidYear" label="Anno pagato" min={1900} max={2099} />,
];

/** "Esporta": what the list shows (its filters), as CSV or as an Excel workbook (ADR 024). */
function MembershipActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <SelectColumnsButton />
      <ExportCsvButton resource="soci" fileName="soci.csv" />
      <ExportCsvButton resource="soci" fileName="soci.xlsx" format="xlsx" />
      <CreateButton label="Importa il registro" />
    </TopToolbar>
  );
}

export function MembershipList() {
  return (
    <List
      title="Soci e quote per anno"
      perPage={25}
      exporter={false}
      empty={false}
      filters={membershipFilters}
      actions={<MembershipActions />}
    >
      {/* "Colonne": each person chooses what the list shows, kept in the browser (ADR 024). */}
      <DatagridConfigurable
        rowClick="show"
        bulkActionButtons={false}
        omit={['codiceFiscale', 'section', 'qualification', 'workplace', 'centre']}
      >
        <TextField source="memberNumber" label="Numero" sortable={false} emptyText="—" />
        <FunctionField
          label="Nominativo"
          sortable={false}
          render={(record: AdminMembership) => `${record.lastName} ${record.firstName}`}
        />
        <TextField source="email" label="E-mail" sortable={false} />
        <TextField source="codiceFiscale" label="Codice fiscale" sortable={false} emptyText="—" />
        <TextField source="kind" label="Tipo" sortable={false} />
        <FunctionField
          source="section"
          label="Sezione"
          sortable={false}
          render={(record: AdminMembership) =>
            record.section === null
              ? '—'
              : (AFFILIATE_SECTIONS[record.section as keyof typeof AFFILIATE_SECTIONS] ??
                record.section)
          }
        />
        <TextField source="region" label="Regione" sortable={false} emptyText="—" />
        <TextField source="qualification" label="Qualifica" sortable={false} emptyText="—" />
        <TextField source="workplace" label="Sede di lavoro" sortable={false} emptyText="—" />
        <TextField source="centre" label="Servizio o centro" sortable={false} emptyText="—" />
        <TextField source="sinceYear" label="Dal" sortable={false} />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(record: AdminMembership) => STANDING_LABELS[record.standing]}
        />
        <FunctionField
          label="Anni da pagare"
          sortable={false}
          render={(record: AdminMembership) =>
            record.openYears.length === 0 ? '—' : record.openYears.join(', ')
          }
        />
      </DatagridConfigurable>
    </List>
  );
}

function YearsTable() {
  const membership = useRecordContext<AdminMembership>();
  if (!membership) return null;
  if (membership.years.length === 0) return <p>Nessun anno registrato.</p>;
  return (
    <table className="table table-sm">
      <caption>Anni registrati nel libro quote</caption>
      <thead>
        <tr>
          <th scope="col">Anno</th>
          <th scope="col">Stato</th>
          <th scope="col">Importo</th>
          <th scope="col">Metodo</th>
          {/* Paid: the day the money came in (ADR 029, 2026-11-27); exempt: the day decided. */}
          <th scope="col">Incassato o esonerato il</th>
          <th scope="col">Motivo dell’esonero</th>
        </tr>
      </thead>
      <tbody>
        {membership.years.map((year) => (
          <tr key={year.year}>
            <th scope="row">{year.year}</th>
            <td>{DUE_STATUS_LABELS[year.status]}</td>
            <td>{euro(year.amountCents)}</td>
            <td>{year.method === null ? '—' : DUE_METHOD_LABELS[year.method as DueMethod]}</td>
            <td>{year.settledOn === null ? '—' : italianDate(year.settledOn)}</td>
            <td>{year.exemptReason ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sets a year exempt with a reason, or takes an exemption back. */
function ExemptionForm() {
  const membership = useRecordContext<AdminMembership>();
  const { saving, call } = useStaffCall();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [reason, setReason] = useState('');
  if (!membership) return null;
  const send = (exempt: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    void call<AdminMembership>(
      `${adminPath('soci', membership.id)}/Dues/${encodeURIComponent(year)}/Exemption`,
      { method: 'PUT', body: exempt ? { exempt, reason } : { exempt } },
      () => (exempt ? `Anno ${year} esonerato.` : `Esonero del ${year} revocato.`),
    ).then((done) => {
      if (done) setReason('');
    });
  };
  return (
    <form className="mt-3" onSubmit={send(true)} aria-labelledby="exemption-title">
      <h2 id="exemption-title" className="h6">
        Esonero di un anno
      </h2>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <label>
          Anno
          <input
            className="form-control"
            type="number"
            min={1900}
            max={2099}
            value={year}
            onChange={(event) => setYear(event.target.value)}
            required
          />
        </label>
        <label>
          Motivo (per esempio: socio onorario)
          <input
            className="form-control"
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <button className="btn btn-primary" type="submit" disabled={saving}>
          Esonera
        </button>
        <button
          className="btn btn-outline-secondary"
          type="button"
          disabled={saving}
          onClick={() => send(false)()}
        >
          Revoca esonero
        </button>
      </div>
    </form>
  );
}

export function MembershipShow() {
  return (
    <Show title="Quote del socio">
      <SimpleShowLayout>
        <TextField source="memberNumber" label="Numero di socio" emptyText="—" />
        <FunctionField
          label="Nominativo"
          render={(record: AdminMembership) => `${record.firstName} ${record.lastName}`}
        />
        <TextField source="email" label="E-mail" />
        <TextField source="kind" label="Tipo" />
        <TextField source="section" label="Sezione" emptyText="—" />
        <TextField source="sinceYear" label="Primo anno dovuto" />
        <FunctionField
          label="Stato oggi"
          render={(record: AdminMembership) => STANDING_LABELS[record.standing]}
        />
        <FunctionField
          label="Anni da pagare"
          render={(record: AdminMembership) =>
            record.openYears.length === 0 ? 'nessuno' : record.openYears.join(', ')
          }
        />
        <YearsTable />
        <HandPaymentForm />
        <ExemptionForm />
        <MembershipFactsForm />
        <RecordHistory
          undone="i dati del socio sono tornati alla versione scelta."
          testId="membership-history"
        />
        <FunctionField
          label="Promemoria delle quote"
          render={(record: AdminMembership) => <MemberReminderHistory memberId={record.id} />}
        />
      </SimpleShowLayout>
    </Show>
  );
}
