import {
  MAGAZINE_NAME,
  type AdminMagazineArticleInput,
  type AdminMagazineIssueInput,
  italianDate,
  romeDate,
  romeYear,
} from '@sodalis/contracts';
import {
  Button,
  Create,
  Datagrid,
  DatagridBody,
  DeleteButton,
  DateInput,
  FunctionField,
  List,
  NumberField,
  NumberInput,
  ReferenceInput,
  required,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useRecordContext,
  AutocompleteInput,
  type RaRecord,
} from 'react-admin';
import { blankNumberToNull, blankToNull } from '../../admin/form-values';
import { StaffEdit } from '../../admin/staff-edit';
import { SaveDeleteToolbar } from '../../admin/save-delete-toolbar';
import { Link } from 'react-router';
import { attachmentChanges } from '../../admin/data-provider';
import { AUDIENCE_CHOICES, choiceName, yearChoices } from '../../admin/format';
import { PdfFilesInput } from '../../admin/pdf-input';
import { StaffForm } from '../../admin/staff-form';
import { BulkActions } from '../../admin/bulk-actions';
import { ListActionsWithBin } from '../../admin/content-bin';
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
  StaffEditWithHistory,
} from '../../admin/record-history';

/**
 * The bulletin's editor (ADR 014): issues with their whole-issue PDF and audience,
 * and each issue's articles with order, authors and PDF.
 */

const YEAR_CHOICES = yearChoices();

/** The form's record as the API's body. */
export async function magazineIssueBody(
  data: Record<string, unknown>,
): Promise<AdminMagazineIssueInput> {
  return {
    title: String(data.title ?? ''),
    year: Number(data.year),
    number: blankNumberToNull(data.number),
    publishedOn: String(data.publishedOn ?? ''),
    audience: String(data.audience ?? 'all') as AdminMagazineIssueInput['audience'],
    published: data.published !== false,
    publishAt: blankToNull(data.publishAt),
    ...(await attachmentChanges(data.attachments)),
  };
}

/** Authors are typed one per line; blank lines are dropped. */
const authorsOf = (value: unknown): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value ?? '').split('\n'))
    .map((name) => name.trim())
    .filter((name) => name !== '');

export async function magazineArticleBody(
  data: Record<string, unknown>,
): Promise<AdminMagazineArticleInput> {
  return {
    issueId: Number(data.issueId),
    title: String(data.title ?? ''),
    authors: authorsOf(data.authors),
    sortOrder: blankNumberToNull(data.sortOrder),
    publishedOn: blankToNull(data.publishedOn),
    testata: blankToNull(data.testata),
    ...(await attachmentChanges(data.attachments)),
  };
}

const issueFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
  <SelectInput key="year" source="year" label="Anno" choices={YEAR_CHOICES} alwaysOn />,
];

/** The issues' list, with labelled row checkboxes, bulk actions and the way to the bin (ADR 031). */
export function MagazineIssueList() {
  return (
    <List
      title={`${MAGAZINE_NAME}: numeri`}
      filters={issueFilters}
      actions={<ListActionsWithBin />}
      sort={{ field: 'year', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={
          <BulkActions
            resource="riviste"
            nouns={{ one: 'numero', many: 'numeri', ending: 'o' }}
            exportFileName="numeri-selezionati.csv"
          />
        }
        body={
          <DatagridBody row={<LabelledSelectRow nameOf={(record) => String(record.title)} />} />
        }
      >
        <TextField source="title" label="Titolo" />
        <NumberField source="year" label="Anno" options={{ useGrouping: false }} />
        <NumberField source="number" label="Numero" options={{ useGrouping: false }} />
        <FunctionField
          source="publishedOn"
          label="Data di pubblicazione"
          render={(record) => italianDate(record.publishedOn)}
        />
        <FunctionField
          label="Pubblico"
          sortable={false}
          render={(record) => choiceName(AUDIENCE_CHOICES, record.audience)}
        />
        <PublicationStateField label="Pubblicato" />
        <NumberField source="articleCount" label="Articoli" sortable={false} />
      </Datagrid>
    </List>
  );
}

function IssueForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: () => Record<string, unknown>;
}) {
  return (
    <StaffForm {...(toolbar ? { toolbar } : {})} {...(defaultValues ? { defaultValues } : {})}>
      <RestoredVersionReset />
      <TextInput
        source="title"
        label="Titolo"
        validate={required()}
        fullWidth
        helperText={`Per esempio "${MAGAZINE_NAME} - anno 2026, numero 3".`}
      />
      <NumberInput
        source="year"
        label="Anno"
        validate={required()}
        min={2000}
        max={2100}
        step={1}
      />
      <NumberInput
        source="number"
        label="Numero"
        min={1}
        max={9999}
        step={1}
        helperText="I numeri si ordinano per anno e numero: il più recente è il primo. Vuoto: il numero scritto nel titolo."
      />
      <DateInput source="publishedOn" label="Data di pubblicazione" validate={required()} />
      <SelectInput
        source="audience"
        label="Pubblico"
        choices={AUDIENCE_CHOICES}
        validate={required()}
      />
      <PublicationInputs label="Pubblicato" />
      <PdfFilesInput label="PDF del numero completo" />
    </StaffForm>
  );
}

/** From an issue to the list of its articles, and to a new article of it. */
function IssueArticlesButtons() {
  const issue = useRecordContext<{ id: number }>();
  if (!issue) return null;
  const ofIssue = encodeURIComponent(JSON.stringify({ issueId: issue.id }));
  return (
    <>
      <Button
        component={Link}
        to={`/amministrazione/articoli-rivista?filter=${ofIssue}`}
        label="Articoli di questo numero"
      />
      <Button
        component={Link}
        to={`/amministrazione/articoli-rivista/create?source=${ofIssue}`}
        label="Nuovo articolo"
      />
    </>
  );
}

/** An issue's edit: "Salva bozza", "Pubblica", "Programma", the bin, and its history beside. */
export function MagazineIssueEdit() {
  return (
    <RestoredVersionProvider>
      <StaffEdit
        title="Modifica numero della rivista"
        actions={
          <TopToolbar>
            <IssueArticlesButtons />
          </TopToolbar>
        }
        aside={
          <RecordHistory
            testId="record-history"
            undone="il numero è tornato alla versione precedente."
          />
        }
      >
        <IssueForm
          toolbar={
            <PublicationToolbar
              scheduleField="publishAt"
              publishNow={publishNow}
              deleteButton={
                <DeleteButton
                  mutationMode="pessimistic"
                  confirmTitle="Eliminare questo numero?"
                  confirmContent="Il numero e i suoi articoli vanno nel cestino per 30 giorni e non saranno più visibili ai soci: puoi ripristinarli da lì."
                />
              }
            />
          }
        />
      </StaffEdit>
    </RestoredVersionProvider>
  );
}

export function MagazineIssueCreate() {
  return (
    <Create title="Nuovo numero della rivista" redirect="edit">
      <IssueForm
        defaultValues={issueDefaults}
        toolbar={<PublicationToolbar scheduleField="publishAt" publishNow={publishNow} />}
      />
    </Create>
  );
}

/** A new issue: this year, today, for all members, published. */
const issueDefaults = () => ({
  year: romeYear(),
  publishedOn: romeDate(),
  audience: 'all',
  published: true,
});

const articleFilters = [
  <ReferenceInput
    key="issueId"
    source="issueId"
    reference="riviste"
    alwaysOn
    sort={{ field: 'year', order: 'DESC' }}
  >
    <AutocompleteInput label="Numero" optionText="title" sx={{ minWidth: 320 }} />
  </ReferenceInput>,
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
];

export function MagazineArticleList() {
  return (
    <List
      title={`${MAGAZINE_NAME}: articoli`}
      filters={articleFilters}
      actions={<ListActionsWithBin />}
      sort={{ field: 'sortOrder', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="issueTitle" label="Numero" sortable={false} />
        <NumberField source="sortOrder" label="Ordine" />
        <TextField source="title" label="Titolo" />
        <FunctionField
          label="Autori"
          sortable={false}
          render={(record) => (record.authors as string[]).join(', ')}
        />
      </Datagrid>
    </List>
  );
}

const ARTICLE_DEFAULTS = { authors: [] };

/** After saving an article, back to its issue's articles (not to every issue's). */
const toIssueArticles = (_resource?: string, _id?: unknown, data?: Partial<RaRecord>) => {
  const issueId = Number(data?.issueId);
  if (!Number.isInteger(issueId) || issueId <= 0) return 'articoli-rivista';
  return `articoli-rivista?filter=${encodeURIComponent(JSON.stringify({ issueId }))}`;
};

function ArticleForm({
  toolbar,
  defaultValues,
}: {
  toolbar?: React.ReactElement;
  defaultValues?: Record<string, unknown>;
}) {
  return (
    <StaffForm {...(toolbar ? { toolbar } : {})} {...(defaultValues ? { defaultValues } : {})}>
      <RestoredVersionReset />
      <ReferenceInput source="issueId" reference="riviste" sort={{ field: 'year', order: 'DESC' }}>
        <AutocompleteInput
          label="Numero della rivista"
          optionText="title"
          validate={required()}
          fullWidth
        />
      </ReferenceInput>
      <TextInput source="title" label="Titolo" validate={required()} fullWidth />
      <TextInput
        source="authors"
        label="Autori"
        multiline
        minRows={2}
        fullWidth
        helperText="Un autore per riga, nell'ordine in cui compaiono."
        format={(value: unknown) => (Array.isArray(value) ? value.join('\n') : (value ?? ''))}
      />
      <NumberInput
        source="sortOrder"
        label="Ordine nel numero"
        min={1}
        max={9999}
        step={1}
        helperText="Vuoto: dopo l'ultimo articolo del numero. Il numero completo compare sempre prima degli articoli."
      />
      <DateInput
        source="publishedOn"
        label="Data di pubblicazione"
        helperText="Vuota: la data del numero."
      />
      <TextInput source="testata" label="Testata" helperText={`Vuota: ${MAGAZINE_NAME}.`} />
      <PdfFilesInput label="PDF dell'articolo" />
    </StaffForm>
  );
}

/** "Elimina" moves the article alone to the bin (ADR 031): its issue stays on the site. */
const ARTICLE_BIN_CONFIRMATION = {
  title: 'Spostare nel cestino questo articolo?',
  content:
    "L'articolo va nel cestino per 30 giorni e non sarà più visibile ai soci: puoi ripristinarlo da lì.",
};

/** An article's edit, with its history beside for "Annulla questa modifica" (ADR 031). */
export function MagazineArticleEdit() {
  return (
    <StaffEditWithHistory
      title="Modifica articolo della rivista"
      redirect={toIssueArticles}
      historyTestId="articoli-rivista-history"
      undone="l'articolo è tornato alla versione precedente."
    >
      <ArticleForm toolbar={<SaveDeleteToolbar confirm={ARTICLE_BIN_CONFIRMATION} />} />
    </StaffEditWithHistory>
  );
}

export function MagazineArticleCreate() {
  // "Nuovo articolo" of an issue opens this with ?source={"issueId":…}: react-admin fills it in.
  return (
    <Create title="Nuovo articolo della rivista" redirect={toIssueArticles}>
      <ArticleForm defaultValues={ARTICLE_DEFAULTS} />
    </Create>
  );
}
