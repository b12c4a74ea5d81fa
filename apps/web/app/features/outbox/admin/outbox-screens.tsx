import type { AdminOutboxMessage } from '@sodalis/contracts';
import { useState } from 'react';
import {
  Button,
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { adminJson, adminPath } from '../../admin/data-provider';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { errorText } from '../../admin/error-text';

/** The messages the outbox gave up on (ADR 008, ADR 013): retried or discarded. */

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
        <DateTimeField source="createdAt" label="Creato" sortable={false} />
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
