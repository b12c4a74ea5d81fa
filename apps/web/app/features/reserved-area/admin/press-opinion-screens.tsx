import {
  OPINION_TEXT_MAX,
  opinionTitleDate,
  opinionTitleProblem,
  type AdminOpinionInput,
  type AdminPressReviewInput,
  italianDate,
  romeDate,
} from '@sodalis/contracts';
import type { ReactNode } from 'react';
import {
  DateInput,
  FunctionField,
  maxLength,
  NumberField,
  NumberInput,
  required,
  TextField,
  TextInput,
} from 'react-admin';
import { webAddress } from '../../admin/form-rules';
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
 * The press review (rassegna stampa) and the board's opinions (pareri) of the reserved area
 * (ADR 015): lists with search and filters, create, edit, delete with confirmation. The frame
 * is `reserved-record-frame.tsx`'s.
 */

const tooLong = (max: number) => maxLength(max, 'Testo troppo lungo.');

const dateColumn = (
  <FunctionField
    source="publishedOn"
    label="Data"
    render={(record) => italianDate(record.publishedOn)}
  />
);

/** Both kinds list by date, newest first, with the year among the filters. */
function DatedList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <ReservedList title={title} sortField="publishedOn" publishedLabel="Pubblicato" byYear>
      {dateColumn}
      {children}
    </ReservedList>
  );
}

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
    ...audienceFields(data),
  });
}

export function PressReviewList() {
  return (
    <DatedList title="Rassegna stampa">
      <TextField source="newspaper" label="Testata" />
      <TextField source="headline" label="Titolo" />
    </DatedList>
  );
}

function PressReviewForm(props: ReservedFormProps) {
  return (
    <ReservedSimpleForm {...props}>
      <TextInput
        source="headline"
        label="Titolo dell’articolo"
        validate={[required(), tooLong(300)]}
        fullWidth
      />
      <TextInput
        source="newspaper"
        label="Testata"
        validate={[required(), tooLong(200)]}
        helperText="Il giornale o il sito che ha pubblicato l’articolo, es. «Corriere della Sera»."
      />
      <DateInput source="publishedOn" label="Data dell’articolo" validate={required()} />
      <TextInput
        source="url"
        label="Indirizzo dell’articolo"
        type="url"
        validate={[required(), tooLong(1000), webAddress]}
        fullWidth
        helperText="Si apre con il pulsante «LEGGI ONLINE»: inizia con https:// (o http://)."
      />
      <AudienceInput />
      <PublicationInputs label="Pubblicato" />
    </ReservedSimpleForm>
  );
}

export function PressReviewEdit() {
  return (
    <ReservedEdit
      title="Modifica articolo della rassegna stampa"
      form={PressReviewForm}
      confirmTitle="Eliminare questo articolo della rassegna stampa?"
    />
  );
}

/** A new press item: today, for all members, a draft until "Pubblica". */
const pressReviewDefaults = () => ({ publishedOn: romeDate(), audience: 'all', published: false });

export function PressReviewCreate() {
  return (
    <ReservedCreate
      title="Nuovo articolo della rassegna stampa"
      form={PressReviewForm}
      defaults={pressReviewDefaults}
    />
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
    ...audienceFields(data),
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
    <DatedList title="Pareri del Consiglio Direttivo">
      <NumberField source="sortOrder" label="Ordinamento" />
      <TextField source="title" label="Titolo" />
    </DatedList>
  );
}

const textLimit = tooLong(OPINION_TEXT_MAX);

function OpinionForm(props: ReservedFormProps) {
  return (
    <ReservedSimpleForm {...props}>
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <TextInput
        source="title"
        label="Titolo"
        validate={[required(), tooLong(300), titleCarriesDate]}
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
      <PublicationInputs label="Pubblicato" />
    </ReservedSimpleForm>
  );
}

export function OpinionEdit() {
  return (
    <ReservedEdit
      title="Modifica parere"
      form={OpinionForm}
      confirmTitle="Eliminare questo parere?"
    />
  );
}

/**
 * A new opinion: today, its date already in the title, first of the day, for all members, a
 * draft until "Pubblica".
 */
const opinionDefaults = () => {
  const today = romeDate();
  return {
    publishedOn: today,
    title: `Parere ${opinionTitleDate(today)} – `,
    sortOrder: 1,
    audience: 'all',
    published: false,
  };
};

export function OpinionCreate() {
  return <ReservedCreate title="Nuovo parere" form={OpinionForm} defaults={opinionDefaults} />;
}
