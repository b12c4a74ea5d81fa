import type { AdminUnsearchableDocument } from '@sodalis/contracts';
import { useState } from 'react';
import {
  Button,
  Datagrid,
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

/**
 * PDFs the site search cannot read (ADR 025): scans without a text layer and files pdf.js
 * cannot open. The secretariat replaces the file in its record, or has it read again.
 */

function RetryExtractionButton() {
  const document = useRecordContext<AdminUnsearchableDocument>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!document) return null;
  return (
    <Button
      label="Riprova l'estrazione"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        adminJson(`${adminPath('documenti-non-ricercabili', document.id)}/Retry`, {
          method: 'POST',
        })
          .then(() => {
            notify('Il documento sarà letto di nuovo tra pochi secondi.', { type: 'success' });
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

export function UnsearchableDocumentList() {
  return (
    <List
      title="Documenti non ricercabili"
      perPage={100}
      pagination={false}
      exporter={false}
      empty={
        <EmptyList text="Nessun documento da controllare: la ricerca legge il testo di tutti i PDF." />
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="fileName" label="File" sortable={false} />
        <TextField source="owner" label="Allegato a" sortable={false} />
        <TextField source="state" label="Stato" sortable={false} />
        <TextField source="reason" label="Motivo" sortable={false} />
        <DateTimeField source="updatedAt" label="Ultima lettura" sortable={false} />
        <RetryExtractionButton />
      </Datagrid>
    </List>
  );
}
