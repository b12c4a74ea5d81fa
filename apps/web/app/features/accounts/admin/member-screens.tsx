import {
  isStaffRole,
  owesDues,
  mayGrantStaffRoles,
  MEMBER_FEE_STATUS_LABELS,
  MEMBER_FEE_STATUSES,
  type AdminMember,
  type AdminMemberImportReport,
} from '@sodalis/contracts';
import { useState } from 'react';
import {
  BooleanField,
  BooleanInput,
  Button,
  Confirm,
  Create,
  CreateButton,
  Datagrid,
  DatagridBody,
  email,
  FilterButton,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  Title,
  Toolbar,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router';
import { adminJson, adminPath, staffRole } from '../../admin/data-provider';
import { mayOpenHref } from '../../admin/home';
import { fileAsBase64 } from '../../admin/file-base64';
import { RestoredVersionReset, StaffEditWithHistory } from '../../admin/record-history';
import { errorText } from '../../admin/error-text';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { ExportCsvButton } from '../../admin/export-button';
import { choiceName, choicesOf, yearChoices } from '../../admin/format';
import { MemberTwoFactorButton } from './security-screens';
import { StaffForm } from '../../admin/staff-form';

const ROLE_CHOICES = choicesOf({
  socio: 'Socio',
  affiliato: 'Affiliato',
  segreteria: 'Segreteria (tutto il back office)',
  redazione: 'Redazione (solo contenuti)',
  tesoreria: 'Tesoreria (soci, pagamenti, quote)',
  eventi: 'Eventi (eventi, iscrizioni, accoglienza)',
  partecipante: 'Partecipante agli eventi (non socio)',
});

const STATUS_CHOICES = choicesOf({ active: 'Attivo', disabled: 'Disattivato' });

const FEE_STATUS_CHOICES = MEMBER_FEE_STATUSES.map((id) => ({
  id,
  name: MEMBER_FEE_STATUS_LABELS[id],
}));

const memberFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca per nome o e-mail" />,
  <SelectInput key="role" source="role" label="Ruolo" choices={ROLE_CHOICES} alwaysOn />,
  <SelectInput key="status" source="status" label="Stato" choices={STATUS_CHOICES} alwaysOn />,
  <SelectInput
    key="feeStatus"
    source="feeStatus"
    label="Quota dell’anno"
    choices={FEE_STATUS_CHOICES}
    alwaysOn
    sx={{ minWidth: 180 }}
  />,
  <SelectInput
    key="feeYear"
    source="feeYear"
    label="Anno della quota"
    choices={yearChoices(1)}
    emptyText="Anno in corso"
  />,
];

/** The year's fee of an account, from the payments ledger; staff and participants pay none. */
function feeLabel(member: AdminMember): string {
  if (!owesDues(member.role)) return '—';
  return `${MEMBER_FEE_STATUS_LABELS[member.feeStatus]} (${member.feeYear})`;
}

const IMPORT_HREF = '/amministrazione/account/importa';

function MemberListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton label="Nuovo account" />
      {/* Importing may create staff accounts: shown to who may do it. */}
      {mayOpenHref(IMPORT_HREF) ? (
        <Button label="Importa CSV" component={Link} to={IMPORT_HREF} />
      ) : null}
      <ExportCsvButton resource="account" fileName="account.csv" />
    </TopToolbar>
  );
}

/**
 * "Invita i selezionati" (ADR 023): the link to choose a password to each selected active
 * account, one by one through the same audited invitation as the form's button; a failure
 * stops there and says how many went.
 */
function InviteSelectedButton() {
  const { selectedIds, onUnselectItems } = useListContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  async function inviteAll() {
    setBusy(true);
    let sent = 0;
    try {
      for (const id of selectedIds) {
        await adminJson(`${adminPath('account', id)}/Invite`, { method: 'POST' });
        sent += 1;
      }
      notify(sent === 1 ? '1 invito inviato' : `${sent} inviti inviati`, { type: 'success' });
      onUnselectItems();
    } catch (error) {
      notify(`Inviti inviati: ${sent}. ${errorText(error, 'Invio non riuscito.')}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return (
    <>
      <Button label="Invita i selezionati" disabled={busy} onClick={() => setAsked(true)} />
      <Confirm
        isOpen={asked}
        title="Inviare l’invito agli account selezionati?"
        content={`Ognuno riceve per e-mail il link per scegliere la password. Account selezionati: ${selectedIds.length}.`}
        confirm="Invia gli inviti"
        onConfirm={() => {
          setAsked(false);
          void inviteAll();
        }}
        onClose={() => setAsked(false)}
      />
    </>
  );
}

export function MemberList() {
  return (
    <List
      title="Account"
      filters={memberFilters}
      actions={<MemberListActions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={<InviteSelectedButton />}
        isRowSelectable={(record: AdminMember) => record.status === 'active'}
        body={
          <DatagridBody
            row={
              <LabelledSelectRow
                nameOf={(record) => `${String(record.firstName)} ${String(record.lastName)}`}
              />
            }
          />
        }
      >
        <TextField source="lastName" label="Cognome" />
        <TextField source="firstName" label="Nome" sortable={false} />
        <TextField source="email" label="E-mail" />
        <FunctionField
          source="role"
          label="Ruolo"
          render={(record) => choiceName(ROLE_CHOICES, record.role)}
        />
        <FunctionField
          source="status"
          label="Stato"
          render={(record) => choiceName(STATUS_CHOICES, record.status)}
        />
        <BooleanField source="hasPassword" label="Password scelta" sortable={false} />
        <FunctionField<AdminMember>
          label="Quota"
          sortable={false}
          render={(record) => feeLabel(record)}
        />
      </Datagrid>
    </List>
  );
}

/** E-mails the member the link to choose a password (invitation or reset). */
function SendLinkButton() {
  const member = useRecordContext<AdminMember>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [sending, setSending] = useState(false);
  if (!member) return null;
  return (
    <Button
      label={member.hasPassword ? 'Invia link per reimpostare la password' : 'Invia invito'}
      disabled={sending || member.status !== 'active'}
      onClick={() => {
        setSending(true);
        adminJson(`${adminPath('account', member.id)}/Invite`, { method: 'POST' })
          .then(() => {
            notify(`E-mail inviata a ${member.email}.`, { type: 'success' });
            refresh();
          })
          .catch((error: unknown) =>
            notify(errorText(error, 'Invio non riuscito.'), {
              type: 'error',
            }),
          )
          .finally(() => setSending(false));
      }}
    />
  );
}

function MemberEditActions() {
  return (
    <TopToolbar>
      <SendLinkButton />
      <MemberTwoFactorButton />
    </TopToolbar>
  );
}

const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);

/**
 * The role, with only the roles one may give (ADR 031): the secretariat gives every
 * role; another staff role only the roles that are not staff (Socio, Affiliato, Partecipante), and
 * sees a staff account's role unchangeable.
 */
function RoleInput() {
  const account = useRecordContext<AdminMember>();
  if (mayGrantStaffRoles(staffRole())) {
    return <SelectInput source="role" label="Ruolo" choices={ROLE_CHOICES} validate={required()} />;
  }
  if (isStaffRole(account?.role)) {
    return (
      <SelectInput
        source="role"
        label="Ruolo"
        choices={ROLE_CHOICES}
        disabled
        helperText="Solo la segreteria cambia un account dello staff."
      />
    );
  }
  return (
    <SelectInput
      source="role"
      label="Ruolo"
      choices={ROLE_CHOICES.filter((choice) => !isStaffRole(choice.id))}
      validate={required()}
      helperText="I ruoli dello staff li assegna la segreteria."
    />
  );
}

/** The fields an account's edit and creation share. */
function NameAndRoleInputs() {
  return (
    <>
      <TextInput source="firstName" label="Nome" validate={required()} />
      <TextInput source="lastName" label="Cognome" validate={required()} />
      <RoleInput />
    </>
  );
}

export function MemberEdit() {
  return (
    <StaffEditWithHistory
      title="Modifica account"
      actions={<MemberEditActions />}
      historyTestId="account-history"
      undone="nome e cognome sono tornati alla versione precedente."
    >
      <StaffForm toolbar={<SaveOnlyToolbar />}>
        <RestoredVersionReset />
        <TextInput source="email" label="E-mail" disabled />
        <NameAndRoleInputs />
        <SelectInput
          source="status"
          label="Stato"
          choices={STATUS_CHOICES}
          validate={required()}
          helperText="Un account disattivato non può più accedere all’area riservata."
        />
      </StaffForm>
    </StaffEditWithHistory>
  );
}

const NEW_MEMBER = { role: 'socio', invite: true };

export function MemberCreate() {
  return (
    <Create title="Nuovo account" redirect="list" record={NEW_MEMBER}>
      <StaffForm>
        <TextInput source="email" label="E-mail" type="email" validate={[required(), email()]} />
        <NameAndRoleInputs />
        <BooleanInput
          source="invite"
          label="Invia subito l’invito"
          helperText="L’e-mail contiene il link per scegliere la password (valido 72 ore)."
        />
      </StaffForm>
    </Create>
  );
}

function ReportList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h3 className="h6">
        {title} ({items.length})
      </h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

const OUTCOME_LABELS = { crea: 'Da creare', aggiorna: 'Da aggiornare', invariato: 'Invariato' };
const APPLIED_OUTCOME_LABELS = { crea: 'Creato', aggiorna: 'Aggiornato', invariato: 'Invariato' };

/** Every field of every row read, with what the import does with it. */
function ImportRows({ report }: { report: AdminMemberImportReport }) {
  if (report.rows.length === 0) return null;
  const labels = report.applied ? APPLIED_OUTCOME_LABELS : OUTCOME_LABELS;
  return (
    <table className="table table-sm admin-import-rows">
      <caption>Righe lette ({report.rows.length})</caption>
      <thead>
        <tr>
          <th scope="col">Riga</th>
          <th scope="col">E-mail</th>
          <th scope="col">Nome</th>
          <th scope="col">Cognome</th>
          <th scope="col">Ruolo</th>
          <th scope="col">Esito</th>
        </tr>
      </thead>
      <tbody>
        {report.rows.map((row) => (
          <tr key={row.line}>
            <td>{row.line}</td>
            <td>{row.email}</td>
            <td>{row.firstName}</td>
            <td>{row.lastName}</td>
            <td>{row.role}</td>
            <td>{labels[row.outcome]}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Import from the secretariat's CSV: the file's bytes go to the server, which reads them as
 * UTF-8 or Windows-1252 and answers what would change (the CLI's preview), and only "Applica"
 * writes. After it, the new accounts can be invited at once.
 */
export function MemberImport() {
  const notify = useNotify();
  const [content, setContent] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [report, setReport] = useState<AdminMemberImportReport | null>(null);
  const [busy, setBusy] = useState(false);
  const [invited, setInvited] = useState<string[] | null>(null);

  const inviteNew = async (emails: string[]) => {
    setBusy(true);
    try {
      const answer = await adminJson<{ invited: string[] }>(
        `${adminPath('account')}/Import/Invite`,
        { method: 'POST', body: { emails } },
      );
      setInvited(answer.invited);
      notify(`Inviti inviati: ${answer.invited.length}.`, { type: 'success' });
    } catch (error) {
      notify(errorText(error, 'Invio degli inviti non riuscito.'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  const send = async (apply: boolean) => {
    if (content === null) return;
    setBusy(true);
    try {
      const answer = await adminJson<AdminMemberImportReport>(`${adminPath('account')}/Import`, {
        method: 'POST',
        body: { content, apply },
      });
      setReport(answer);
      setInvited(null);
      if (apply) notify('Importazione eseguita.', { type: 'success' });
    } catch (error) {
      setReport(null);
      notify(errorText(error, 'Importazione non riuscita.'), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="admin-import">
      <Title title="Importa account da CSV" />
      <h2 className="h5">Importa account da CSV</h2>
      <p>
        Colonne <code>email</code>, <code>nome</code>, <code>cognome</code>, <code>ruolo</code>{' '}
        (socio, affiliato, segreteria), separate da virgola o punto e virgola. Prima vedi cosa
        cambierebbe; niente è scritto finché non scegli “Applica l’importazione”.
      </p>
      <label htmlFor="csv-file" className="form-label">
        File CSV
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,text/csv"
        onChange={(event) => {
          const file = event.target.files?.[0];
          setReport(null);
          if (!file) return;
          setFileName(file.name);
          fileAsBase64(file)
            .then(setContent)
            .catch(() => notify('Impossibile leggere il file.', { type: 'error' }));
        }}
      />
      <div className="admin-import-actions">
        <Button
          label="Mostra l’anteprima"
          variant="contained"
          disabled={content === null || busy}
          onClick={() => void send(false)}
        />
        {report !== null && !report.applied ? (
          <Button
            label="Applica l’importazione"
            variant="contained"
            color="secondary"
            disabled={busy || (report.created.length === 0 && report.updated.length === 0)}
            onClick={() => void send(true)}
          />
        ) : null}
      </div>
      {report !== null ? (
        <div role="status" className="admin-import-report">
          <h3 className="h6">
            {report.applied
              ? `Importazione di ${fileName} eseguita`
              : `Anteprima di ${fileName}: nulla è stato ancora scritto`}
          </h3>
          <p>
            {report.applied
              ? `Creati (${report.created.length}) · Aggiornati (${report.updated.length}) · Invariati (${report.unchanged.length}).`
              : `Da creare (${report.created.length}) · Da aggiornare (${report.updated.length}) · Invariati (${report.unchanged.length}).`}
            {report.encoding ? ` File letto come ${report.encoding}.` : ''}
          </p>
          <ImportRows report={report} />
          <ReportList
            title="Righe scartate"
            items={report.rejected.map((row) => `Riga ${row.line}: ${row.reason}`)}
          />
          {report.applied && report.created.length > 0 ? (
            invited === null ? (
              <Button
                label="Invia l’invito a tutti i nuovi"
                variant="contained"
                disabled={busy}
                onClick={() => void inviteNew(report.created)}
              />
            ) : (
              <p>{`Invito inviato a ${invited.length} nuovi account.`}</p>
            )
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
