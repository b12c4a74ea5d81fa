import { z } from './zod.js';
import { ADMIN_MESSAGES } from './admin.js';
import { NEWS_COVER } from './news.js';
import { AdminImageUploadSchema } from './society.js';

/** The rules of the share image's upload (ADR 034, amended 2026-11-24; see `share-image.ts`). */

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
