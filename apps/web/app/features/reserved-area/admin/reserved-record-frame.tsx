import {
  publicationStateWords,
  type PublicationState,
  type ReservedAudience,
} from '@sodalis/contracts';
import type { ReactElement, ReactNode } from 'react';
import {
  Create,
  Datagrid,
  DatagridBody,
  DeleteButton,
  FunctionField,
  List,
  required,
  SearchInput,
  SelectInput,
  TextInput,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
import type { AdminResource } from '../../admin/data-provider';
import { blankToNull } from '../../admin/form-values';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { PublicationNotice, PublicationToolbar } from '../../admin/publication';
import {
  RecordHistory,
  RestoredVersionProvider,
  RestoredVersionReset,
} from '../../admin/record-history';
import { StaffEdit } from '../../admin/staff-edit';
import { AUDIENCE_CHOICES, choiceName, yearChoices, YES_NO_CHOICES } from '../../admin/format';
import { StaffForm } from '../../admin/staff-form';

/**
 * The frame every reserved-area record of the back office shares (recommendations, assemblies,
 * press review, opinions; ADR 015): a list filtered by text, audience and publication ending
 * with the audience and state columns, with labelled row checkboxes and bulk actions (ADR 031);
 * the audience and publication inputs; the edit screen with "Salva bozza", "Pubblica",
 * "Programma" and the record's history beside it, and the create screen.
 */

/** Masculine for an "articolo" or a "parere", feminine for a "raccomandazione" or "assemblea". */
export type PublishedLabel = 'Pubblicata' | 'Pubblicato';

const YEAR_CHOICES = yearChoices();

/** What the delete's confirmation says under a kind's own title. */
const RESERVED_DELETE_CONFIRMATION =
  'Va nel cestino per 30 giorni e non sarà più visibile ai soci: puoi ripristinarlo da lì.';

/** The form's audience and publication as the API's body has them. */
export function audienceFields(data: Record<string, unknown>): {
  audience: ReservedAudience;
  published: boolean;
  publishAt: string | null;
} {
  return {
    audience: String(data.audience ?? '') as ReservedAudience,
    published: data.published !== false,
    publishAt: blankToNull(data.publishAt),
  };
}

/** The ending of a kind's participles: "Pubblicata" a, "Pubblicato" o. */
const endingOf = (label: PublishedLabel) => (label === 'Pubblicata' ? 'a' : 'o');

/** A record's state in words ("Programmata per il 30/11/2026 alle 09:00"). */
function stateWords(
  record: { state: PublicationState; publishAt: string | null; updatedAt?: string },
  label: PublishedLabel,
): string {
  const [day = '', time = null] = record.publishAt?.split('T') ?? [];
  const since = day === '' ? (record.updatedAt ?? '').slice(0, 10) : day;
  return publicationStateWords(record.state, since, time, endingOf(label));
}

const STATE_NAMES: Record<PublicationState, string> = {
  pubblicata: 'Pubblicato',
  programmata: 'Programmato',
  'non-pubblicata': 'Bozza',
};

export function ReservedList({
  title,
  sortField,
  publishedLabel,
  byYear = false,
  moreFilters = [],
  children,
}: {
  title: string;
  sortField: string;
  publishedLabel: PublishedLabel;
  /** Adds the year of the record's date to the filters shown at once. */
  byYear?: boolean;
  moreFilters?: ReactElement[];
  /** The kind's columns; audience and published follow them. */
  children: ReactNode;
}) {
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
    <SelectInput
      key="audience"
      source="audience"
      label="Pubblico"
      choices={AUDIENCE_CHOICES}
      alwaysOn
    />,
    ...(byYear
      ? [<SelectInput key="year" source="year" label="Anno" choices={YEAR_CHOICES} alwaysOn />]
      : []),
    <SelectInput
      key="published"
      source="published"
      label={publishedLabel}
      choices={YES_NO_CHOICES}
    />,
    ...moreFilters,
  ];
  const resource = useResourceContext() as AdminResource;
  return (
    <List
      title={title}
      filters={filters}
      actions={<ListActionsWithBin />}
      sort={{ field: sortField, order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={
          <BulkActions
            resource={resource}
            nouns={{ one: 'documento', many: 'documenti', ending: 'o' }}
            exportFileName="documenti-selezionati.csv"
          />
        }
        body={
          <DatagridBody
            row={
              <LabelledSelectRow
                nameOf={(record) => String(record.title ?? record.headline ?? record.id)}
              />
            }
          />
        }
      >
        {children}
        <FunctionField
          label="Pubblico"
          sortable={false}
          render={(record) => choiceName(AUDIENCE_CHOICES, record.audience)}
        />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(record) =>
            record.state === 'pubblicata'
              ? publishedLabel
              : STATE_NAMES[record.state as PublicationState].replace(
                  /o$/,
                  endingOf(publishedLabel),
                )
          }
        />
      </Datagrid>
    </List>
  );
}

export function AudienceInput() {
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

/**
 * The record's state in words and the moment of "Programma" (ADR 031): whether it is on the
 * site is the toolbar's choice ("Salva bozza", "Pubblica", "Programma").
 */
export function PublicationInputs({ label }: { label: PublishedLabel }) {
  const record = useRecordContext<{
    id?: number;
    state: PublicationState;
    publishAt: string | null;
    updatedAt?: string;
  }>();
  return (
    <>
      {record?.id === undefined ? null : (
        <PublicationNotice
          words={stateWords(record, label)}
          published={record.state === 'pubblicata'}
          link={null}
        />
      )}
      <TextInput
        source="publishAt"
        label="Data e ora di pubblicazione (ora di Roma)"
        type="datetime-local"
        helperText="Per «Programma»: compare ai soci nel giorno e all’ora indicati."
      />
    </>
  );
}

/** "Pubblica" shows the record now: any schedule is dropped. */
const publishNow = (data: Record<string, unknown>) => ({
  ...data,
  published: true,
  publishAt: null,
});

/** A kind's form: the edit screen gives it the toolbar, the create screen the new values. */
export interface ReservedFormProps {
  toolbar?: ReactElement;
  defaultValues?: () => Record<string, unknown>;
}
export type ReservedForm = (props: ReservedFormProps) => ReactElement;

/** The form around a kind's inputs, with what its screen gives it. */
export function ReservedSimpleForm({
  toolbar,
  defaultValues,
  children,
}: ReservedFormProps & { children: ReactNode }) {
  return (
    <StaffForm {...(toolbar ? { toolbar } : {})} {...(defaultValues ? { defaultValues } : {})}>
      <RestoredVersionReset />
      {children}
    </StaffForm>
  );
}

export function ReservedEdit({
  title,
  form: Form,
  confirmTitle,
}: {
  title: string;
  form: ReservedForm;
  confirmTitle?: string;
}) {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title={title}
        aside={
          <RecordHistory
            testId="record-history"
            undone="il documento è tornato alla versione precedente."
          />
        }
      >
        <Form
          toolbar={
            <PublicationToolbar
              scheduleField="publishAt"
              publishNow={publishNow}
              deleteButton={
                <DeleteButton
                  mutationMode="pessimistic"
                  {...(confirmTitle === undefined
                    ? {}
                    : { confirmTitle, confirmContent: RESERVED_DELETE_CONFIRMATION })}
                />
              }
            />
          }
        />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

export function ReservedCreate({
  title,
  form: Form,
  defaults,
}: {
  title: string;
  form: ReservedForm;
  /** A new record's values, read when the screen opens (so "today" is today). */
  defaults: () => Record<string, unknown>;
}) {
  return (
    <Create title={title} redirect="list">
      <Form
        defaultValues={defaults}
        toolbar={<PublicationToolbar scheduleField="publishAt" publishNow={publishNow} />}
      />
    </Create>
  );
}
