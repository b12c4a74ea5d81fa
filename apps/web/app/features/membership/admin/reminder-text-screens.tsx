import {
  ADMIN_MESSAGES,
  DUES_REMINDER_TEXT_MESSAGES,
  DUES_REMINDER_TEXT_PLACEHOLDERS,
  duesReminderPlaceholdersOf,
  fillDuesReminderText,
  unknownPlaceholderMessage,
  type AdminDuesReminderText,
  type DuesReminderTextKind,
} from '@sodalis/contracts';
import { Fragment, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import {
  Button,
  Datagrid,
  FunctionField,
  List,
  required,
  SaveButton,
  TextField,
  TextInput,
  Toolbar,
  useRecordContext,
} from 'react-admin';
import { Link } from 'react-router';
import { DateTimeField } from '../../admin/date-time-field';
import { StaffEdit } from '../../admin/staff-edit';
import { StaffForm } from '../../admin/staff-form';

/**
 * The texts of the dues reminders (ADR 030, amendment of 28 November 2026): one per kind of
 * message, subject and body with the placeholders of the kind listed beside the editor, a
 * preview with an example member, and "Ripristina il testo predefinito". The server checks the
 * placeholders again and refuses a save over a newer version (ADR 041).
 */

/** What a save sends: the text, nothing of the screen around it. */
export async function duesReminderTextBody(
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  return { subject: data.subject, body: data.body };
}

export function DuesReminderTextList() {
  return (
    <List
      title="Testi dei promemoria delle quote"
      pagination={false}
      perPage={50}
      exporter={false}
      actions={false}
    >
      <p className="px-3 pt-3 mb-0">
        I messaggi che i promemoria inviano ai soci. Chi non li modifica invia i testi predefiniti.{' '}
        <Link to="/amministrazione/promemoria-quote">Torna ai promemoria delle quote</Link>
      </p>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="label" label="Messaggio" sortable={false} />
        <TextField source="when" label="Quando parte" sortable={false} />
        <FunctionField
          label="Testo"
          render={(record: AdminDuesReminderText) =>
            record.edited ? 'Modificato dalla segreteria' : 'Predefinito'
          }
        />
        <DateTimeField source="updatedAt" label="Ultima modifica" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The kind's placeholders refused before saving, with the server's own words. */
function placeholdersOf(kind: DuesReminderTextKind) {
  return (value: unknown) =>
    typeof value === 'string' ? (unknownPlaceholderMessage(kind, value) ?? undefined) : undefined;
}

function maxLengthOf(max: number) {
  return (value: unknown) =>
    typeof value === 'string' && value.length > max ? ADMIN_MESSAGES.tooLong : undefined;
}

function oneLine(value: unknown) {
  return typeof value === 'string' && /[\r\n]/.test(value)
    ? DUES_REMINDER_TEXT_MESSAGES.oneLine
    : undefined;
}

/** Beside the editor: the placeholders this message may use and what each becomes. */
function PlaceholderList() {
  const record = useRecordContext<AdminDuesReminderText>();
  const headingId = useId();
  if (!record) return null;
  const descriptions = DUES_REMINDER_TEXT_PLACEHOLDERS[record.id];
  return (
    <section className="admin-placeholders" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6">
        Segnaposto di questo messaggio
      </h2>
      <p>
        Scrivili tra parentesi graffe, nell’oggetto o nel testo: ogni messaggio li sostituisce con i
        dati del socio. Una riga che contiene solo segnaposto vuoti non compare.
      </p>
      <dl data-testid="segnaposto">
        {duesReminderPlaceholdersOf(record.id).map((name) => (
          <Fragment key={name}>
            <dt>
              <code>{`{${name}}`}</code>
            </dt>
            <dd>{descriptions[name]}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** The message as an example member would read it, from what is in the form now. */
function TextPreview() {
  const record = useRecordContext<AdminDuesReminderText>();
  const subject = useWatch({ name: 'subject' }) as unknown;
  const body = useWatch({ name: 'body' }) as unknown;
  if (!record) return null;
  return (
    <section className="w-100 mt-2" aria-labelledby="reminder-text-preview">
      <h2 id="reminder-text-preview" className="h6">
        Anteprima con un socio di esempio
      </h2>
      <p className="mb-1">
        Oggetto:{' '}
        <strong data-testid="anteprima-oggetto">
          {fillDuesReminderText(typeof subject === 'string' ? subject : '', record.example)}
        </strong>
      </p>
      <pre
        className="border p-2 small"
        style={{ whiteSpace: 'pre-wrap' }}
        data-testid="anteprima-testo"
      >
        {fillDuesReminderText(typeof body === 'string' ? body : '', record.example)}
      </pre>
    </section>
  );
}

/**
 * "Ripristina il testo predefinito": the default subject and body go into the form, to read in
 * the preview and save like any change (so the save names its version, ADR 041).
 */
function RestoreDefaultButton() {
  const record = useRecordContext<AdminDuesReminderText>();
  const { setValue } = useFormContext();
  const subject = useWatch({ name: 'subject' }) as unknown;
  const body = useWatch({ name: 'body' }) as unknown;
  const [put, setPut] = useState(false);
  if (!record) return null;
  const isDefault = subject === record.defaultSubject && body === record.defaultBody;
  return (
    <>
      <Button
        label="Ripristina il testo predefinito"
        disabled={isDefault}
        onClick={() => {
          setValue('subject', record.defaultSubject, { shouldDirty: true, shouldValidate: true });
          setValue('body', record.defaultBody, { shouldDirty: true, shouldValidate: true });
          setPut(true);
        }}
      />
      <span role="status" className="ms-2 small">
        {put && isDefault && record.edited
          ? 'Il testo predefinito è nel modulo: salva per ripristinarlo.'
          : ''}
      </span>
    </>
  );
}

function TextFields() {
  const record = useRecordContext<AdminDuesReminderText>();
  if (!record) return null;
  const placeholders = placeholdersOf(record.id);
  return (
    <>
      <p className="mb-1">{record.when}</p>
      <p className="mb-3">
        {record.edited
          ? 'Questo messaggio usa il testo scritto dalla segreteria.'
          : 'Questo messaggio usa il testo predefinito.'}
      </p>
      <TextInput
        source="subject"
        label="Oggetto"
        validate={[required(), maxLengthOf(200), oneLine, placeholders]}
        fullWidth
      />
      <TextInput
        source="body"
        label="Testo"
        validate={[required(), maxLengthOf(10_000), placeholders]}
        multiline
        minRows={12}
        fullWidth
      />
      <TextPreview />
    </>
  );
}

function TextTitle() {
  const record = useRecordContext<AdminDuesReminderText>();
  return <span>Testo del promemoria: {record?.label ?? ''}</span>;
}

export function DuesReminderTextEdit() {
  return (
    <StaffEdit title={<TextTitle />} actions={false} aside={<PlaceholderList />}>
      <StaffForm
        toolbar={
          <Toolbar>
            <SaveButton />
            <RestoreDefaultButton />
          </Toolbar>
        }
      >
        <TextFields />
      </StaffForm>
    </StaffEdit>
  );
}
