import {
  OPINION_TEXT_MAX,
  opinionTitleDate,
  opinionTitleProblem,
  type AdminOpinionInput,
  type AdminPressReviewInput,
  italianDate,
  romeDate,
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
  maxLength,
  NumberField,
  NumberInput,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
} from 'react-admin';
import { AUDIENCE_CHOICES, choiceName, yearChoices, YES_NO_CHOICES } from '../../admin/format';
import { webAddress } from '../../admin/form-rules';

/**
 * The press review (rassegna stampa) and the board's opinions (pareri) of the reserved area
 * (issue 10, ADR 015): lists with search and filters, create, edit, delete with confirmation.
 */

const YEAR_CHOICES = yearChoices();

const listFilters = (searchLabel: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchLabel} />,
  <SelectInput
    key="audience"
    source="audience"
    label="Pubblico"
    choices={AUDIENCE_CHOICES}
    alwaysOn
  />,
  <SelectInput key="year" source="year" label="Anno" choices={YEAR_CHOICES} alwaysOn />,
  <SelectInput key="published" source="published" label="Pubblicato" choices={YES_NO_CHOICES} />,
];

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

function PublishedInput() {
  return (
    <BooleanInput
      source="published"
      label="Pubblicato"
      helperText="Togli la spunta per nasconderlo ai soci senza eliminarlo."
    />
  );
}

function EditToolbar({ confirmTitle }: { confirmTitle: string }) {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        mutationMode="pessimistic"
        confirmTitle={confirmTitle}
        confirmContent="Non sarà più visibile ai soci. L’eliminazione resta annotata nel registro delle attività."
      />
    </Toolbar>
  );
}

const audienceColumn = (
  <FunctionField
    label="Pubblico"
    sortable={false}
    render={(record) => choiceName(AUDIENCE_CHOICES, record.audience)}
  />
);

// --- press review ----------------------------------------------------------------------------------

/** The form's record as the API's body. */
export async function pressReviewBody(
  data: Record<string, unknown>,
): Promise<AdminPressReviewInput> {
  return Promise.resolve({
    headline: String(data.headline ?? ''),
    newspaper: String(data.newspaper ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    url: String(data.url ?? ''),
    audience: String(data.audience ?? '') as AdminPressReviewInput['audience'],
    published: data.published !== false,
  });
}

export function PressReviewList() {
  return (
    <List
      title="Rassegna stampa"
      filters={listFilters('Cerca nel titolo')}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          source="publishedOn"
          label="Data"
          render={(record) => italianDate(record.publishedOn)}
        />
        <TextField source="newspaper" label="Testata" />
        <TextField source="headline" label="Titolo" />
        {audienceColumn}
        <BooleanField source="published" label="Pubblicato" sortable={false} />
      </Datagrid>
    </List>
  );
}

function PressReviewForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: () => Record<string, unknown>;
}) {
  return (
    <SimpleForm {...(toolbar ? { toolbar } : {})} {...(defaultValues ? { defaultValues } : {})}>
      <TextInput
        source="headline"
        label="Titolo dell’articolo"
        validate={[required(), maxLength(300, 'Testo troppo lungo.')]}
        fullWidth
      />
      <TextInput
        source="newspaper"
        label="Testata"
        validate={[required(), maxLength(200, 'Testo troppo lungo.')]}
        helperText="Il giornale o il sito che ha pubblicato l’articolo, es. «Corriere della Sera»."
      />
      <DateInput source="publishedOn" label="Data dell’articolo" validate={required()} />
      <TextInput
        source="url"
        label="Indirizzo dell’articolo"
        type="url"
        validate={[required(), maxLength(1000, 'Testo troppo lungo.'), webAddress]}
        fullWidth
        helperText="Si apre con il pulsante «LEGGI ONLINE»: inizia con https:// (o http://)."
      />
      <AudienceInput />
      <PublishedInput />
    </SimpleForm>
  );
}

export function PressReviewEdit() {
  return (
    <Edit
      title="Modifica articolo della rassegna stampa"
      mutationMode="pessimistic"
      redirect="list"
    >
      <PressReviewForm
        toolbar={<EditToolbar confirmTitle="Eliminare questo articolo della rassegna stampa?" />}
      />
    </Edit>
  );
}

/** A new press item: today, for all members, published. */
const pressReviewDefaults = () => ({ publishedOn: romeDate(), audience: 'all', published: true });

export function PressReviewCreate() {
  return (
    <Create title="Nuovo articolo della rassegna stampa" redirect="list">
      <PressReviewForm defaultValues={pressReviewDefaults} />
    </Create>
  );
}

// --- opinions --------------------------------------------------------------------------------------

export async function opinionBody(data: Record<string, unknown>): Promise<AdminOpinionInput> {
  return Promise.resolve({
    title: String(data.title ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    sortOrder: Number(data.sortOrder ?? 1),
    question: String(data.question ?? ''),
    answer: String(data.answer ?? ''),
    audience: String(data.audience ?? '') as AdminOpinionInput['audience'],
    published: data.published !== false,
  });
}

/** The server's rule, said in the form before saving: the title's second word is its date. */
function titleCarriesDate(value: unknown, values: Record<string, unknown>): string | undefined {
  const date = values.publishedOn;
  if (typeof value !== 'string' || typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date))
    return undefined;
  return opinionTitleProblem(value, date) ?? undefined;
}

export function OpinionList() {
  return (
    <List
      title="Pareri del Consiglio Direttivo"
      filters={listFilters('Cerca nel titolo')}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField
          source="publishedOn"
          label="Data"
          render={(record) => italianDate(record.publishedOn)}
        />
        <NumberField source="sortOrder" label="Ordinamento" />
        <TextField source="title" label="Titolo" />
        {audienceColumn}
        <BooleanField source="published" label="Pubblicato" sortable={false} />
      </Datagrid>
    </List>
  );
}

const textLimit = maxLength(OPINION_TEXT_MAX, 'Testo troppo lungo.');

function OpinionForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: () => Record<string, unknown>;
}) {
  return (
    <SimpleForm {...(toolbar ? { toolbar } : {})} {...(defaultValues ? { defaultValues } : {})}>
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <TextInput
        source="title"
        label="Titolo"
        validate={[required(), maxLength(300, 'Testo troppo lungo.'), titleCarriesDate]}
        fullWidth
        helperText="Scrivi «Parere gg/mm/aaaa – argomento»: la seconda parola è la data di pubblicazione, che i soci vedono accanto al titolo."
      />
      <NumberInput
        source="sortOrder"
        label="Ordinamento"
        validate={required()}
        min={0}
        max={9999}
        step={1}
        helperText="Tra i pareri della stessa data, quello con il numero più alto compare per primo."
      />
      <TextInput
        source="question"
        label="Domanda"
        validate={[required(), textLimit]}
        multiline
        minRows={4}
        fullWidth
        helperText="Testo semplice: gli a capo che scrivi restano visibili ai soci."
      />
      <TextInput
        source="answer"
        label="Risposta"
        validate={[required(), textLimit]}
        multiline
        minRows={8}
        fullWidth
        helperText="Testo semplice: gli a capo che scrivi restano visibili ai soci."
      />
      <AudienceInput />
      <PublishedInput />
    </SimpleForm>
  );
}

export function OpinionEdit() {
  return (
    <Edit title="Modifica parere" mutationMode="pessimistic" redirect="list">
      <OpinionForm toolbar={<EditToolbar confirmTitle="Eliminare questo parere?" />} />
    </Edit>
  );
}

/** A new opinion: today, its date already in the title, first of the day, for all members. */
const opinionDefaults = () => {
  const today = romeDate();
  return {
    publishedOn: today,
    title: `Parere ${opinionTitleDate(today)} – `,
    sortOrder: 1,
    audience: 'all',
    published: true,
  };
};

export function OpinionCreate() {
  return (
    <Create title="Nuovo parere" redirect="list">
      <OpinionForm defaultValues={opinionDefaults} />
    </Create>
  );
}
