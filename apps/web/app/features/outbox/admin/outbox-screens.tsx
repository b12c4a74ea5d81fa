import type { AdminOutboxMessage } from '@sodalis/contracts';
import {
  Button,
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  TextField,
  useRecordContext,
} from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { useStaffCall } from '../../admin/staff-call';

/** The messages the outbox gave up on (ADR 008, ADR 013): retried or discarded. */

function RetryButton() {
  const message = useRecordContext<AdminOutboxMessage>();
  const { saving, call } = useStaffCall();
  if (!message) return null;
  return (
    <Button
      label="Riprova"
      disabled={saving}
      onClick={() =>
        void call(
          `${adminPath('posta-non-consegnata', message.id)}/Retry`,
          { method: 'POST' },
          () => 'Messaggio rimesso in coda.',
        )
      }
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
