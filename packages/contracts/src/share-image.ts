import { z } from 'zod';
import { ADMIN_MESSAGES } from './admin.js';
import { NEWS_COVER } from './news.js';
import { AdminImageUploadSchema } from './society.js';

/**
 * The share image of the pages without one of their own (ADR 034, amended 2026-11-24): the
 * `og:image` of the home, /news, the society's pages, the calls, /cerca… The secretariat uploads
 * it in the back office; the server makes from it a JPEG for link previews exactly as it makes a
 * news cover's. Until one is uploaded, the committed card `SHARE_CARD` is used.
 */

/** The card shipped with the site (`apps/web/public/share-card.png`), used until an upload. */
export const SHARE_CARD = { url: '/share-card.png', width: 1200, height: 630 } as const;

/** The uploaded image's largest side and its text's length: a news cover's (ADR 034). */
export const SHARE_IMAGE = {
  side: NEWS_COVER.shareSide,
  maxAltLength: NEWS_COVER.maxAltLength,
} as const;

export const SHARE_IMAGE_MESSAGES = {
  altRequired:
    'Scrivi il testo alternativo dell’immagine di condivisione: descrive l’immagine a chi non la vede.',
  imageRequired: 'Scegli l’immagine di condivisione (JPEG, PNG o WebP).',
} as const;

/** A page's share image as the pages' meta tags read it: address, size and text. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A save of the share image: a new upload, or the stored one kept with a new text (`newImage`
 * null or absent). The text is required: a shared link's preview describes its picture.
 */
export const AdminShareImageInputSchema = z.object({
  newImage: AdminImageUploadSchema.nullish(),
  alt: z
    .string({ message: SHARE_IMAGE_MESSAGES.altRequired })
    .trim()
    .min(1, { message: SHARE_IMAGE_MESSAGES.altRequired })
    .max(SHARE_IMAGE.maxAltLength, { message: ADMIN_MESSAGES.tooLong }),
});
export type AdminShareImageInput = z.infer<typeof AdminShareImageInputSchema>;

/** The one record of the staff screen (`/Admin/ShareImage/predefinita`). */
export const SHARE_IMAGE_RECORD_ID = 'predefinita';

/** The staff screen's record: the uploaded image (null: the site uses the card) and its text. */
export interface AdminShareImage {
  id: typeof SHARE_IMAGE_RECORD_ID;
  image: ShareImage | null;
  alt: string | null;
  updatedAt: string | null;
}
