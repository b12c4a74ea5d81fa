import { italianDate, romeDate } from '@sodalis/contracts';
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
} from 'react-admin';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { StaffEdit } from '../../admin/staff-edit';
import { attachmentChanges } from '../../admin/data-provider';
import { choiceName, NEWS_STATE_CHOICES, YES_NO_CHOICES } from '../../admin/format';
import { schemaRules } from '../../admin/form-rules';
import { PdfFilesInput } from '../../admin/pdf-input';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';

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
      filters={newsFilters}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
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

function NewsForm({ toolbar }: { toolbar?: React.ReactElement }) {
  return (
    <StaffForm validate={newsRules} {...(toolbar ? { toolbar } : {})}>
      <TextInput source="title" label="Titolo" isRequired fullWidth />
      <RichText source="subtitleHtml" label="Testo" />
      <DateInput
        source="publishedOn"
        label="Data di pubblicazione"
        isRequired
        helperText="Con una data futura la notizia è programmata: compare sul sito da quel giorno."
      />
      <BooleanInput
        source="published"
        label="Pubblicata"
        helperText="Togli la spunta per ritirare la notizia dal sito senza eliminarla."
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
  return (
    <StaffEdit title="Modifica notizia">
      <NewsForm toolbar={<SaveDeleteToolbar />} />
    </StaffEdit>
  );
}

export function NewsCreate() {
  // One object for the form's whole life: a new one would reset what was typed.
  const [defaults] = useState(() => ({
    publishedOn: romeDate(),
    published: true,
    featured: false,
    categoryIds: [],
  }));
  return (
    <Create title="Nuova notizia" redirect="list" record={defaults}>
      <NewsForm />
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
