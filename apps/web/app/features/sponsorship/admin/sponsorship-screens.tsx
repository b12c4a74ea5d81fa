import { italianDate, italianDateTime } from '@sodalis/contracts';
import type { AdminSponsorshipRequest } from '@sodalis/contracts';
import {
  BooleanInput,
  Button,
  Datagrid,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { adminPath, downloadExport } from '../../admin/data-provider';
import { RestoredVersionReset, StaffEditWithHistory } from '../../admin/record-history';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { errorText } from '../../admin/error-text';
import { choiceName, choicesOf } from '../../admin/format';
import { StaffForm } from '../../admin/staff-form';

/** The sponsorship requests in the back office (ADR 013): read, files downloaded, handled. */

const SPONSORSHIP_STATUS_CHOICES = choicesOf({
  received: 'Da gestire',
  approved: 'Approvata',
  rejected: 'Respinta',
});

export function SponsorshipList() {
  return (
    <List
      title="Richieste di patrocinio"
      filters={[
        <SearchInput
          key="q"
          source="q"
          alwaysOn
          placeholder="Cerca per richiedente, ente o evento"
        />,
        <SelectInput
          key="status"
          source="status"
          label="Stato"
          choices={SPONSORSHIP_STATUS_CHOICES}
          alwaysOn
        />,
      ]}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyList text="Non è arrivata nessuna richiesta di patrocinio." />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <DateTimeField source="createdAt" label="Ricevuta" />
        <TextField source="requester" label="Richiedente" sortable={false} />
        <TextField source="organisation" label="Ente" sortable={false} />
        <TextField source="eventTitle" label="Evento" sortable={false} />
        <FunctionField
          label="Date"
          sortable={false}
          render={(r) => `${italianDate(r.startsOn)} – ${italianDate(r.endsOn)}`}
        />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(r) => choiceName(SPONSORSHIP_STATUS_CHOICES, r.status)}
        />
        <FunctionField
          label="Gestita da"
          sortable={false}
          render={(r) => (r.handledBy ? `${r.handledBy}, ${italianDateTime(r.handledAt)}` : '—')}
        />
      </Datagrid>
    </List>
  );
}

function RequestDetails() {
  const request = useRecordContext<AdminSponsorshipRequest>();
  const notify = useNotify();
  if (!request) return null;
  // The list's summary may show first, while the whole request loads: no files yet.
  const attachments = request.attachments ?? [];
  const rows: [string, string | null][] = [
    ['Richiedente', request.requester],
    ['E-mail', request.email],
    ['Telefono', request.phone],
    ['Ente', request.organisation],
    ['Richiesta', request.requestKind],
    ['Tipo di evento', request.eventKind],
    ['Titolo dell’evento', request.eventTitle],
    ['Date', `${italianDate(request.startsOn)} – ${italianDate(request.endsOn)}`],
    ['Luogo', request.city],
    ['Sede', request.venue],
    ['Organizzatore', request.organiser],
    ['Sito web', request.website],
    ['Segreteria scientifica', request.scientificSecretariat],
    ['Segreteria organizzativa', request.organisingSecretariat],
    ['Altri enti patrocinanti', request.otherSponsors],
    ['Contenuti dell’evento', request.eventContents],
    ['Ricevuta il', italianDateTime(request.createdAt)],
    [
      'Gestita da',
      request.handledBy ? `${request.handledBy}, ${italianDateTime(request.handledAt)}` : '—',
    ],
  ];
  return (
    <section className="admin-request" aria-label="Dati della richiesta">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="h6">Allegati</h2>
      {attachments.length === 0 ? (
        <p>Nessun allegato.</p>
      ) : (
        <ul>
          {attachments.map((file) => (
            <li key={file.id}>
              <Button
                label={`Scarica ${file.fileName}`}
                onClick={() => {
                  downloadExport(
                    `${adminPath('patrocini', request.id)}/Files/${file.id}`,
                    file.fileName,
                  ).catch((error: unknown) =>
                    notify(errorText(error, 'Download non riuscito.'), { type: 'error' }),
                  );
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** When the outcome already went to the requester, said before sending it again. */
function OutcomeSent() {
  const request = useRecordContext<AdminSponsorshipRequest>();
  if (!request?.outcomeSentAt) return null;
  return <p>{`Esito già inviato al richiedente il ${italianDateTime(request.outcomeSentAt)}.`}</p>;
}

export function SponsorshipEdit() {
  return (
    <StaffEditWithHistory
      title="Richiesta di patrocinio"
      actions={false}
      historyTestId="patrocini-history"
      undone="la richiesta è tornata allo stato precedente (nessuna e-mail inviata)."
    >
      <StaffForm
        toolbar={
          <Toolbar>
            <SaveButton label="Salva lo stato" />
          </Toolbar>
        }
      >
        <RestoredVersionReset />
        <RequestDetails />
        <SelectInput
          source="status"
          label="Stato"
          choices={SPONSORSHIP_STATUS_CHOICES}
          validate={required()}
          helperText="Approvata o respinta registra chi l’ha gestita e quando."
        />
        <TextInput
          source="internalNote"
          label="Nota interna (non inviata al richiedente)"
          multiline
          minRows={2}
          fullWidth
        />
        <OutcomeSent />
        <BooleanInput
          source="notifyRequester"
          label="Invia l’esito al richiedente per e-mail"
          helperText="Parte con il salvataggio, solo per una richiesta approvata o respinta."
        />
        <TextInput
          source="outcomeMessage"
          label="Messaggio per il richiedente (facoltativo)"
          multiline
          minRows={2}
          fullWidth
          helperText="Aggiunto al testo dell’esito; la nota interna non viene mai inviata."
        />
      </StaffForm>
    </StaffEditWithHistory>
  );
}
