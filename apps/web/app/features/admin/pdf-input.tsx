import { ADMIN_LIMITS } from '@sodalis/contracts';
import { FileInput, useRecordContext } from 'react-admin';
import type { AttachmentValue } from './data-provider';

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
  return (
    <FileInput
      source={source}
      label={label}
      multiple
      accept={{ 'application/pdf': ['.pdf'] }}
      maxSize={ADMIN_LIMITS.maxFileBytes}
      inputProps={{ 'aria-label': 'Scegli i PDF da allegare' }}
      helperText={
        helperText ??
        `Solo PDF, al massimo ${ADMIN_LIMITS.maxFileBytes / 1024 / 1024} MB ciascuno e ${ADMIN_LIMITS.maxNewFilesPerSave} nuovi per volta.`
      }
    >
      <AttachmentName />
    </FileInput>
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
