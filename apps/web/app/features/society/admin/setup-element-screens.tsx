import {
  ADMIN_LIMITS,
  type AdminAttachment,
  type AdminSetupElement,
  type AdminSetupElementInput,
  italianDateTime,
} from '@sodalis/contracts';
import { useState } from 'react';
import {
  BooleanField,
  Button,
  Datagrid,
  Edit,
  FileInput,
  FormDataConsumer,
  FunctionField,
  List,
  SaveButton,
  SearchInput,
  SimpleForm,
  TextField,
  Toolbar,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { adminJson, fileToBase64 } from '../../admin/data-provider';
import { RichText } from '../../admin/rich-text';

interface FileValue extends Partial<AdminAttachment> {
  rawFile?: File;
}

/** The form's record as the API's body: the text, kept files by id, new files as base64. */
export async function setupElementBody(
  data: Record<string, unknown>,
): Promise<AdminSetupElementInput> {
  const files = (data.attachments ?? []) as FileValue[];
  return {
    bodyHtml: String(data.bodyHtml ?? ''),
    keptAttachmentIds: files
      .filter((file) => !(file.rawFile instanceof File) && typeof file.id === 'number')
      .map((file) => file.id as number),
    newAttachments: await Promise.all(
      files
        .filter((file): file is FileValue & { rawFile: File } => file.rawFile instanceof File)
        .map(async (file) => ({
          fileName: file.rawFile.name,
          content: await fileToBase64(file.rawFile),
        })),
    ),
  };
}

export function SetupElementList() {
  return (
    <List
      title="Testi delle pagine"
      filters={[
        <SearchInput key="q" source="q" alwaysOn placeholder="Cerca per pagina o chiave" />,
      ]}
      pagination={false}
      perPage={200}
      exporter={false}
      sort={{ field: 'id', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="place" label="Dove compare" sortable={false} />
        <TextField source="id" label="Chiave" sortable={false} />
        <BooleanField source="exists" label="Testo presente" sortable={false} />
        <TextField source="attachmentCount" label="Allegati" sortable={false} />
        <FunctionField
          label="Ultima modifica"
          sortable={false}
          render={(record) => italianDateTime(record.updatedAt) || '—'}
        />
      </Datagrid>
    </List>
  );
}

function FileName() {
  const file = useRecordContext<FileValue>();
  if (!file) return null;
  return <span>{file.rawFile?.name ?? file.fileName ?? ''}</span>;
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
                notify(error instanceof Error ? error.message : 'Anteprima non riuscita.', {
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
  return (
    <Edit
      title="Modifica testo della pagina"
      mutationMode="pessimistic"
      redirect="list"
      actions={false}
    >
      <SimpleForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <FunctionField
          label="Dove compare"
          render={(record: AdminSetupElement) => `${record.place} (${record.id})`}
        />
        <RichText source="bodyHtml" label="Testo" />
        <FormDataConsumer>
          {({ formData }) => <Preview bodyHtml={String(formData.bodyHtml ?? '')} />}
        </FormDataConsumer>
        <FileInput
          source="attachments"
          label="Allegati PDF"
          multiple
          accept={{ 'application/pdf': ['.pdf'] }}
          maxSize={ADMIN_LIMITS.maxFileBytes}
          inputProps={{ 'aria-label': 'Scegli i PDF da allegare' }}
          helperText={`Solo PDF, al massimo ${ADMIN_LIMITS.maxFileBytes / 1024 / 1024} MB ciascuno.`}
        >
          <FileName />
        </FileInput>
      </SimpleForm>
    </Edit>
  );
}
