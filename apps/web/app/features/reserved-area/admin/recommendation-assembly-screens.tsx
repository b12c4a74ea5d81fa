import {
  ASSEMBLY_SECTIONS,
  TERRITORIES,
  type AdminAssemblyInput,
  type AdminRecommendationInput,
  italianDate,
} from '@sodalis/contracts';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  DateInput,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
} from 'react-admin';
import { attachmentChanges } from '../../admin/data-provider';
import { AUDIENCE_CHOICES, choiceName, YES_NO_CHOICES } from '../../admin/format';
import { PdfFilesInput } from '../../admin/pdf-input';

const TERRITORY_CHOICES = TERRITORIES.map((id) => ({
  id,
  name: id === 'Nazionali' ? 'Nazionale' : 'Regionale',
}));
const SECTION_CHOICES = ASSEMBLY_SECTIONS.map((id) => ({ id, name: id }));

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

export async function recommendationBody(
  data: Record<string, unknown>,
): Promise<AdminRecommendationInput> {
  return {
    title: String(data.title ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    sourceName: text(data.sourceName),
    sourceUrl: text(data.sourceUrl),
    audience: String(data.audience ?? '') as AdminRecommendationInput['audience'],
    published: data.published !== false,
    ...(await attachmentChanges(data.attachments)),
  };
}

export async function assemblyBody(data: Record<string, unknown>): Promise<AdminAssemblyInput> {
  return {
    title: String(data.title ?? ''),
    heldOn: String(data.heldOn ?? ''),
    place: text(data.place),
    territory: String(data.territory ?? '') as AdminAssemblyInput['territory'],
    section: (text(data.section) ?? null) as AdminAssemblyInput['section'],
    audience: String(data.audience ?? '') as AdminAssemblyInput['audience'],
    published: data.published !== false,
    ...(await attachmentChanges(data.attachments)),
  };
}

const PdfFiles = () => <PdfFilesInput label="Documenti PDF" />;

function AudienceInput() {
  return (
    <SelectInput
      source="audience"
      label="Pubblico"
      choices={AUDIENCE_CHOICES}
      validate={required()}
      helperText="Chi lo vede nell’area riservata (la segreteria vede tutto)."
    />
  );
}

const EditToolbar = () => (
  <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
    <SaveButton />
    <DeleteButton mutationMode="pessimistic" />
  </Toolbar>
);

const audienceFilters = (searchLabel: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchLabel} />,
  <SelectInput
    key="audience"
    source="audience"
    label="Pubblico"
    choices={AUDIENCE_CHOICES}
    alwaysOn
  />,
  <SelectInput key="published" source="published" label="Pubblicata" choices={YES_NO_CHOICES} />,
];

// --- recommendations ---------------------------------------------------------------------------

export function RecommendationList() {
  return (
    <List
      title="Raccomandazioni"
      filters={audienceFilters('Cerca nel titolo')}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Titolo" />
        <FunctionField
          source="publishedOn"
          label="Data"
          render={(r) => italianDate(r.publishedOn)}
        />
        <FunctionField
          label="Pubblico"
          sortable={false}
          render={(r) => choiceName(AUDIENCE_CHOICES, r.audience)}
        />
        <BooleanField source="published" label="Pubblicata" sortable={false} />
      </Datagrid>
    </List>
  );
}

function RecommendationForm({ toolbar }: { toolbar?: React.ReactElement }) {
  return (
    <SimpleForm {...(toolbar ? { toolbar } : {})}>
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <AudienceInput />
      <BooleanInput source="published" label="Pubblicata" />
      <TextInput source="sourceName" label="Fonte (nome)" />
      <TextInput source="sourceUrl" label="Fonte (indirizzo web)" type="url" fullWidth />
      <PdfFiles />
    </SimpleForm>
  );
}

export function RecommendationEdit() {
  return (
    <Edit title="Modifica raccomandazione" mutationMode="pessimistic" redirect="list">
      <RecommendationForm toolbar={<EditToolbar />} />
    </Edit>
  );
}

const NEW_RECOMMENDATION = { audience: 'all', published: true };

export function RecommendationCreate() {
  return (
    <Create title="Nuova raccomandazione" redirect="list" record={NEW_RECOMMENDATION}>
      <RecommendationForm />
    </Create>
  );
}

// --- assemblies ----------------------------------------------------------------------------------

export function AssemblyList() {
  return (
    <List
      title="Assemblee"
      filters={[
        ...audienceFilters('Cerca nel titolo'),
        <SelectInput
          key="territory"
          source="territory"
          label="Territorio"
          choices={TERRITORY_CHOICES}
          alwaysOn
        />,
      ]}
      sort={{ field: 'heldOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Titolo" />
        <FunctionField source="heldOn" label="Data" render={(r) => italianDate(r.heldOn)} />
        <FunctionField
          label="Territorio"
          sortable={false}
          render={(r) => choiceName(TERRITORY_CHOICES, r.territory)}
        />
        <TextField source="section" label="Sezione" sortable={false} emptyText="—" />
        <FunctionField
          label="Pubblico"
          sortable={false}
          render={(r) => choiceName(AUDIENCE_CHOICES, r.audience)}
        />
        <BooleanField source="published" label="Pubblicata" sortable={false} />
      </Datagrid>
    </List>
  );
}

function AssemblyForm({ toolbar }: { toolbar?: React.ReactElement }) {
  return (
    <SimpleForm {...(toolbar ? { toolbar } : {})}>
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <DateInput source="heldOn" label="Data dell’assemblea" validate={required()} />
      <TextInput source="place" label="Luogo" />
      <SelectInput
        source="territory"
        label="Territorio"
        choices={TERRITORY_CHOICES}
        validate={required()}
      />
      <SelectInput
        source="section"
        label="Sezione"
        choices={SECTION_CHOICES}
        emptyText="Nessuna sezione"
        helperText="Le assemblee di sezione sono per gli Affiliati."
      />
      <AudienceInput />
      <BooleanInput source="published" label="Pubblicata" />
      <PdfFiles />
    </SimpleForm>
  );
}

export function AssemblyEdit() {
  return (
    <Edit title="Modifica assemblea" mutationMode="pessimistic" redirect="list">
      <AssemblyForm toolbar={<EditToolbar />} />
    </Edit>
  );
}

const NEW_ASSEMBLY = { audience: 'all', published: true, territory: 'Nazionali', section: null };

export function AssemblyCreate() {
  return (
    <Create title="Nuova assemblea" redirect="list" record={NEW_ASSEMBLY}>
      <AssemblyForm />
    </Create>
  );
}
