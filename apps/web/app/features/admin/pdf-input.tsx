import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@sodalis/contracts';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button, FileInput, useRecordContext } from 'react-admin';
import type { AttachmentValue } from './data-provider';
import { UploadProgressBar } from './upload-progress';

/** A file the picker refused, as react-dropzone reports it (`file-too-large`, `file-invalid-type`…). */
interface RefusedFile {
  file: File;
  errors: readonly { code: string }[];
}

/**
 * Says which chosen files were refused and why, in Italian with the limit: the picker drops a
 * file over the limit or of another type, and without this the file just does not appear.
 * `messages` gives the text for a file too large and for a wrong type.
 */
export function useRefusedFiles(messages: { tooLarge: string; wrongType: string }) {
  const [refused, setRefused] = useState<string[]>([]);
  const onDrop = (_accepted: File[], rejections: readonly RefusedFile[]) => {
    setRefused(
      rejections.map(({ file, errors }) => {
        const tooLarge = errors.some((error) => error.code === 'file-too-large');
        return `«${file.name}» non è stato aggiunto. ${tooLarge ? messages.tooLarge : messages.wrongType}`;
      }),
    );
  };
  // Drawn only with something to say: a form with two pickers has no empty alert (an alert
  // added to the page is announced as it appears).
  const message =
    refused.length === 0 ? null : (
      <div role="alert" className="admin-upload-rejected">
        {refused.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    );
  return { onDrop, message };
}

/** PDF attachments of a form: the sizes and counts the server checks, said beforehand. */
export function PdfFilesInput({
  source = 'attachments',
  label = 'Allegati PDF',
  helperText,
}: {
  source?: string;
  label?: string;
  helperText?: string;
}) {
  const refused = useRefusedFiles({
    tooLarge: ADMIN_MESSAGES.fileTooLarge,
    wrongType: ADMIN_MESSAGES.notPdf,
  });
  return (
    <>
      <FileInput
        source={source}
        label={label}
        multiple
        accept={{ 'application/pdf': ['.pdf'] }}
        maxSize={ADMIN_LIMITS.maxFileBytes}
        options={{ onDrop: refused.onDrop }}
        inputProps={{ 'aria-label': 'Scegli i PDF da allegare' }}
        helperText={
          helperText ??
          `Solo PDF, al massimo ${ADMIN_LIMITS.maxFileBytes / 1024 / 1024} MB ciascuno e ${ADMIN_LIMITS.maxNewFilesPerSave} nuovi per volta.`
        }
      >
        <AttachmentName replaceIn={source} />
      </FileInput>
      {refused.message}
      <UploadProgressBar />
    </>
  );
}

const sizeText = (bytes: number | undefined) =>
  bytes === undefined ? '' : ` (${Math.max(1, Math.round(bytes / 1024))} KB)`;

/**
 * A file of an attachments input: its name and size. With `replaceIn` (the input's source), a
 * stored file offers "Sostituisci": a new PDF in its place keeps its name and public address
 * (ADR 034), so links already sent keep working.
 */
export function AttachmentName({ replaceIn }: { replaceIn?: string }) {
  const file = useRecordContext<AttachmentValue>();
  if (!file) return null;
  const stored = typeof file.id === 'number';
  if (stored && file.replacesId === file.id && file.rawFile) {
    return (
      <span className="admin-attachment">
        {file.fileName} — sarà sostituito da «{file.rawFile.name}»{sizeText(file.rawFile.size)},
        stesso indirizzo
        {replaceIn === undefined ? null : <ReplaceFileButton source={replaceIn} file={file} />}
      </span>
    );
  }
  const name = file.rawFile?.name ?? file.fileName ?? file.title ?? '';
  return (
    <span className="admin-attachment">
      {name}
      {sizeText(file.rawFile?.size ?? file.sizeBytes)}
      {replaceIn !== undefined && stored ? (
        <ReplaceFileButton source={replaceIn} file={file} />
      ) : null}
    </span>
  );
}

/** "Sostituisci" of a stored PDF: picks the new file and puts it in the stored one's place. */
function ReplaceFileButton({ source, file }: { source: string; file: AttachmentValue }) {
  const picker = useRef<HTMLInputElement>(null);
  const { getValues, setValue } = useFormContext();
  const [refusal, setRefusal] = useState<string | null>(null);
  const name = file.fileName ?? '';
  function replaceWith(chosen: File | undefined) {
    if (chosen === undefined) return;
    if (chosen.size > ADMIN_LIMITS.maxFileBytes) {
      setRefusal(`«${chosen.name}» non è stato usato. ${ADMIN_MESSAGES.fileTooLarge}`);
      return;
    }
    setRefusal(null);
    const current = getValues(source) as AttachmentValue[] | AttachmentValue | null;
    const list = Array.isArray(current) ? current : current ? [current] : [];
    setValue(
      source,
      list.map((item) =>
        item.id === file.id ? { ...item, rawFile: chosen, replacesId: file.id } : item,
      ),
      { shouldDirty: true },
    );
  }
  return (
    <>
      {' '}
      <Button
        label="Sostituisci"
        aria-label={`Sostituisci il PDF «${name}» mantenendo il suo indirizzo`}
        onClick={(event) => {
          // The preview sits inside the drop zone: the click must not open its picker too.
          event.stopPropagation();
          picker.current?.click();
        }}
      />
      <input
        ref={picker}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        data-testid={`sostituisci-${name}`}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          replaceWith(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      {refusal === null ? null : (
        <span role="alert" className="admin-upload-rejected">
          {refusal}
        </span>
      )}
    </>
  );
}
