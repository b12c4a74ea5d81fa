import {
  ASSEMBLY_SECTIONS,
  TERRITORIES,
  type AdminAssemblyInput,
  type AdminRecommendationInput,
  italianDate,
  romeDate,
} from '@sodalis/contracts';
import { DateInput, FunctionField, required, SelectInput, TextField, TextInput } from 'react-admin';
import { blankToNull } from '../../admin/form-values';
import { attachmentChanges } from '../../admin/data-provider';
import { choiceName } from '../../admin/format';
import { PdfFilesInput } from '../../admin/pdf-input';
import {
  audienceFields,
  AudienceInput,
  ReservedCreate,
  ReservedEdit,
  ReservedList,
  ReservedSimpleForm,
  type ReservedFormProps,
} from './reserved-record-frame';
import { PublicationInputs } from '../../admin/publication';

/**
 * The reserved area's recommendations and assemblies (ADR 013): lists with search and filters,
 * create, edit, delete, PDFs. The frame is `reserved-record-frame.tsx`'s.
 */

const TERRITORY_CHOICES = TERRITORIES.map((id) => ({
  id,
  name: id === 'Nazionali' ? 'Nazionale' : 'Regionale',
}));
const SECTION_CHOICES = ASSEMBLY_SECTIONS.map((id) => ({ id, name: id }));

export async function recommendationBody(
  data: Record<string, unknown>,
): Promise<AdminRecommendationInput> {
  return {
    title: String(data.title ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    sourceName: blankToNull(data.sourceName),
    sourceUrl: blankToNull(data.sourceUrl),
    ...audienceFields(data),
    ...(await attachmentChanges(data.attachments)),
  };
}

export async function assemblyBody(data: Record<string, unknown>): Promise<AdminAssemblyInput> {
  return {
    title: String(data.title ?? ''),
    heldOn: String(data.heldOn ?? ''),
    place: blankToNull(data.place),
    territory: String(data.territory ?? '') as AdminAssemblyInput['territory'],
    section: blankToNull(data.section) as AdminAssemblyInput['section'],
    ...audienceFields(data),
    ...(await attachmentChanges(data.attachments)),
  };
}

const PdfFiles = () => <PdfFilesInput label="Documenti PDF" />;

// --- recommendations ---------------------------------------------------------------------------

export function RecommendationList() {
  return (
    <ReservedList title="Raccomandazioni" sortField="publishedOn" publishedLabel="Pubblicata">
      <TextField source="title" label="Titolo" />
      <FunctionField source="publishedOn" label="Data" render={(r) => italianDate(r.publishedOn)} />
    </ReservedList>
  );
}

function RecommendationForm(props: ReservedFormProps) {
  return (
    <ReservedSimpleForm {...props}>
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <AudienceInput />
      <PublicationInputs label="Pubblicata" />
      <TextInput source="sourceName" label="Fonte (nome)" />
      <TextInput source="sourceUrl" label="Fonte (indirizzo web)" type="url" fullWidth />
      <PdfFiles />
    </ReservedSimpleForm>
  );
}

export function RecommendationEdit() {
  return <ReservedEdit title="Modifica raccomandazione" form={RecommendationForm} />;
}

/** A new recommendation: dated today ("Pubblica" failed until a date was chosen). */
const newRecommendation = () => ({ publishedOn: romeDate(), audience: 'all', published: false });

export function RecommendationCreate() {
  return (
    <ReservedCreate
      title="Nuova raccomandazione"
      form={RecommendationForm}
      defaults={newRecommendation}
    />
  );
}

// --- assemblies ----------------------------------------------------------------------------------

const TERRITORY_FILTER = (
  <SelectInput
    key="territory"
    source="territory"
    label="Territorio"
    choices={TERRITORY_CHOICES}
    alwaysOn
  />
);

export function AssemblyList() {
  return (
    <ReservedList
      title="Assemblee"
      sortField="heldOn"
      publishedLabel="Pubblicata"
      moreFilters={[TERRITORY_FILTER]}
    >
      <TextField source="title" label="Titolo" />
      <FunctionField source="heldOn" label="Data" render={(r) => italianDate(r.heldOn)} />
      <FunctionField
        label="Territorio"
        sortable={false}
        render={(r) => choiceName(TERRITORY_CHOICES, r.territory)}
      />
      <TextField source="section" label="Sezione" sortable={false} emptyText="—" />
    </ReservedList>
  );
}

function AssemblyForm(props: ReservedFormProps) {
  return (
    <ReservedSimpleForm {...props}>
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
      <PublicationInputs label="Pubblicata" />
      <PdfFiles />
    </ReservedSimpleForm>
  );
}

export function AssemblyEdit() {
  return <ReservedEdit title="Modifica assemblea" form={AssemblyForm} />;
}

const newAssembly = () => ({
  audience: 'all',
  published: false,
  territory: 'Nazionali',
  section: null,
});

export function AssemblyCreate() {
  return <ReservedCreate title="Nuova assemblea" form={AssemblyForm} defaults={newAssembly} />;
}
