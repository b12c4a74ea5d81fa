import { NEWS_COVER, NEWS_COVER_MESSAGES, type NewsCover } from '@sodalis/contracts';
import { TextInput } from 'react-admin';
import { fileToBase64 } from './data-provider';
import { StaffImageInput } from './image-input';

/*
 * A record's cover in a staff form (ADR 034): news items' and events' (ADR 052), one input,
 * one body and one rule for both.
 */

/** The cover input's value: the stored cover, a newly chosen file, or nothing. */
type CoverValue = NewsCover | { rawFile: File; src?: string; title?: string } | null | undefined;

const isNewCover = (value: CoverValue): value is { rawFile: File } =>
  value !== null && value !== undefined && 'rawFile' in value && value.rawFile instanceof File;

/** The body's cover fields (contracts' `adminCoverFields`). */
export interface CoverBody {
  newCover?: { fileName: string; content: string } | null;
  keepCover?: boolean;
  coverAlt: string | null;
}

/**
 * The form's cover as the API's body: a new image as base64, the stored one kept, or removed;
 * its text alternative.
 */
export async function coverBody(data: Record<string, unknown>): Promise<CoverBody> {
  const value = data.cover as CoverValue;
  const coverAlt = typeof data.coverAlt === 'string' ? data.coverAlt : null;
  if (isNewCover(value)) {
    return {
      newCover: { fileName: value.rawFile.name, content: await fileToBase64(value.rawFile) },
      coverAlt,
    };
  }
  return { newCover: null, keepCover: value !== null && value !== undefined, coverAlt };
}

/** A cover (new or kept) needs its text: the form's error, added to the schema's others. */
export function withCoverAltRule(
  values: Record<string, unknown>,
  errors: Record<string, string>,
): Record<string, string> {
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
 * The cover image and its text: JPEG, PNG or WebP, checked and resized by the server; the
 * picker says at once why a file was not taken. `where` says where the site shows it.
 */
export function CoverInput({ where }: { where: string }) {
  return (
    <>
      <StaffImageInput
        source="cover"
        label="Immagine di copertina"
        pickerLabel="Scegli l’immagine di copertina"
        format={coverFormat}
        helperText={`Il sito la mostra ${where} e la usa per le anteprime sui social (${NEWS_COVER.shareSide} px).`}
      />
      <TextInput
        source="coverAlt"
        label="Descrizione della copertina"
        fullWidth
        helperText="Il testo alternativo: descrive l’immagine a chi non la vede (obbligatorio con una copertina)."
      />
    </>
  );
}
