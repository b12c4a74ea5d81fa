import { italianDateTime } from '@sodalis/contracts';
import {
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { EmptyList } from '../../admin/empty-list';
import { FilterExportActions } from '../../admin/export-button';
import { choiceName } from '../../admin/format';

/** The newsletter subscribers in the back office (ADR 013): read, withdrawn on request, exported. */

const SUBSCRIBER_STATUS_CHOICES = [
  { id: 'pending', name: 'In attesa di conferma' },
  { id: 'confirmed', name: 'Confermata' },
  { id: 'unsubscribed', name: 'Annullata' },
];

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
      actions={<FilterExportActions resource="newsletter" fileName="iscritti-newsletter.csv" />}
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
