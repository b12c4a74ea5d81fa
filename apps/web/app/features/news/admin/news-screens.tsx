import {
  italianDate,
  italianDateTime,
  romeDate,
  type AdminAuditEntry,
  type AdminNewsItem,
} from '@sodalis/contracts';
import {
  ADMIN_IMAGE_LIMITS,
  AdminCategoryInputSchema,
  AdminNewsInputSchema,
  NEWS_COVER,
  NEWS_COVER_MESSAGES,
  SOCIETY_MESSAGES,
  type AdminNewsInput,
  type NewsCover,
} from '@sodalis/contracts';
import Alert from '@mui/material/Alert';
import { createContext, useContext, useEffect, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  ChipField,
  Create,
  Datagrid,
  DatagridBody,
  DateInput,
  FunctionField,
  ImageField,
  ImageInput,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SingleFieldList,
  TextField,
  TextInput,
  Toolbar,
  DeleteButton,
  Button,
  CreateButton,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
} from 'react-admin';
import { Link } from 'react-router';
import { adminJson, adminPath } from '../../admin/data-provider';
import { errorText } from '../../admin/error-text';
import { dropLocalDraft } from '../../admin/local-draft';
import { articleHref } from '../news-search';
import { newsPreviewHref, newsStateWords } from '../publication-state';
import { StaffEdit } from '../../admin/staff-edit';
import { attachmentChanges, fileToBase64 } from '../../admin/data-provider';
import { choiceName, NEWS_STATE_CHOICES, YES_NO_CHOICES } from '../../admin/format';
import { schemaRules } from '../../admin/form-rules';
import { PdfFilesInput, useRefusedFiles } from '../../admin/pdf-input';
import { RichText } from '../../admin/rich-text';
import { StaffForm } from '../../admin/staff-form';
import { LabelledSelectRow } from '../../admin/labelled-select-row';
import { NewsBulkActions } from './news-bulk-actions';

/** The form's record as the API's body, files aside. */
function newsFields(
  data: Record<string, unknown>,
): Omit<AdminNewsInput, 'keptAttachmentIds' | 'newAttachments' | 'newCover' | 'keepCover'> {
  return {
    coverAlt: typeof data.coverAlt === 'string' ? data.coverAlt : null,
    title: String(data.title ?? ''),
    subtitleHtml: String(data.subtitleHtml ?? ''),
    publishedOn: String(data.publishedOn ?? ''),
    featured: data.featured === true,
    published: data.published !== false,
    publishTime:
      typeof data.publishTime === 'string' && data.publishTime !== '' ? data.publishTime : null,
    sourceName: (data.sourceName as string | null | undefined) ?? null,
    sourceUrl: (data.sourceUrl as string | null | undefined) ?? null,
    internalNote: (data.internalNote as string | null | undefined) ?? null,
    categoryIds: (data.categoryIds as number[] | undefined) ?? [],
  };
}

/** The cover input's value: the stored cover, a newly chosen file, or nothing. */
type CoverValue = NewsCover | { rawFile: File; src?: string; title?: string } | null | undefined;

const isNewCover = (value: CoverValue): value is { rawFile: File } =>
  value !== null && value !== undefined && 'rawFile' in value && value.rawFile instanceof File;

/** The form's cover as the API's body (ADR 034): a new image as base64, kept, or removed. */
async function coverChanges(
  value: CoverValue,
): Promise<Pick<AdminNewsInput, 'newCover' | 'keepCover'>> {
  if (isNewCover(value)) {
    return {
      newCover: { fileName: value.rawFile.name, content: await fileToBase64(value.rawFile) },
    };
  }
  return { newCover: null, keepCover: value !== null && value !== undefined };
}

/** The form's record as the API's body: kept files by id, new files as base64. */
export async function newsBody(data: Record<string, unknown>): Promise<AdminNewsInput> {
  return {
    ...newsFields(data),
    ...(await attachmentChanges(data.attachments)),
    ...(await coverChanges(data.cover as CoverValue)),
  };
}

// Checked before saving with the server's schemas; the files only on the server, by their bytes.
const newsSchemaRules = schemaRules(AdminNewsInputSchema, newsFields);

/** The schema's rules, and a cover (new or kept) needs its text (ADR 034). */
function newsRules(values: Record<string, unknown>): Record<string, string> {
  const errors = newsSchemaRules(values);
  const cover = values.cover as CoverValue;
  const alt = typeof values.coverAlt === 'string' ? values.coverAlt.trim() : '';
  if (cover !== null && cover !== undefined && alt === '' && errors.coverAlt === undefined) {
    return { ...errors, coverAlt: NEWS_COVER_MESSAGES.altRequired };
  }
  return errors;
}

/** The cover input shows a stored cover or a chosen file by its picture and text. */
function coverFormat(value: unknown): { src: string; title: string } | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof File) return { src: URL.createObjectURL(value), title: value.name };
  const cover = value as Partial<NewsCover> & { src?: string; title?: string };
  if (typeof cover.pageUrl === 'string') return { src: cover.pageUrl, title: 'Copertina attuale' };
  return value as { src: string; title: string };
}

/**
 * The cover image and its text (ADR 034): JPEG, PNG or WebP, checked and resized by the
 * server; the picker says at once why a file was not taken.
 */
function CoverInput() {
  const refused = useRefusedFiles({
    tooLarge: SOCIETY_MESSAGES.imageTooLarge,
    wrongType: SOCIETY_MESSAGES.notImage,
  });
  return (
    <>
      <ImageInput
        source="cover"
        label="Immagine di copertina"
        accept={{
          'image/jpeg': ['.jpg', '.jpeg'],
          'image/png': ['.png'],
          'image/webp': ['.webp'],
        }}
        maxSize={ADMIN_IMAGE_LIMITS.maxBytes}
        format={coverFormat}
        options={{ onDrop: refused.onDrop }}
        inputProps={{ 'aria-label': 'Scegli l’immagine di copertina' }}
        helperText={`JPEG, PNG o WebP, al massimo ${ADMIN_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB. Il sito la mostra in cima alla notizia e la usa per le anteprime sui social (${NEWS_COVER.shareSide} px).`}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      {refused.message}
      <TextInput
        source="coverAlt"
        label="Descrizione della copertina"
        fullWidth
        helperText="Il testo alternativo: descrive l’immagine a chi non la vede (obbligatorio con una copertina)."
      />
    </>
  );
}
const categoryRules = schemaRules(AdminCategoryInputSchema);

const newsFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Cerca nel titolo" />,
  <SelectInput key="state" source="state" label="Stato" choices={NEWS_STATE_CHOICES} alwaysOn />,
  <ReferenceInput key="categoryId" source="categoryId" reference="categorie">
    <SelectInput label="Categoria" optionText="title" />
  </ReferenceInput>,
  <SelectInput key="featured" source="featured" label="In evidenza" choices={YES_NO_CHOICES} />,
];

function NewsListActions() {
  return (
    <TopToolbar>
      <CreateButton />
      <Link to="/amministrazione/cestino" className="admin-toolbar-link">
        Cestino
      </Link>
    </TopToolbar>
  );
}

export function NewsList() {
  return (
    <List
      title="Notizie"
      actions={<NewsListActions />}
      filters={newsFilters}
      sort={{ field: 'publishedOn', order: 'DESC' }}
      perPage={25}
      exporter={false}
    >
      <Datagrid
        rowClick="edit"
        bulkActionButtons={<NewsBulkActions />}
        body={
          <DatagridBody row={<LabelledSelectRow nameOf={(record) => String(record.title)} />} />
        }
      >
        <TextField source="title" label="Titolo" />
        <FunctionField
          source="publishedOn"
          label="Data di pubblicazione"
          render={(record) => italianDate(record.publishedOn)}
        />
        <FunctionField
          label="Stato"
          sortable={false}
          render={(record) => choiceName(NEWS_STATE_CHOICES, record.state)}
        />
        <BooleanField source="featured" label="In evidenza" sortable={false} />
        <ReferenceArrayField
          source="categoryIds"
          reference="categorie"
          label="Categorie"
          sortable={false}
        >
          <SingleFieldList linkType={false}>
            <ChipField source="title" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      </Datagrid>
    </List>
  );
}

/**
 * Where the saved item stands, in words, and where to see it (ADR 023): its public page once
 * published, the staff preview before.
 */
function PublicationState() {
  const record = useRecordContext<AdminNewsItem>();
  if (record?.id === undefined) return null;
  const published = record.state === 'pubblicata';
  return (
    <Alert
      severity={published ? 'success' : 'info'}
      role="status"
      className="admin-publication-state"
      sx={{ mb: 2, width: '100%' }}
    >
      <span data-testid="publication-state">{newsStateWords(record)}</span>{' '}
      <a
        href={published ? articleHref(record) : newsPreviewHref(record.id)}
        target="_blank"
        rel="noopener"
      >
        {published ? 'Vedi sul sito' : 'Apri l’anteprima'}
      </a>
    </Alert>
  );
}

/** "Pubblica" shows the item now: a date still to come becomes today's, with no time. */
function publishNow(data: Record<string, unknown>): Record<string, unknown> {
  const today = romeDate();
  const day = String(data.publishedOn ?? '');
  return {
    ...data,
    published: true,
    publishTime: null,
    publishedOn: day > today || day === '' ? today : day,
  };
}

/**
 * The three ways to save (ADR 023): a draft nobody sees, published now, or scheduled for the
 * date and Rome time in the form. Delete stays on the right of an existing item.
 */
function PublicationToolbar({ withDelete }: { withDelete: boolean }) {
  const publishTime = useWatch({ name: 'publishTime' }) as string | null | undefined;
  const canSchedule = typeof publishTime === 'string' && publishTime !== '';
  return (
    <Toolbar sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton
        label="Salva bozza"
        type="button"
        alwaysEnable
        variant="outlined"
        transform={(data: Record<string, unknown>) => ({ ...data, published: false })}
      />
      <SaveButton label="Pubblica" type="button" alwaysEnable transform={publishNow} />
      <SaveButton
        label="Programma"
        type="button"
        alwaysEnable
        variant="outlined"
        disabled={!canSchedule}
        transform={(data: Record<string, unknown>) => ({ ...data, published: true })}
      />
      {withDelete ? <DeleteButton mutationMode="pessimistic" sx={{ ml: 'auto' }} /> : null}
    </Toolbar>
  );
}

function NewsForm({ withDelete }: { withDelete: boolean }) {
  return (
    <StaffForm validate={newsRules} toolbar={<PublicationToolbar withDelete={withDelete} />}>
      <RestoredVersionReset />
      <PublicationState />
      <TextInput source="title" label="Titolo" isRequired fullWidth />
      <RichText source="subtitleHtml" label="Testo" />
      <CoverInput />
      <DateInput
        source="publishedOn"
        label="Data di pubblicazione"
        isRequired
        helperText="La data mostrata sulla notizia. Con una data futura la notizia è programmata."
      />
      <TextInput
        source="publishTime"
        label="Ora di pubblicazione (ora di Roma)"
        type="time"
        helperText="Per «Programma»: la notizia compare sul sito nel giorno e all’ora indicati."
      />
      <BooleanInput source="featured" label="In evidenza" />
      <ReferenceArrayInput source="categoryIds" reference="categorie" perPage={200}>
        <AutocompleteArrayInput label="Categorie" optionText="title" />
      </ReferenceArrayInput>
      <TextInput source="sourceName" label="Fonte (nome)" />
      <TextInput source="sourceUrl" label="Fonte (indirizzo web)" type="url" fullWidth />
      <PdfFilesInput />
      <TextInput
        source="internalNote"
        label="Note interne (non pubblicate)"
        multiline
        minRows={3}
        fullWidth
        helperText="Visibili solo alla segreteria nel back office: non compaiono mai sul sito."
      />
    </StaffForm>
  );
}

/** The version a rollback just saved, from the history panel to the open form beside it. */
const RestoredVersionContext = createContext<{
  restored: AdminNewsItem | null;
  setRestored: (item: AdminNewsItem) => void;
}>({ restored: null, setRestored: () => undefined });

/**
 * After "Annulla questa modifica" the open form shows the restored values (ADR 023): it resets
 * whole to them, typed values included, and the local draft goes, so neither the form's
 * kept values nor the draft put the undone version back.
 */
function RestoredVersionReset() {
  const { restored } = useContext(RestoredVersionContext);
  const { reset } = useFormContext();
  useEffect(() => {
    if (restored === null) return;
    dropLocalDraft('news', restored.id);
    reset(restored);
  }, [restored, reset]);
  return null;
}

/**
 * The item's history from the audit log (ADR 023): each change with who and when, and
 * "Annulla questa modifica" to put back the values it replaced.
 */
function NewsHistory() {
  const record = useRecordContext<AdminNewsItem>();
  const { setRestored } = useContext(RestoredVersionContext);
  const notify = useNotify();
  const refresh = useRefresh();
  const [entries, setEntries] = useState<AdminAuditEntry[] | null>(null);
  const [busy, setBusy] = useState(false);
  const id = record?.id;
  const updatedAt = record?.updatedAt;
  useEffect(() => {
    if (id === undefined) return undefined;
    let live = true;
    adminJson<AdminAuditEntry[]>(`${adminPath('news', id)}/History`)
      .then((answer) => {
        if (live) setEntries(answer);
      })
      .catch(() => {
        if (live) setEntries([]);
      });
    return () => {
      live = false;
    };
  }, [id, updatedAt]);
  if (id === undefined || entries === null) return null;
  async function undo(entry: AdminAuditEntry) {
    setBusy(true);
    try {
      setRestored(
        await adminJson<AdminNewsItem>(`${adminPath('news', id)}/Rollback`, {
          method: 'POST',
          body: { auditId: entry.id },
        }),
      );
      notify('Modifica annullata: la notizia è tornata alla versione precedente.', {
        type: 'info',
      });
      refresh();
    } catch (error) {
      notify(errorText(error, 'Impossibile annullare la modifica.'), { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="admin-history" aria-labelledby="news-history-title">
      <h2 id="news-history-title" className="h6">
        Versioni e modifiche
      </h2>
      <ol data-testid="news-history">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span>{italianDateTime(entry.at)}</span> — {entry.summary}{' '}
            <span className="admin-latest-who">({entry.actorEmail})</span>
            {entry.before !== null && entry.action !== 'crea' ? (
              <Button
                label="Annulla questa modifica"
                disabled={busy}
                onClick={() => void undo(entry)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

export function NewsEdit() {
  // After saving the form stays, with its state in words and the link to see it (ADR 023).
  const [restored, setRestored] = useState<AdminNewsItem | null>(null);
  return (
    <RestoredVersionContext.Provider value={{ restored, setRestored }}>
      <StaffEdit title="Modifica notizia" redirect={false} aside={<NewsHistory />}>
        <NewsForm withDelete />
      </StaffEdit>
    </RestoredVersionContext.Provider>
  );
}

export function NewsCreate() {
  // One object for the form's whole life: a new one would reset what was typed.
  const [defaults] = useState(() => ({
    publishedOn: romeDate(),
    published: false,
    publishTime: null,
    featured: false,
    categoryIds: [],
    cover: null,
    coverAlt: null,
  }));
  return (
    <Create title="Nuova notizia" redirect="edit" record={defaults}>
      <NewsForm withDelete={false} />
    </Create>
  );
}

export function CategoryList() {
  return (
    <List title="Categorie delle notizie" exporter={false} pagination={false} perPage={200}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="title" label="Nome" sortable={false} />
      </Datagrid>
    </List>
  );
}

function CategoryForm() {
  return (
    <StaffForm
      validate={categoryRules}
      toolbar={
        <Toolbar>
          <SaveButton />
        </Toolbar>
      }
    >
      <TextInput source="title" label="Nome" isRequired />
    </StaffForm>
  );
}

export function CategoryEdit() {
  return (
    <StaffEdit title="Modifica categoria" actions={false}>
      <CategoryForm />
    </StaffEdit>
  );
}

export function CategoryCreate() {
  return (
    <Create title="Nuova categoria" redirect="list">
      <CategoryForm />
    </Create>
  );
}
