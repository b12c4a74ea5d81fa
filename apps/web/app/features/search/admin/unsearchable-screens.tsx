import type { AdminUnsearchableDocument } from '@sodalis/contracts';
import { Button, Datagrid, List, TextField, useRecordContext } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { DateTimeField } from '../../admin/date-time-field';
import { EmptyList } from '../../admin/empty-list';
import { useStaffCall } from '../../admin/staff-call';

/**
 * PDFs the site search cannot read (ADR 025): scans without a text layer and files pdf.js
 * cannot open. The secretariat replaces the file in its record, or has it read again.
 */

function RetryExtractionButton() {
  const document = useRecordContext<AdminUnsearchableDocument>();
  const { saving, call } = useStaffCall();
  if (!document) return null;
  return (
    <Button
      label="Riprova l'estrazione"
      disabled={saving}
      onClick={() =>
        void call(
          `${adminPath('documenti-non-ricercabili', document.id)}/Retry`,
          { method: 'POST' },
          () => 'Il documento sarà letto di nuovo tra pochi secondi.',
        )
      }
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
