import {
  EVENT_MODES,
  type AdminEventInput,
  type RegistrationEligibility,
  type RegistrationMemberRole,
} from '@sodalis/contracts';
import type { ReactElement } from 'react';
import { useWatch } from 'react-hook-form';
import {
  BooleanInput,
  Create,
  Datagrid,
  DatagridBody,
  DeleteButton,
  FunctionField,
  List,
  NumberInput,
  required,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  useRecordContext,
  useResourceContext,
} from 'react-admin';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
import type { AdminResource } from '../../admin/data-provider';
import { YES_NO_CHOICES } from '../../admin/format';
import { blankNumberToNull, blankToNull } from '../../admin/form-values';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import {
  PublicationInputs,
  PublicationStateField,
  PublicationToolbar,
  publishNow,
} from '../../admin/publication';
import {
  RecordHistory,
  RestoredVersionProvider,
  RestoredVersionReset,
} from '../../admin/record-history';
import { RichText } from '../../admin/rich-text';
import { FieldRow as Row, PriceInputs } from './price-inputs';
import { StaffEdit } from '../../admin/staff-edit';
import { StaffForm } from '../../admin/staff-form';
import { coverBody, CoverInput, withCoverAltRule } from '../../admin/cover-input';
import { EcmSection } from './ecm-section';
import { EcmQuestionnaireReport } from './ecm-questionnaire-report';
import { EcmTestSection } from './ecm-test-section';
import { EcmSpeakersSection } from './ecm-speakers';

/**
 * The events in the back office (ADR 047): a list with search and state, the form with dates in
 * Rome time, place or link, the ECM flag, the registration window and places; "Salva bozza",
 * "Pubblica", "Programma", the history beside the form and the bin, as news have them.
 */

const MODE_CHOICES = EVENT_MODES.map((id) => ({
  id,
  name: id === 'online' ? 'Online' : 'In presenza',
}));

/** A Rome date and time of the form (`2027-01-21T09:00`) as the list shows it: `21/01/2027 09:00`. */
function romeLocalWords(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(local);
  return match === null ? local : `${match[3]}/${match[2]}/${match[1]} ${match[4]}`;
}

/** The rows of one of the form's lists (types, add-ons). */
function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];
}

/** The form's values as the API's body (`AdminEventInputSchema`). */
export async function eventBody(data: Record<string, unknown>): Promise<AdminEventInput> {
  return {
    title: String(data.title ?? ''),
    startsAt: String(data.startsAt ?? ''),
    endsAt: String(data.endsAt ?? ''),
    mode: String(data.mode ?? '') as AdminEventInput['mode'],
    venueName: blankToNull(data.venueName),
    venueAddress: blankToNull(data.venueAddress),
    venueCity: blankToNull(data.venueCity),
    onlineUrl: blankToNull(data.onlineUrl),
    descriptionHtml: String(data.descriptionHtml ?? ''),
    organisers: blankToNull(data.organisers),
    ecmCredits: data.ecmCredits === true,
    registrationOpensAt: blankToNull(data.registrationOpensAt),
    registrationClosesAt: blankToNull(data.registrationClosesAt),
    places: blankNumberToNull(data.places),
    earlyBirdUntil: blankToNull(data.earlyBirdUntil),
    onsiteFrom: blankToNull(data.onsiteFrom),
    registrationTypes: listOf(data.registrationTypes).map((type) => ({
      id: blankNumberToNull(type.id),
      name: String(type.name ?? ''),
      description: blankToNull(type.description),
      eligibility: String(type.eligibility ?? 'tutti') as RegistrationEligibility,
      memberRoles: Array.isArray(type.memberRoles)
        ? (type.memberRoles as RegistrationMemberRole[])
        : [],
      accessCode: blankToNull(type.accessCode),
      earlyCents: blankNumberToNull(type.earlyCents),
      // The schema names a missing standard price in Italian.
      standardCents: blankNumberToNull(type.standardCents) ?? Number.NaN,
      onsiteCents: blankNumberToNull(type.onsiteCents),
      places: blankNumberToNull(type.places),
    })),
    addons: listOf(data.addons).map((addon) => ({
      id: blankNumberToNull(addon.id),
      name: String(addon.name ?? ''),
      description: blankToNull(addon.description),
      priceCents: blankNumberToNull(addon.priceCents) ?? Number.NaN,
      places: blankNumberToNull(addon.places),
    })),
    published: data.published === true,
    publishAt: blankToNull(data.publishAt),
    // The cover (ADR 052), as a news item's.
    ...(await coverBody(data)),
  };
}

/** A cover (new or kept) needs its text (ADR 034, 052); the other rules are the fields'. */
const eventRules = (values: Record<string, unknown>) => withCoverAltRule(values, {});

export function EventList() {
  const resource = useResourceContext() as AdminResource;
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
    <SelectInput
      key="published"
      source="published"
      label="Pubblicato"
      choices={YES_NO_CHOICES}
      alwaysOn
    />,
  ];
  return (
    <List
      title="Eventi"
      filters={filters}
      actions={<ListActionsWithBin />}
      sort={{ field: 'startsAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={
          <BulkActions
            resource={resource}
            nouns={{ one: 'evento', many: 'eventi', ending: 'o' }}
            exportFileName="eventi-selezionati.csv"
          />
        }
        body={
          <DatagridBody
            row={<LabelledSelectRow nameOf={(record) => String(record.title ?? record.id)} />}
          />
        }
      >
        <TextField source="title" label="Titolo" />
        <FunctionField
          source="startsAt"
          label="Inizio"
          render={(record) => romeLocalWords(String(record.startsAt ?? ''))}
        />
        <FunctionField
          label="Dove"
          sortable={false}
          render={(record) =>
            record.mode === 'online' ? 'Online' : String(record.venueCity ?? '')
          }
        />
        <PublicationStateField label="Pubblicato" />
      </Datagrid>
    </List>
  );
}

/** The venue's inputs or the link's, as the mode chosen asks. */
function PlaceInputs() {
  const mode = useWatch({ name: 'mode' }) as string | undefined;
  if (mode === 'online') {
    return (
      <TextInput
        source="onlineUrl"
        label="Collegamento (indirizzo web)"
        type="url"
        fullWidth
        helperText="L’indirizzo della diretta o della piattaforma, https://…"
      />
    );
  }
  return (
    <>
      <TextInput source="venueName" label="Luogo (nome della sede)" fullWidth />
      <TextInput source="venueAddress" label="Indirizzo" fullWidth />
      <TextInput source="venueCity" label="Città" />
    </>
  );
}

interface EventFormProps {
  toolbar?: ReactElement;
  defaultValues?: () => Record<string, unknown>;
}

function EventForm({ toolbar, defaultValues }: EventFormProps) {
  return (
    <StaffForm
      validate={eventRules}
      {...(toolbar ? { toolbar } : {})}
      {...(defaultValues ? { defaultValues } : {})}
    >
      <RestoredVersionReset />
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <Row>
        <TextInput
          source="startsAt"
          label="Inizio (ora di Roma)"
          type="datetime-local"
          validate={required()}
        />
        <TextInput
          source="endsAt"
          label="Fine (ora di Roma)"
          type="datetime-local"
          validate={required()}
        />
      </Row>
      <SelectInput source="mode" label="Modalità" choices={MODE_CHOICES} validate={required()} />
      <PlaceInputs />
      <TextInput source="organisers" label="Organizzazione" fullWidth multiline />
      <BooleanInput
        source="ecmCredits"
        label="Crediti ECM previsti"
        helperText="Indicato sulla pagina dell’evento; i dati ECM si compilano sotto il modulo dell’evento salvato."
      />
      <Row>
        <TextInput
          source="registrationOpensAt"
          label="Apertura iscrizioni (ora di Roma)"
          type="datetime-local"
        />
        <TextInput
          source="registrationClosesAt"
          label="Chiusura iscrizioni (ora di Roma)"
          type="datetime-local"
        />
      </Row>
      <NumberInput source="places" label="Posti disponibili" min={1} step={1} />
      <PriceInputs />
      <RichText source="descriptionHtml" label="Descrizione" />
      <CoverInput where="sulla pagina e nell’elenco degli eventi" />
      <PublicationInputs label="Pubblicato" />
    </StaffForm>
  );
}

/**
 * The event's ECM data (ADR 056) saved apart from its form, its speakers (ADR 059), its learning
 * test (ADR 057) and its questionnaire in aggregate (ADR 058).
 */
function EventEcm() {
  const record = useRecordContext();
  const id = Number(record?.id);
  return Number.isInteger(id) && id > 0 ? (
    <>
      <EcmSection key={id} eventId={id} />
      <EcmSpeakersSection key={`docenti-${id}`} eventId={id} />
      {/* Its satisfaction questionnaire, in aggregate (ADR 058). */}
      <EcmQuestionnaireReport key={`questionario-${id}`} eventId={id} />
      {/* Its learning test beside it (ADR 057). */}
      <EcmTestSection key={`test-${id}`} eventId={id} />
    </>
  ) : null;
}

export function EventEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica evento"
        aside={
          <RecordHistory
            testId="record-history"
            undone="l’evento è tornato alla versione precedente."
          />
        }
      >
        <EventForm
          toolbar={
            <PublicationToolbar
              scheduleField="publishAt"
              publishNow={publishNow}
              deleteButton={<DeleteButton mutationMode="pessimistic" />}
            />
          }
        />
        <EventEcm />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

const newEvent = () => ({ mode: 'in-presenza', published: false, ecmCredits: false });

export function EventCreate() {
  return (
    <Create title="Nuovo evento" redirect="list">
      <EventForm
        defaultValues={newEvent}
        toolbar={<PublicationToolbar scheduleField="publishAt" publishNow={publishNow} />}
      />
    </Create>
  );
}
