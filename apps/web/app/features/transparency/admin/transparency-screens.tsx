import {
  AdminContributionInputSchema,
  AdminTransparencyPublicationInputSchema,
  italianDate,
  TRANSPARENCY_PUBLICATION_TYPES,
  type AdminContributionInput,
  type AdminTransparencyPublicationInput,
  type TransparencyPublicationType,
  type TransparencyWarning,
} from '@sodalis/contracts';
import { useEffect, useState } from 'react';
import {
  Create,
  Datagrid,
  DateInput,
  FunctionField,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
} from 'react-admin';
import { ListActionsWithBin } from '../../admin/content-bin';
import { attachmentChanges, adminJson } from '../../admin/data-provider';
import { blankToNull } from '../../admin/form-values';
import { choiceName, yearChoices } from '../../admin/format';
import { schemaRules, webAddress } from '../../admin/form-rules';
import { PdfFilesInput } from '../../admin/pdf-input';
import {
  RecordHistory,
  RestoredVersionProvider,
  RestoredVersionReset,
} from '../../admin/record-history';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { StaffEdit } from '../../admin/staff-edit';
import { StaffForm } from '../../admin/staff-form';
import { euros } from '../transparency-page';

/**
 * "Società trasparente" in the back office (ADR 026): the publications with their PDFs, the
 * public contributions per year, and the warnings of the yearly items missing or late.
 */

const TYPE_CHOICES = Object.entries(TRANSPARENCY_PUBLICATION_TYPES).map(([id, type]) => ({
  id,
  name: type.label,
}));
const YEAR_CHOICES = yearChoices();

/** The yearly publications missing or late today, above the lists. */
export function TransparencyWarnings() {
  const [warnings, setWarnings] = useState<TransparencyWarning[] | null>(null);
  useEffect(() => {
    let current = true;
    adminJson<TransparencyWarning[]>('/api/v1/Admin/TransparencyWarnings').then(
      (answer) => {
        if (current) setWarnings(answer);
      },
      () => {
        if (current) setWarnings([]);
      },
    );
    return () => {
      current = false;
    };
  }, []);
  if (warnings === null || warnings.length === 0) return null;
  return (
    <section aria-label="Scadenze di legge" className="transparency-warnings">
      {warnings.map((warning) => (
        <p
          key={warning.key}
          role="status"
          className={
            warning.state === 'in-ritardo' ? 'alert alert-danger mb-2' : 'alert alert-warning mb-2'
          }
        >
          <strong>{warning.state === 'in-ritardo' ? 'In ritardo' : 'In scadenza'}:</strong>{' '}
          {warning.message}
        </p>
      ))}
    </section>
  );
}

// --- publications ------------------------------------------------------------------------------

/** The form's fields as the API's body has them (the PDFs apart). */
function publicationFields(
  data: Record<string, unknown>,
): Omit<AdminTransparencyPublicationInput, 'keptAttachmentIds' | 'newAttachments'> {
  return {
    type: String(data.type ?? '') as TransparencyPublicationType,
    title: String(data.title ?? ''),
    description: blankToNull(data.description),
    year:
      data.year === null || data.year === undefined || data.year === '' ? null : Number(data.year),
    publishedOn: String(data.publishedOn ?? ''),
    linkUrl: blankToNull(data.linkUrl),
  };
}

export async function publicationBody(
  data: Record<string, unknown>,
): Promise<AdminTransparencyPublicationInput> {
  return { ...publicationFields(data), ...(await attachmentChanges(data.attachments)) };
}

/** The server's rules and messages on the forms, before anything is sent (ADR 022). */
const publicationRules = schemaRules(AdminTransparencyPublicationInputSchema, publicationFields);

export function PublicationList() {
  return (
    <>
      <TransparencyWarnings />
      <List
        title="Società trasparente"
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
          <SelectInput key="type" source="type" label="Tipo" choices={TYPE_CHOICES} alwaysOn />,
        ]}
        sort={{ field: 'publishedOn', order: 'DESC' }}
        perPage={25}
        exporter={false}
        // The list with its create button even when empty: react-admin's empty page fails axe.
        empty={false}
        actions={<ListActionsWithBin createLabel="Nuova pubblicazione" />}
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="title" label="Titolo" />
          <FunctionField
            source="type"
            label="Tipo"
            render={(record) => choiceName(TYPE_CHOICES, record.type)}
          />
          <TextField source="year" label="Anno" emptyText="—" />
          <FunctionField
            source="publishedOn"
            label="Data"
            render={(record) => italianDate(record.publishedOn)}
          />
          <FunctionField
            source="updatedAt"
            label="Ultima modifica"
            render={(record) => italianDate(record.updatedAt)}
          />
        </Datagrid>
      </List>
    </>
  );
}

function PublicationForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: () => Record<string, unknown>;
}) {
  return (
    <StaffForm
      validate={publicationRules}
      {...(toolbar ? { toolbar } : {})}
      {...(defaultValues ? { defaultValues } : {})}
    >
      <RestoredVersionReset />
      <SelectInput source="type" label="Tipo" choices={TYPE_CHOICES} validate={required()} />
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <NumberInput
        source="year"
        label="Anno di riferimento"
        min={1900}
        max={2999}
        step={1}
        helperText="Obbligatorio per i bilanci e la dichiarazione di nessun contributo."
      />
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <TextInput source="description" label="Descrizione" multiline fullWidth />
      <TextInput
        source="linkUrl"
        label="Collegamento (per esempio al Sistema Nazionale Linee Guida)"
        type="url"
        validate={webAddress}
        fullWidth
      />
      <PdfFilesInput label="Documenti PDF" />
    </StaffForm>
  );
}

/** A publication's edit: "Elimina" to the bin, and its history beside (ADR 031). */
export function PublicationEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica pubblicazione"
        aside={
          <RecordHistory
            testId="record-history"
            undone="la pubblicazione è tornata alla versione precedente."
          />
        }
      >
        <PublicationForm
          toolbar={
            <SaveDeleteToolbar
              confirm={{
                title: 'Eliminare questa pubblicazione?',
                content:
                  'La pubblicazione e i suoi PDF vanno nel cestino per 30 giorni e non saranno più visibili sul sito: puoi ripristinarli da lì.',
              }}
            />
          }
        />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

const newPublication = () => ({ publishedOn: new Date().toISOString().slice(0, 10) });

export function PublicationCreate() {
  return (
    <Create title="Nuova pubblicazione" redirect="list">
      <PublicationForm defaultValues={newPublication} />
    </Create>
  );
}

// --- public contributions ----------------------------------------------------------------------

function contributionFields(data: Record<string, unknown>): AdminContributionInput {
  return {
    year: Number(data.year),
    grantor: String(data.grantor ?? ''),
    amount: String(data.amount ?? ''),
    receivedOn: String(data.receivedOn ?? ''),
    purpose: String(data.purpose ?? ''),
  };
}

export async function contributionBody(
  data: Record<string, unknown>,
): Promise<AdminContributionInput> {
  return contributionFields(data);
}

const contributionRules = schemaRules(AdminContributionInputSchema, contributionFields);

export function ContributionList() {
  return (
    <>
      <TransparencyWarnings />
      <List
        title="Contributi pubblici ricevuti"
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder="Cerca l’ente erogatore" />,
          <SelectInput key="year" source="year" label="Anno" choices={YEAR_CHOICES} alwaysOn />,
        ]}
        sort={{ field: 'receivedOn', order: 'DESC' }}
        perPage={25}
        exporter={false}
        // The list with its create button even when empty: react-admin's empty page fails axe.
        empty={false}
        actions={<ListActionsWithBin createLabel="Nuovo contributo" />}
      >
        <Datagrid rowClick="edit" bulkActionButtons={false}>
          <TextField source="year" label="Anno" />
          <TextField source="grantor" label="Ente erogatore" />
          <FunctionField
            source="amount"
            label="Importo"
            render={(record) => euros(Math.round(Number(record.amount) * 100))}
          />
          <FunctionField
            source="receivedOn"
            label="Data di incasso"
            render={(record) => italianDate(record.receivedOn)}
          />
          <TextField source="purpose" label="Causale" sortable={false} />
        </Datagrid>
      </List>
    </>
  );
}

function ContributionForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: () => Record<string, unknown>;
}) {
  return (
    <StaffForm
      validate={contributionRules}
      {...(toolbar ? { toolbar } : {})}
      {...(defaultValues ? { defaultValues } : {})}
    >
      <RestoredVersionReset />
      <NumberInput
        source="year"
        label="Anno"
        min={1900}
        max={2999}
        step={1}
        validate={required()}
      />
      <TextInput source="grantor" label="Ente erogatore" validate={required()} fullWidth />
      <TextInput
        source="amount"
        label="Importo in euro"
        validate={required()}
        helperText="Per esempio 10000 oppure 10000,50."
      />
      <DateInput source="receivedOn" label="Data di incasso" validate={required()} />
      <TextInput source="purpose" label="Causale" validate={required()} multiline fullWidth />
    </StaffForm>
  );
}

/** A contribution's edit: "Elimina" to the bin, and its history beside (ADR 031). */
export function ContributionEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica contributo"
        aside={
          <RecordHistory
            testId="record-history"
            undone="il contributo è tornato alla versione precedente."
          />
        }
      >
        <ContributionForm
          toolbar={
            <SaveDeleteToolbar
              confirm={{
                title: 'Eliminare questo contributo?',
                content:
                  'Il contributo va nel cestino per 30 giorni e non sarà più visibile sul sito: puoi ripristinarlo da lì.',
              }}
            />
          }
        />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

const newContribution = () => ({ year: new Date().getFullYear() - 1 });

export function ContributionCreate() {
  return (
    <Create title="Nuovo contributo" redirect="list">
      <ContributionForm defaultValues={newContribution} />
    </Create>
  );
}
