import {
  Datagrid,
  DeleteButton,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
} from 'react-admin';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { FilterExportActions } from '../../admin/export-button';
import { choiceName, choicesOf } from '../../admin/format';

/** The newsletter subscribers in the back office (ADR 013): read, withdrawn on request, exported. */

const SUBSCRIBER_STATUS_CHOICES = choicesOf({
  pending: 'In attesa di conferma',
  confirmed: 'Confermata',
  unsubscribed: 'Annullata',
});

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
        <DateTimeField source="consentAt" label="Consenso" sortable={false} />
        <DateTimeField source="confirmedAt" label="Conferma" sortable={false} />
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
