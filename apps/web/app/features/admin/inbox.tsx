import { italianDate, italianDateTime } from '@sodalis/contracts';
import type { AdminOutboxMessage, AdminSponsorshipRequest } from '@sodalis/contracts';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  DeleteButton,
  Edit,
  FilterButton,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminJson, adminPath, downloadExport } from './data-provider';
import { ExportCsvButton } from './export-button';
import { choiceName } from './format';

export const SPONSORSHIP_STATUS_CHOICES = [
  { id: 'received', name: 'Da gestire' },
  { id: 'approved', name: 'Approvata' },
  { id: 'rejected', name: 'Respinta' },
];

export const SUBSCRIBER_STATUS_CHOICES = [
  { id: 'pending', name: 'In attesa di conferma' },
  { id: 'confirmed', name: 'Confermata' },
  { id: 'unsubscribed', name: 'Annullata' },
];

/**
 * What an empty list says. react-admin's own empty page draws its text in a faded grey that
 * fails the contrast check (axe), and offers "create", which these lists do not have.
 */
function EmptyList({ text }: { text: string }) {
  return (
    <p className="admin-empty" role="status">
      {text}
    </p>
  );
}

function errorText(error: unknown, fallback: string): string {
  return error instanceof Error ? error.message : fallback;
}

// --- sponsorship requests ----------------------------------------------------------------------

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
        <FunctionField
          source="createdAt"
          label="Ricevuta"
          render={(r) => italianDateTime(r.createdAt)}
        />
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

export function SponsorshipEdit() {
  return (
    <Edit
      title="Richiesta di patrocinio"
      mutationMode="pessimistic"
      redirect="list"
      actions={false}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton label="Salva lo stato" />
          </Toolbar>
        }
      >
        <RequestDetails />
        <SelectInput
          source="status"
          label="Stato"
          choices={SPONSORSHIP_STATUS_CHOICES}
          validate={required()}
          helperText="Approvata o respinta registra chi l’ha gestita e quando."
        />
      </SimpleForm>
    </Edit>
  );
}

// --- newsletter subscribers --------------------------------------------------------------------

export function SubscriberList() {
  return (
    <List
      title="Iscritti alla newsletter"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Cerca per e-mail" />,
        <SelectInput
          key="status"
          source="status"
          label="Stato"
          choices={SUBSCRIBER_STATUS_CHOICES}
          alwaysOn
        />,
      ]}
      actions={
        <TopToolbar>
          <FilterButton />
          <ExportCsvButton resource="newsletter" fileName="iscritti-newsletter.csv" />
        </TopToolbar>
      }
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={50}
      exporter={false}
      empty={<EmptyList text="Nessuno è iscritto alla newsletter." />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="email" label="E-mail" sortable={false} />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(r) => choiceName(SUBSCRIBER_STATUS_CHOICES, r.status)}
        />
        <FunctionField
          label="Consenso"
          sortable={false}
          render={(r) => italianDateTime(r.consentAt)}
        />
        <FunctionField
          label="Conferma"
          sortable={false}
          render={(r) => italianDateTime(r.confirmedAt) || '—'}
        />
        <FunctionField
          label="Azioni"
          render={(r) =>
            r.status === 'unsubscribed' ? null : (
              <DeleteButton
                label="Annulla iscrizione"
                mutationMode="pessimistic"
                redirect={false}
                confirmTitle={`Annullare l’iscrizione di ${String(r.email)}?`}
                confirmContent="L’indirizzo non riceverà più la newsletter (anche su MailUp, se collegato)."
                successMessage="Iscrizione annullata"
              />
            )
          }
        />
      </Datagrid>
    </List>
  );
}

// --- outbox messages that could not be delivered ------------------------------------------------

function RetryButton() {
  const message = useRecordContext<AdminOutboxMessage>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!message) return null;
  return (
    <Button
      label="Riprova"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        adminJson(`${adminPath('posta-non-consegnata', message.id)}/Retry`, { method: 'POST' })
          .then(() => {
            notify('Messaggio rimesso in coda.', { type: 'success' });
            refresh();
          })
          .catch((error: unknown) =>
            notify(errorText(error, 'Operazione non riuscita.'), { type: 'error' }),
          )
          .finally(() => setBusy(false));
      }}
    />
  );
}

export function OutboxList() {
  return (
    <List
      title="Posta non consegnata"
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyList text="Nessun messaggio da gestire: tutta la posta è stata consegnata." />}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="Creato"
          sortable={false}
          render={(r) => italianDateTime(r.createdAt)}
        />
        <FunctionField
          label="Tipo"
          sortable={false}
          render={(r) =>
            r.kind === 'mail' ? 'E-mail' : r.kind.startsWith('mailup') ? 'MailUp' : String(r.kind)
          }
        />
        <TextField source="recipients" label="Destinatari" sortable={false} />
        <TextField source="subject" label="Oggetto" sortable={false} emptyText="—" />
        <TextField source="attempts" label="Tentativi" sortable={false} />
        <TextField source="lastError" label="Ultimo errore" sortable={false} emptyText="—" />
        <RetryButton />
        <DeleteButton
          label="Scarta"
          mutationMode="pessimistic"
          redirect={false}
          confirmTitle="Scartare il messaggio?"
          confirmContent="Il messaggio non sarà più consegnato."
          successMessage="Messaggio scartato"
        />
      </Datagrid>
    </List>
  );
}
