import {
  ADMIN_IMAGE_LIMITS,
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  isPhoneNumber,
  isValidEmail,
  SOCIETY_MESSAGES,
  type AdminBoardMember,
  type AdminBoardMemberInput,
  type AdminSiteContent,
} from '@sodalis/contracts';
import {
  ArrayInput,
  Create,
  Datagrid,
  DateInput,
  FileInput,
  FunctionField,
  ImageField,
  ImageInput,
  List,
  maxValue,
  minValue,
  NumberInput,
  required,
  SaveButton,
  SearchInput,
  SimpleFormIterator,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { ListActionsWithBin } from '../../admin/content-bin';
import { RestoredVersionReset, StaffEditWithHistory } from '../../admin/record-history';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { DateTimeField } from '../../admin/date-time-field';
import { attachmentChanges } from '../../admin/data-provider';
import { webAddress } from '../../admin/form-rules';
import { AttachmentName } from '../../admin/pdf-input';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';
import { AboutCardsFields, ExternalLinksFields, HomeHeroFields } from './site-text-fields';

/**
 * The society's pages in the back office (ADR 016): the board (Consiglio Direttivo) with photo
 * and CV, and the structured contents of GetContenuti — contacts, legal data, supporters, the
 * honour roll of past presidents and the cookie policy. The server checks everything again
 * (images by their bytes) and makes photos and logos square PNGs.
 */

const IMAGE_ACCEPT = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
};
const IMAGE_HELP = `JPEG, PNG o WebP, al massimo ${ADMIN_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB.`;

/** A stored image (base64 PNG) shown in an image input; a new file as react-admin keeps it. */
interface ImageValue {
  rawFile?: File;
  src?: string;
  title?: string;
}

function imageFormat(title: string) {
  return (value: unknown): ImageValue | null => {
    if (typeof value === 'string') {
      return value === '' ? null : { src: `data:image/png;base64,${value}`, title };
    }
    if (value instanceof File) {
      return { rawFile: value, src: URL.createObjectURL(value), title: value.name };
    }
    return (value as ImageValue | null | undefined) ?? null;
  };
}

/** An image input over a stored base64 PNG: what it shows has a text alternative. */
function PictureInput({ source, label, title }: { source: string; label: string; title: string }) {
  return (
    <ImageInput
      source={source}
      label={label}
      accept={IMAGE_ACCEPT}
      maxSize={ADMIN_IMAGE_LIMITS.maxBytes}
      format={imageFormat(title)}
      helperText={IMAGE_HELP}
      inputProps={{ 'aria-label': `Scegli l’immagine: ${label}` }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}

/** A newly chosen file (photo, logo, CV) as name and base64, or null when none was chosen. */
async function newUpload(value: unknown): Promise<{ fileName: string; content: string } | null> {
  return (await attachmentChanges(value)).newAttachments[0] ?? null;
}

// --- board members ---------------------------------------------------------------------------

/** The form's record as the API's body: a new photo or CV as base64, or keep what is stored. */
export async function boardMemberBody(
  data: Record<string, unknown>,
): Promise<AdminBoardMemberInput> {
  return {
    name: String(data.name ?? ''),
    role: String(data.role ?? ''),
    sortOrder: Number(data.sortOrder ?? 0),
    keepPhoto: data.photo !== null && data.photo !== undefined && data.photo !== '',
    newPhoto: await newUpload(data.photo),
    keepCv: data.cv !== null && data.cv !== undefined,
    newCv: await newUpload(data.cv),
  };
}

function Photo() {
  const member = useRecordContext<AdminBoardMember>();
  if (!member?.photo) return <span>—</span>;
  return (
    <img
      src={`data:image/png;base64,${member.photo}`}
      alt={`Foto di ${member.name}`}
      width={48}
      height={48}
    />
  );
}

export function BoardMemberList() {
  return (
    <List
      title="Consiglio Direttivo"
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Cerca per nome o ruolo" />]}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<ListActionsWithBin createLabel="Nuovo componente" />}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <FunctionField label="Foto" render={() => <Photo />} />
        <TextField source="name" label="Nome" />
        <TextField source="role" label="Ruolo" />
        <TextField source="sortOrder" label="Ordine" />
        <FunctionField
          label="CV"
          render={(record: AdminBoardMember) => record.cv?.fileName ?? '—'}
        />
        <DateTimeField source="updatedAt" label="Ultima modifica" />
      </Datagrid>
    </List>
  );
}

const BOARD_DEFAULTS = () => ({ sortOrder: 0, photo: null, cv: null });

function BoardMemberForm({
  defaultValues,
  withDelete = false,
}: {
  defaultValues?: () => Record<string, unknown>;
  withDelete?: boolean;
}) {
  return (
    <StaffForm
      {...(defaultValues ? { defaultValues } : {})}
      toolbar={<SaveDeleteToolbar withDelete={withDelete} confirm={BOARD_BIN_CONFIRMATION} />}
    >
      <RestoredVersionReset />
      <TextInput source="name" label="Nome e cognome" validate={required()} fullWidth />
      <TextInput
        source="role"
        label="Ruolo"
        validate={required()}
        helperText="Per esempio Presidente, Vicepresidente, Segretario, Consigliere."
        fullWidth
      />
      <NumberInput
        source="sortOrder"
        label="Ordine"
        min={0}
        max={999}
        step={1}
        validate={[required(), minValue(0), maxValue(999)]}
        helperText="Il sito mostra il Consiglio dal numero più basso al più alto."
      />
      <PictureInput source="photo" label="Foto" title="Foto attuale" />
      <FileInput
        source="cv"
        label="Curriculum vitae (PDF)"
        accept={{ 'application/pdf': ['.pdf'] }}
        maxSize={ADMIN_LIMITS.maxFileBytes}
        inputProps={{ 'aria-label': 'Scegli il PDF del curriculum' }}
        helperText={`Solo PDF, al massimo ${ADMIN_LIMITS.maxFileBytes / 1024 / 1024} MB.`}
      >
        <AttachmentName />
      </FileInput>
    </StaffForm>
  );
}

/** "Elimina" moves the member to the bin (ADR 031): the question says so. */
const BOARD_BIN_CONFIRMATION = {
  title: 'Spostare nel cestino questo componente?',
  content:
    'Va nel cestino per 30 giorni e non sarà più visibile nella pagina Chi siamo: puoi ripristinarlo da lì.',
};

export function BoardMemberEdit() {
  return (
    <StaffEditWithHistory
      title="Modifica componente del Consiglio"
      historyTestId="consiglio-direttivo-history"
      undone="il componente è tornato alla versione precedente."
    >
      <BoardMemberForm withDelete />
    </StaffEditWithHistory>
  );
}

export function BoardMemberCreate() {
  return (
    <Create title="Nuovo componente del Consiglio" redirect="list">
      <BoardMemberForm defaultValues={BOARD_DEFAULTS} />
    </Create>
  );
}

// --- structured site contents ----------------------------------------------------------------

const SUMMARY_FIELDS = ['id', 'place', 'pagePath', 'exists', 'updatedAt'];

/** The form's record as the API's body: the content's own fields; new logos as base64. */
export async function siteContentBody(
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const body = Object.fromEntries(
    Object.entries(data).filter(([key]) => !SUMMARY_FIELDS.includes(key)),
  );
  if (Array.isArray(body.aziende)) {
    body.aziende = await Promise.all(
      (body.aziende as Record<string, unknown>[]).map(async (company) => ({
        ...company,
        logo:
          typeof company.logo === 'string'
            ? company.logo
            : ((await newUpload(company.logo))?.content ?? ''),
      })),
    );
  }
  return body;
}

/** The list of one screen's contents (their own fields are in the edit screen). */
function ContentList({ title }: { title: string }) {
  return (
    <List title={title} pagination={false} perPage={50} exporter={false} actions={false}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="place" label="Contenuto" sortable={false} />
        <TextField source="pagePath" label="Pagina del sito" sortable={false} />
        <DateTimeField source="updatedAt" label="Ultima modifica" sortable={false} />
      </Datagrid>
    </List>
  );
}

export function SiteContentList() {
  return <ContentList title="Contatti, dati legali e contenuti" />;
}

/** The home's hero, the /chi-siamo cards and the links to other sites (ADR 035). */
export function SiteTextList() {
  return <ContentList title="Home, Chi siamo e collegamenti" />;
}

const text = (source: string, label: string, max = 300, helperText?: string) => (
  <TextInput
    source={source}
    label={label}
    validate={[required(), maxLengthOf(max)]}
    fullWidth
    {...(helperText ? { helperText } : {})}
  />
);

function maxLengthOf(max: number) {
  return (value: unknown) =>
    typeof value === 'string' && value.length > max ? ADMIN_MESSAGES.tooLong : undefined;
}

// The same rules as the server's (contracts), said before saving.

function emailAddress(value: unknown) {
  return isValidEmail(String(value ?? '')) ? undefined : ADMIN_MESSAGES.email;
}

function phoneNumber(value: unknown) {
  return isPhoneNumber(String(value ?? '').trim()) ? undefined : SOCIETY_MESSAGES.phone;
}

/** The value at a dotted path of the form's values ("presidenti.2.dal"). */
function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (current, key) =>
        current !== null && typeof current === 'object'
          ? (current as Record<string, unknown>)[key]
          : undefined,
      values,
    );
}

/** A term's end year is not before its start (the row's "dal" beside this "al"). */
function notBeforeStart(value: unknown, allValues: unknown, props?: { source?: string }) {
  const source = props?.source ?? '';
  const from = Number(valueAt(allValues, source.replace(/\.al$/, '.dal')));
  return value !== null && value !== '' && Number.isFinite(from) && Number(value) < from
    ? SOCIETY_MESSAGES.yearsOrder
    : undefined;
}

const latestYear = new Date().getFullYear() + 10;
const YEAR_VALIDATION = [
  required(),
  minValue(1900, SOCIETY_MESSAGES.year),
  maxValue(latestYear, SOCIETY_MESSAGES.year),
];

/** The society's and a supporter's telephone number: required, and a number. */
const phone = (
  <TextInput source="telefono" label="Telefono" validate={[required(), phoneNumber]} fullWidth />
);

function ContactsFields() {
  return (
    <>
      {text('indirizzo', 'Indirizzo della segreteria nazionale')}
      {phone}
      {text('social.etichetta', 'Nome della pagina social', 100, 'Per esempio Facebook.')}
      <TextInput
        source="social.url"
        label="Indirizzo della pagina social"
        validate={[required(), webAddress]}
        fullWidth
      />
      <ArrayInput source="email" label="Indirizzi e-mail" validate={required()}>
        <SimpleFormIterator inline disableClear>
          {text('ruolo', 'Per', 100)}
          <TextInput
            source="indirizzo"
            label="E-mail"
            validate={[required(), emailAddress]}
            fullWidth
          />
        </SimpleFormIterator>
      </ArrayInput>
    </>
  );
}

function LegalDataFields() {
  return (
    <ArrayInput source="righe" label="Righe della tabella" validate={required()}>
      <SimpleFormIterator inline disableClear>
        {text('etichetta', 'Voce', 100)}
        {text('valore', 'Valore', 500)}
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function SupportersFields() {
  return (
    <ArrayInput source="aziende" label="Aziende sostenitrici">
      <SimpleFormIterator disableClear>
        {text('nome', 'Nome dell’azienda', 200)}
        <PictureInput source="logo" label="Logo" title="Logo attuale" />
        {text('indirizzo', 'Indirizzo')}
        {phone}
        <TextInput
          source="sito"
          label="Sito web"
          validate={webAddress}
          helperText="Facoltativo, per esempio https://www.esempio.it"
          fullWidth
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function PresidentsFields() {
  return (
    <ArrayInput source="presidenti" label="Past president" validate={required()}>
      <SimpleFormIterator inline disableClear>
        {text('nome', 'Nome e cognome', 200)}
        <NumberInput source="dal" label="Dal (anno)" step={1} validate={YEAR_VALIDATION} />
        <NumberInput
          source="al"
          label="Al (anno)"
          step={1}
          validate={[...YEAR_VALIDATION, notBeforeStart]}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

function CookiePolicyFields() {
  return (
    <>
      <DateInput source="data" label="Data della policy" validate={required()} />
      <RichText source="corpo" label="Testo della cookie policy" validate={required()} />
    </>
  );
}

/** The fields of the content being edited: one screen per content, chosen by its key. */
function SiteContentFields() {
  const record = useRecordContext<AdminSiteContent>();
  if (!record) return null;
  switch (record.id) {
    case 'contatti':
      return <ContactsFields />;
    case 'dati-legali':
      return <LegalDataFields />;
    case 'sostenitori':
      return <SupportersFields />;
    case 'presidenti':
      return <PresidentsFields />;
    case 'cookie-policy':
      return <CookiePolicyFields />;
    case 'home':
      return <HomeHeroFields />;
    case 'chi-siamo':
      return <AboutCardsFields />;
    case 'collegamenti':
      return <ExternalLinksFields />;
  }
}

function PageLink() {
  const record = useRecordContext<AdminSiteContent>();
  if (!record) return null;
  return (
    <p>
      Compare nella pagina{' '}
      <a href={record.pagePath} target="_blank" rel="noopener noreferrer">
        {record.pagePath} (si apre in una nuova scheda)
      </a>
      . Le modifiche sono visibili subito.
    </p>
  );
}

function SiteContentTitle() {
  const record = useRecordContext<AdminSiteContent>();
  return <span>Modifica: {record?.place ?? ''}</span>;
}

export function SiteContentEdit() {
  // Never deleted; each edit can be rolled back from the history beside the form (ADR 031).
  return (
    <StaffEditWithHistory
      title={<SiteContentTitle />}
      actions={false}
      historyTestId="contenuti-history"
      undone="il contenuto è tornato alla versione precedente."
    >
      <StaffForm
        toolbar={
          <Toolbar>
            <SaveButton />
          </Toolbar>
        }
      >
        <RestoredVersionReset />
        <PageLink />
        <SiteContentFields />
      </StaffForm>
    </StaffEditWithHistory>
  );
}
