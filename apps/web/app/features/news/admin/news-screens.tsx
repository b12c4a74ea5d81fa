import { italianDate, romeDate, type AdminNewsItem } from '@sodalis/contracts';
import {
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  type AdminNewsInput,
} from '@sodalis/contracts';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  ChipField,
  Create,
  Datagrid,
  DatagridBody,
  DateInput,
  FunctionField,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  Toolbar,
  DeleteButton,
  useRecordContext,
} from 'react-admin';
import { articleHref } from '../news-search';
import { newsPreviewHref, newsStateWords } from '../publication-state';
import { StaffEdit } from '../../admin/staff-edit';
import { attachmentChanges } from '../../admin/data-provider';
import { choiceName, NEWS_STATE_CHOICES, YES_NO_CHOICES } from '../../admin/format';
import { schemaRules } from '../../admin/form-rules';
import { PdfFilesInput } from '../../admin/pdf-input';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
import { PublicationNotice, PublicationToolbar } from '../../admin/publication';
import {
  RecordHistory,
  RestoredVersionProvider,
  RestoredVersionReset,
} from '../../admin/record-history';

/** The form's record as the API's body, files aside. */
function newsFields(
  data: Record<string, unknown>,
): Omit<AdminNewsInput, 'keptAttachmentIds' | 'newAttachments'> {
  return {
    title: String(data.title ?? ''),
    subtitleHtml: String(data.subtitleHtml ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    featured: data.featured === true,
    published: data.published !== false,
    publishTime:
      typeof data.publishTime === 'string' && data.publishTime !== '' ? data.publishTime : null,
    sourceName: (data.sourceName as string | null | undefined) ?? null,
    sourceUrl: (data.sourceUrl as string | null | undefined) ?? null,
    internalNote: (data.internalNote as string | null | undefined) ?? null,
    categoryIds: (data.categoryIds as number[] | undefined) ?? [],
  };
}

/** The form's record as the API's body: kept files by id, new files as base64. */
export async function newsBody(data: Record<string, unknown>): Promise<AdminNewsInput> {
  return { ...newsFields(data), ...(await attachmentChanges(data.attachments)) };
}

// Checked before saving with the server's schemas; the files only on the server, by their bytes.
const newsRules = schemaRules(AdminNewsInputSchema, newsFields);
const categoryRules = schemaRules(AdminCategoryInputSchema);

const newsFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
  <SelectInput key="state" source="state" label="Stato" choices={NEWS_STATE_CHOICES} alwaysOn />,
  <ReferenceInput key="categoryId" source="categoryId" reference="categorie">
    <SelectInput label="Categoria" optionText="title" />
  </ReferenceInput>,
  <SelectInput key="featured" source="featured" label="In evidenza" choices={YES_NO_CHOICES} />,
];

export function NewsList() {
  return (
    <List
      title="Notizie"
      actions={<ListActionsWithBin />}
      filters={newsFilters}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={
          <BulkActions
            resource="news"
            nouns={{ one: 'notizia', many: 'notizie', ending: 'a' }}
            exportFileName="notizie-selezionate.csv"
          />
        }
        body={
          <DatagridBody row={<LabelledSelectRow nameOf={(record) => String(record.title)} />} />
        }
      >
        <TextField source="title" label="Titolo" />
        <FunctionField
          source="publishedOn"
          label="Data di pubblicazione"
          render={(record) => italianDate(record.publishedOn)}
        />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(record) => choiceName(NEWS_STATE_CHOICES, record.state)}
        />
        <BooleanField source="featured" label="In evidenza" sortable={false} />
        <ReferenceArrayField
          source="categoryIds"
          reference="categorie"
          label="Categorie"
          sortable={false}
        >
          <SingleFieldList linkType={false}>
            <ChipField source="title" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      </Datagrid>
    </List>
  );
}

/**
 * Where the saved item stands, in words, and where to see it (ADR 023): its public page once
 * published, the staff preview before.
 */
function PublicationState() {
  const record = useRecordContext<AdminNewsItem>();
  if (record?.id === undefined) return null;
  const published = record.state === 'pubblicata';
  return (
    <PublicationNotice
      words={newsStateWords(record)}
      published={published}
      link={
        published
          ? { href: articleHref(record), text: 'Vedi sul sito' }
          : { href: newsPreviewHref(record.id), text: 'Apri l’anteprima' }
      }
    />
  );
}

/** "Pubblica" shows the item now: a date still to come becomes today's, with no time. */
function publishNow(data: Record<string, unknown>): Record<string, unknown> {
  const today = romeDate();
  const day = String(data.publishedOn ?? '');
  return {
    ...data,
    published: true,
    publishTime: null,
    publishedOn: day > today || day === '' ? today : day,
  };
}

function NewsForm({ withDelete }: { withDelete: boolean }) {
  return (
    <StaffForm
      validate={newsRules}
      toolbar={
        <PublicationToolbar
          scheduleField="publishTime"
          publishNow={publishNow}
          deleteButton={withDelete ? <DeleteButton mutationMode="pessimistic" /> : null}
        />
      }
    >
      <RestoredVersionReset />
      <PublicationState />
      <TextInput source="title" label="Titolo" isRequired fullWidth />
      <RichText source="subtitleHtml" label="Testo" />
      <DateInput
        source="publishedOn"
        label="Data di pubblicazione"
        isRequired
        helperText="La data mostrata sulla notizia. Con una data futura la notizia è programmata."
      />
      <TextInput
        source="publishTime"
        label="Ora di pubblicazione (ora di Roma)"
        type="time"
        helperText="Per «Programma»: la notizia compare sul sito nel giorno e all’ora indicati."
      />
      <BooleanInput source="featured" label="In evidenza" />
      <ReferenceArrayInput source="categoryIds" reference="categorie" perPage={200}>
        <AutocompleteArrayInput label="Categorie" optionText="title" />
      </ReferenceArrayInput>
      <TextInput source="sourceName" label="Fonte (nome)" />
      <TextInput source="sourceUrl" label="Fonte (indirizzo web)" type="url" fullWidth />
      <PdfFilesInput />
      <TextInput
        source="internalNote"
        label="Note interne (non pubblicate)"
        multiline
        minRows={3}
        fullWidth
        helperText="Visibili solo alla segreteria nel back office: non compaiono mai sul sito."
      />
    </StaffForm>
  );
}

export function NewsEdit() {
  // After saving the form stays, with its state in words and the link to see it (ADR 023).
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica notizia"
        redirect={false}
        aside={
          <RecordHistory
            testId="news-history"
            undone="la notizia è tornata alla versione precedente."
          />
        }
      >
        <NewsForm withDelete />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

export function NewsCreate() {
  // One object for the form's whole life: a new one would reset what was typed.
  const [defaults] = useState(() => ({
    publishedOn: romeDate(),
    published: false,
    publishTime: null,
    featured: false,
    categoryIds: [],
  }));
  return (
    <Create title="Nuova notizia" redirect="edit" record={defaults}>
      <NewsForm withDelete={false} />
    </Create>
  );
}

export function CategoryList() {
  return (
    <List title="Categorie delle notizie" exporter={false} pagination={false} perPage={200}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Nome" sortable={false} />
      </Datagrid>
    </List>
  );
}

function CategoryForm() {
  return (
    <StaffForm
      validate={categoryRules}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="title" label="Nome" isRequired />
    </StaffForm>
  );
}

export function CategoryEdit() {
  return (
    <StaffEdit title="Modifica categoria" actions={false}>
      <CategoryForm />
    </StaffEdit>
  );
}

export function CategoryCreate() {
  return (
    <Create title="Nuova categoria" redirect="list">
      <CategoryForm />
    </Create>
  );
}
