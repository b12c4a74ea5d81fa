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
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  DeleteButton,
  useRecordContext,
} from 'react-admin';
import { articleHref } from '../news-search';
import { newsPreviewHref, newsStateWords } from '../publication-state';
import { attachmentChanges } from '../../admin/data-provider';
import { coverBody, CoverInput, withCoverAltRule } from '../../admin/cover-input';
import { choiceName, NEWS_STATE_CHOICES, YES_NO_CHOICES } from '../../admin/format';
import { schemaRules } from '../../admin/form-rules';
import { PdfFilesInput } from '../../admin/pdf-input';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
import { PublicationNotice, PublicationToolbar } from '../../admin/publication';
import { RestoredVersionReset, StaffEditWithHistory } from '../../admin/record-history';

/** The form's record as the API's body, files aside. */
function newsFields(
  data: Record<string, unknown>,
): Omit<AdminNewsInput, 'keptAttachmentIds' | 'newAttachments' | 'newCover' | 'keepCover'> {
  return {
    coverAlt: typeof data.coverAlt === 'string' ? data.coverAlt : null,
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
  return {
    ...newsFields(data),
    ...(await attachmentChanges(data.attachments)),
    ...(await coverBody(data)),
  };
}

// Checked before saving with the server's schemas; the files only on the server, by their bytes.
const newsSchemaRules = schemaRules(AdminNewsInputSchema, newsFields);

/** The schema's rules, and a cover (new or kept) needs its text (ADR 034). */
function newsRules(values: Record<string, unknown>): Record<string, string> {
  return withCoverAltRule(values, newsSchemaRules(values));
}

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

/** The bin's words in the delete's question (ADR 031): nothing is lost yet. */
const NEWS_DELETE_CONFIRMATION =
  'La notizia va nel cestino per 30 giorni e non sarà più visibile sul sito: puoi ripristinarla da lì.';

function NewsForm({ withDelete }: { withDelete: boolean }) {
  return (
    <StaffForm
      validate={newsRules}
      toolbar={
        <PublicationToolbar
          scheduleField="publishTime"
          publishNow={publishNow}
          deleteButton={
            withDelete ? (
              <DeleteButton
                mutationMode="pessimistic"
                confirmTitle="Eliminare questa notizia?"
                confirmContent={NEWS_DELETE_CONFIRMATION}
              />
            ) : null
          }
        />
      }
    >
      <RestoredVersionReset />
      <PublicationState />
      <TextInput source="title" label="Titolo" isRequired fullWidth />
      <RichText source="subtitleHtml" label="Testo" />
      <CoverInput where="in cima alla notizia" />
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
    <StaffEditWithHistory
      title="Modifica notizia"
      redirect={false}
      historyTestId="news-history"
      undone="la notizia è tornata alla versione precedente."
    >
      <NewsForm withDelete />
    </StaffEditWithHistory>
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
    cover: null,
    coverAlt: null,
  }));
  return (
    <Create title="Nuova notizia" redirect="edit" record={defaults}>
      <NewsForm withDelete={false} />
    </Create>
  );
}

export function CategoryList() {
  return (
    <List
      title="Categorie delle notizie"
      exporter={false}
      pagination={false}
      perPage={200}
      actions={<ListActionsWithBin createLabel="Nuova categoria" />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Nome" sortable={false} />
      </Datagrid>
    </List>
  );
}

function CategoryForm({ withDelete }: { withDelete: boolean }) {
  return (
    <StaffForm
      validate={categoryRules}
      toolbar={<SaveDeleteToolbar withDelete={withDelete} confirm={CATEGORY_BIN_CONFIRMATION} />}
    >
      <RestoredVersionReset />
      <TextInput source="title" label="Nome" isRequired />
    </StaffForm>
  );
}

/**
 * "Elimina" moves the category to the bin (ADR 031); the server refuses one that a news item
 * has, with the reason.
 */
const CATEGORY_BIN_CONFIRMATION = {
  title: 'Spostare nel cestino questa categoria?',
  content:
    'Va nel cestino per 30 giorni e non compare più nei menu e nei filtri: puoi ripristinarla da lì. Una categoria usata da una notizia non si può eliminare.',
};

export function CategoryEdit() {
  return (
    <StaffEditWithHistory
      title="Modifica categoria"
      actions={false}
      historyTestId="categorie-history"
      undone="la categoria è tornata alla versione precedente."
    >
      <CategoryForm withDelete />
    </StaffEditWithHistory>
  );
}

export function CategoryCreate() {
  return (
    <Create title="Nuova categoria" redirect="list">
      <CategoryForm withDelete={false} />
    </Create>
  );
}
