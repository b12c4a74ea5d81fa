import { ADMIN_LIMITS, ADMIN_MESSAGES } from '@sodalis/contracts';
import { useState } from 'react';
import { FileInput, useRecordContext } from 'react-admin';
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
  const message = (
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
        <AttachmentName />
      </FileInput>
      {refused.message}
      <UploadProgressBar />
    </>
  );
}

/** A file of an attachments input: its name and size. */
export function AttachmentName() {
  const file = useRecordContext<AttachmentValue>();
  if (!file) return null;
  const name = file.rawFile?.name ?? file.fileName ?? file.title ?? '';
  const size = file.rawFile?.size ?? file.sizeBytes;
  return (
    <span className="admin-attachment">
      {name}
      {size === undefined ? '' : ` (${Math.max(1, Math.round(size / 1024))} KB)`}
    </span>
  );
}
