import type { ReservedAudience } from '@sodalis/contracts';
import type { ReactElement, ReactNode } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  Datagrid,
  FunctionField,
  List,
  required,
  SearchInput,
  SelectInput,
} from 'react-admin';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { StaffEdit } from '../../admin/staff-edit';
import { AUDIENCE_CHOICES, choiceName, yearChoices, YES_NO_CHOICES } from '../../admin/format';
import { StaffForm } from '../../admin/staff-form';

/**
 * The frame every reserved-area record of the back office shares (recommendations, assemblies,
 * press review, opinions; ADR 015): a list filtered by text, audience and publication ending
 * with the audience and published columns, the audience and published inputs, and the edit and
 * create screens around each kind's form.
 */

/** Masculine for an "articolo" or a "parere", feminine for a "raccomandazione" or "assemblea". */
export type PublishedLabel = 'Pubblicata' | 'Pubblicato';

const YEAR_CHOICES = yearChoices();

/** What the delete's confirmation says under a kind's own title. */
const RESERVED_DELETE_CONFIRMATION =
  'Non sarà più visibile ai soci. L’eliminazione resta annotata nel registro delle attività.';

/** The form's audience and publication as the API's body has them. */
export function audienceFields(data: Record<string, unknown>): {
  audience: ReservedAudience;
  published: boolean;
} {
  return {
    audience: String(data.audience ?? '') as ReservedAudience,
    published: data.published !== false,
  };
}

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
  return (
    <List
      title={title}
      filters={filters}
      sort={{ field: sortField, order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        {children}
        <FunctionField
          label="Pubblico"
          sortable={false}
          render={(record) => choiceName(AUDIENCE_CHOICES, record.audience)}
        />
        <BooleanField source="published" label={publishedLabel} sortable={false} />
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

export function PublishedInput({
  label,
  helperText,
}: {
  label: PublishedLabel;
  helperText?: string;
}) {
  return <BooleanInput source="published" label={label} {...(helperText ? { helperText } : {})} />;
}

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
    <StaffEdit title={title}>
      <Form
        toolbar={
          <SaveDeleteToolbar
            confirm={
              confirmTitle === undefined
                ? undefined
                : { title: confirmTitle, content: RESERVED_DELETE_CONFIRMATION }
            }
          />
        }
      />
    </StaffEdit>
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
      <Form defaultValues={defaults} />
    </Create>
  );
}
