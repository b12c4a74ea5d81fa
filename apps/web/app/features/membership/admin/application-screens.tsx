import {
  AFFILIATE_SECTIONS,
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  italianDate,
  romeDate,
  type AdminMembershipApplication,
} from '@sodalis/contracts';
import { useState, type FormEvent } from 'react';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { adminPath, downloadExport } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';
import { useStaffCall } from '../../admin/staff-call';
import { DateTimeField, DayField } from '../../admin/date-time-field';
import { choiceName } from '../../admin/format';

/**
 * The applications' queue (ADR 024): waiting first; approve with the board's ratification date
 * (the account, member number, first year's due and invitation follow) or refuse with a reason
 * that is e-mailed to the applicant.
 */

const STATUS_CHOICES = APPLICATION_STATUSES.map((id) => ({
  id,
  name: APPLICATION_STATUS_LABELS[id],
}));

const filters = [
  <SelectInput key="status" source="status" label="Stato" choices={STATUS_CHOICES} alwaysOn />,
];

export function ApplicationList() {
  return (
    <List
      title="Domande di iscrizione"
      filters={filters}
      filterDefaultValues={{ status: 'pending' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <Datagrid rowClick="show" bulkActionButtons={false}>
        <DateTimeField source="createdAt" label="Ricevuta il" sortable={false} />
        <FunctionField
          label="Nominativo"
          sortable={false}
          render={(record: AdminMembershipApplication) => `${record.lastName} ${record.firstName}`}
        />
        <TextField source="kind" label="Tipo" sortable={false} />
        <TextField source="region" label="Regione" sortable={false} />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(record: AdminMembershipApplication) => choiceName(STATUS_CHOICES, record.status)}
        />
        <TextField source="memberNumber" label="Numero di socio" sortable={false} emptyText="—" />
      </Datagrid>
    </List>
  );
}

/** Approve or refuse a waiting application. */
function Decision() {
  const application = useRecordContext<AdminMembershipApplication>();
  const { saving, call } = useStaffCall();
  const [ratifiedOn, setRatifiedOn] = useState(romeDate());
  const [reason, setReason] = useState('');
  if (!application || application.status !== 'pending') return null;
  const send = (step: 'Approve' | 'Refuse', body: object, done: string) => (event: FormEvent) => {
    event.preventDefault();
    void call<AdminMembershipApplication>(
      `${adminPath('domande-iscrizione', application.id)}/${step}`,
      { method: 'POST', body },
      (saved) =>
        step === 'Approve' ? `${done} Numero di socio: ${saved.memberNumber ?? '—'}.` : done,
    );
  };
  return (
    <div className="mt-3">
      <form
        onSubmit={send(
          'Approve',
          { ratifiedOn },
          'Domanda approvata: account creato e invito inviato.',
        )}
        aria-labelledby="approva-titolo"
        className="mb-4"
      >
        <h2 id="approva-titolo" className="h6">
          Approva
        </h2>
        <label className="me-2">
          Data della ratifica del Consiglio Direttivo
          <input
            className="form-control"
            type="date"
            value={ratifiedOn}
            onChange={(event) => setRatifiedOn(event.target.value)}
            required
          />
        </label>
        <button className="btn btn-primary" type="submit" disabled={saving}>
          Approva e invia l’invito
        </button>
      </form>
      <form
        onSubmit={send('Refuse', { reason }, 'Domanda respinta: il motivo è stato inviato.')}
        aria-labelledby="respingi-titolo"
      >
        <h2 id="respingi-titolo" className="h6">
          Respingi
        </h2>
        <label className="d-block mb-2">
          Motivo (è scritto nell’e-mail al richiedente)
          <textarea
            className="form-control"
            value={reason}
            maxLength={2000}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            required
          />
        </label>
        <button className="btn btn-outline-danger" type="submit" disabled={saving}>
          Respingi e invia il motivo
        </button>
      </form>
    </div>
  );
}

function CvButton() {
  const application = useRecordContext<AdminMembershipApplication>();
  const notify = useNotify();
  if (!application || application.cvFileName === null) return null;
  return (
    <Button
      label={`Scarica il curriculum (${application.cvFileName})`}
      onClick={() => {
        downloadExport(
          `${adminPath('domande-iscrizione', application.id)}/Cv`,
          application.cvFileName ?? 'curriculum.pdf',
        ).catch((error: unknown) =>
          notify(errorText(error, 'Download non riuscito.'), { type: 'error' }),
        );
      }}
    />
  );
}

export function ApplicationShow() {
  return (
    <Show title="Domanda di iscrizione">
      <SimpleShowLayout>
        <FunctionField
          label="Stato"
          render={(record: AdminMembershipApplication) => choiceName(STATUS_CHOICES, record.status)}
        />
        <TextField source="kind" label="Tipo" />
        <FunctionField
          label="Sezione"
          render={(record: AdminMembershipApplication) =>
            record.section === null
              ? '—'
              : (AFFILIATE_SECTIONS[record.section as keyof typeof AFFILIATE_SECTIONS] ??
                record.section)
          }
        />
        <TextField source="firstName" label="Nome" />
        <TextField source="lastName" label="Cognome" />
        <TextField source="email" label="E-mail" />
        <TextField source="codiceFiscale" label="Codice fiscale" />
        <TextField source="qualification" label="Qualifica" />
        <TextField source="workplace" label="Sede di lavoro" />
        <TextField source="centre" label="Centro o servizio" emptyText="—" />
        <TextField source="region" label="Regione" />
        <TextField source="registerNumber" label="Numero di iscrizione all’albo" emptyText="—" />
        <FunctionField
          label="Consenso privacy"
          render={(record: AdminMembershipApplication) =>
            `versione ${record.privacyTextVersion}, ${italianDate(romeDate(new Date(record.privacyAcceptedAt)))}`
          }
        />
        <CvButton />
        <DayField source="ratifiedOn" label="Ratifica" />
        <TextField source="memberNumber" label="Numero di socio" emptyText="—" />
        <TextField source="refusalReason" label="Motivo del rifiuto" emptyText="—" />
        <TextField source="handledBy" label="Gestita da" emptyText="—" />
        <Decision />
      </SimpleShowLayout>
    </Show>
  );
}
