import {
  setupElementName,
  type AdminSetupElement,
  type AdminSetupElementInput,
} from '@sodalis/contracts';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  Datagrid,
  FormDataConsumer,
  FunctionField,
  List,
  SaveButton,
  SearchInput,
  TextField,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { adminJson, attachmentChanges } from '../../admin/data-provider';
import { DateTimeField } from '../../admin/date-time-field';
import { errorText } from '../../admin/error-text';
import { PdfFilesInput } from '../../admin/pdf-input';
import { RestoredVersionReset, StaffEditWithHistory } from '../../admin/record-history';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';

/** The form's record as the API's body: the text, kept files by id, new files as base64. */
export async function setupElementBody(
  data: Record<string, unknown>,
): Promise<AdminSetupElementInput> {
  return {
    bodyHtml: String(data.bodyHtml ?? ''),
    ...(await attachmentChanges(data.attachments)),
  };
}

export function SetupElementList() {
  return (
    <List
      title="Testi delle pagine"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Cerca per pagina" />]}
      pagination={false}
      perPage={200}
      exporter={false}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          label="Testo"
          render={(record: AdminSetupElement) => setupElementName(String(record.id))}
        />
        <TextField source="place" label="Dove compare" sortable={false} />
        <BooleanField source="exists" label="Testo presente" sortable={false} />
        <TextField source="attachmentCount" label="Allegati" sortable={false} />
        <DateTimeField source="updatedAt" label="Ultima modifica" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The text as the site will show it: sanitised by the server with the same allowlist. */
function Preview({ bodyHtml }: { bodyHtml: string }) {
  const element = useRecordContext<AdminSetupElement>();
  const notify = useNotify();
  const [html, setHtml] = useState<string | null>(null);
  return (
    <section className="admin-preview" aria-label="Anteprima">
      <div className="admin-preview-actions">
        <Button
          label="Mostra l’anteprima"
          variant="outlined"
          onClick={() => {
            adminJson<{ html: string }>('/api/v1/Admin/RichTextPreview', {
              method: 'POST',
              body: { bodyHtml },
            })
              .then((answer) => setHtml(answer.html))
              .catch((error: unknown) =>
                notify(errorText(error, 'Anteprima non riuscita.'), {
                  type: 'error',
                }),
              );
          }}
        />
        {element ? (
          <a href={element.pagePath} target="_blank" rel="noopener noreferrer">
            Apri la pagina del sito (nuova scheda)
          </a>
        ) : null}
      </div>
      {html === null ? null : (
        // The server's sanitiser wrote this HTML (the allowlist of the public pages).
        <div className="admin-preview-body" dangerouslySetInnerHTML={{ __html: html }} />
      )}
    </section>
  );
}

export function SetupElementEdit() {
  // Never deleted; each edit can be rolled back from the history beside the form (ADR 031).
  return (
    <StaffEditWithHistory
      title="Modifica testo della pagina"
      actions={false}
      historyTestId="testi-pagine-history"
      undone="il testo è tornato alla versione precedente."
    >
      <StaffForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <RestoredVersionReset />
        <FunctionField
          label="Dove compare"
          render={(record: AdminSetupElement) =>
            `${setupElementName(String(record.id))}: ${record.place}`
          }
        />
        <RichText source="bodyHtml" label="Testo" />
        <FormDataConsumer>
          {({ formData }) => <Preview bodyHtml={String(formData.bodyHtml ?? '')} />}
        </FormDataConsumer>
        <PdfFilesInput />
      </StaffForm>
    </StaffEditWithHistory>
  );
}
