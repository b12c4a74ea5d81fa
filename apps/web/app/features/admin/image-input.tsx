import { ADMIN_IMAGE_LIMITS, SOCIETY_MESSAGES } from '@sodalis/contracts';
import { ImageField, ImageInput, type ImageInputProps } from 'react-admin';
import { useRefusedFiles } from './pdf-input';

/**
 * The picker of an image the server checks and resizes (news covers, the pages' share image;
 * ADR 034): JPEG, PNG or WebP up to the server's limit, and a file it does not take said at
 * once in Italian. `helperText` follows the types and the limit.
 */
export function StaffImageInput({
  source,
  label,
  pickerLabel,
  helperText,
  format,
}: {
  source: string;
  label: string;
  /** The file field's own name ("Scegli l’immagine…"). */
  pickerLabel: string;
  helperText: string;
  format?: ImageInputProps['format'];
}) {
  const refused = useRefusedFiles({
    tooLarge: SOCIETY_MESSAGES.imageTooLarge,
    wrongType: SOCIETY_MESSAGES.notImage,
  });
  return (
    <>
      <ImageInput
        source={source}
        label={label}
        accept={{
          'image/jpeg': ['.jpg', '.jpeg'],
          'image/png': ['.png'],
          'image/webp': ['.webp'],
        }}
        maxSize={ADMIN_IMAGE_LIMITS.maxBytes}
        {...(format === undefined ? {} : { format })}
        options={{ onDrop: refused.onDrop }}
        inputProps={{ 'aria-label': pickerLabel }}
        helperText={`JPEG, PNG o WebP, al massimo ${ADMIN_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB. ${helperText}`}
      >
        <ImageField source="src" title="title" />
      </ImageInput>
      {refused.message}
    </>
  );
}
