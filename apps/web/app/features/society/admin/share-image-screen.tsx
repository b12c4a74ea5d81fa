import {
  italianDateTime,
  AdminShareImageInputSchema,
  SHARE_CARD,
  SHARE_IMAGE,
  SHARE_IMAGE_MESSAGES,
  SHARE_IMAGE_RECORD_ID,
  type AdminShareImage,
  type AdminShareImageInput,
} from '@sodalis/contracts';
import MuiButton from '@mui/material/Button';
import { Edit, SaveButton, TextInput, Toolbar, useRecordContext } from 'react-admin';
import { adminPath, fileToBase64 } from '../../admin/data-provider';
import { schemaRules } from '../../admin/form-rules';
import { StaffImageInput } from '../../admin/image-input';
import { StaffForm } from '../../admin/staff-form';
import { useStaffCall } from '../../admin/staff-call';

/**
 * The share image of the pages without one of their own (ADR 034, amended): what a link to the
 * home, /news, the society's pages… shows when shared. The server makes from the upload a JPEG
 * of at most 1200 px, as for a news cover; without one the pages use the site's card.
 */

const RESOURCE = 'immagine-condivisione';

/** A newly chosen file in the picker. */
const chosenFile = (value: unknown): File | null =>
  value !== null && typeof value === 'object' && 'rawFile' in value && value.rawFile instanceof File
    ? value.rawFile
    : null;

/** The form's record as the API's body: the new image as base64, and the text. */
export async function shareImageBody(data: Record<string, unknown>): Promise<AdminShareImageInput> {
  const file = chosenFile(data.newImage);
  return {
    alt: typeof data.alt === 'string' ? data.alt : '',
    newImage: file === null ? null : { fileName: file.name, content: await fileToBase64(file) },
  };
}

const altRule = schemaRules(AdminShareImageInputSchema, (values) => ({
  alt: typeof values.alt === 'string' ? values.alt : '',
}));

/** The server's rules said before saving: a text, and an image when none is stored yet. */
function shareImageRules(values: Record<string, unknown>): Record<string, string> {
  const errors = altRule(values);
  const stored = (values.image ?? null) as AdminShareImage['image'];
  return stored === null && chosenFile(values.newImage) === null
    ? { ...errors, newImage: SHARE_IMAGE_MESSAGES.imageRequired }
    : errors;
}

/** What pages share now: the uploaded image, or the site's card. */
function CurrentImage() {
  const record = useRecordContext<AdminShareImage>();
  if (record === undefined) return null;
  const image = record.image;
  return (
    <figure className="admin-share-image" data-testid="current-share-image">
      <img
        src={image?.url ?? SHARE_CARD.url}
        alt={image?.alt ?? 'La scheda predefinita del sito'}
        width={image?.width ?? SHARE_CARD.width}
        height={image?.height ?? SHARE_CARD.height}
      />
      <figcaption>
        {image === null ? (
          'Ora le pagine usano la scheda predefinita del sito.'
        ) : (
          <>
            Ora le pagine usano questa immagine ({image.width} × {image.height} px), caricata il{' '}
            {italianDateTime(record.updatedAt)}.
          </>
        )}
      </figcaption>
    </figure>
  );
}

/** Back to the site's card: only while an image is uploaded. */
function BackToCard() {
  const record = useRecordContext<AdminShareImage>();
  const { saving, call } = useStaffCall();
  if (record?.image === null || record === undefined) return null;
  return (
    <MuiButton
      variant="outlined"
      disabled={saving}
      onClick={() =>
        void call(
          adminPath(RESOURCE, SHARE_IMAGE_RECORD_ID),
          { method: 'DELETE' },
          () => 'Ora le pagine usano la scheda predefinita del sito.',
        )
      }
    >
      Torna alla scheda predefinita
    </MuiButton>
  );
}

/**
 * The form, drawn afresh after each save (keyed by the record's change time): the picker
 * empties once its image is the current one, instead of keeping the file already sent.
 */
function ShareImageForm() {
  const record = useRecordContext<AdminShareImage>();
  return (
    <StaffForm
      key={record?.updatedAt ?? 'scheda'}
      validate={shareImageRules}
      toolbar={
        <Toolbar>
          <SaveButton />
          <BackToCard />
        </Toolbar>
      }
    >
      <p>
        L’immagine che accompagna i collegamenti alle pagine del sito condivisi sui social e nei
        messaggi, quando la pagina non ne ha una propria (le notizie usano la copertina).
      </p>
      <CurrentImage />
      <StaffImageInput
        source="newImage"
        label="Nuova immagine"
        pickerLabel="Scegli l’immagine di condivisione"
        helperText={`Il sito ne fa un JPEG di al massimo ${SHARE_IMAGE.side} px (meglio 1200 × 630, mai ingrandita).`}
      />
      <TextInput
        source="alt"
        label="Descrizione dell’immagine"
        fullWidth
        helperText="Il testo alternativo: descrive l’immagine a chi non la vede (obbligatorio)."
      />
    </StaffForm>
  );
}

/** The one screen of the share image: the current one, a new upload and its text. */
export function ShareImageScreen() {
  return (
    <Edit
      resource={RESOURCE}
      id={SHARE_IMAGE_RECORD_ID}
      title="Immagine di condivisione"
      mutationMode="pessimistic"
      redirect={false}
      actions={false}
    >
      <ShareImageForm />
    </Edit>
  );
}
