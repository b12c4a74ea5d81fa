import type { ReservedAudience } from '@sodalis/contracts';
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
  useResourceContext,
} from 'react-admin';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
import type { AdminResource } from '../../admin/data-provider';
import { blankToNull } from '../../admin/form-values';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import {
  PublicationStateField,
  PublicationToolbar,
  publishNow,
  type PublishedLabel,
} from '../../admin/publication';
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
        <PublicationStateField label={publishedLabel} />
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
