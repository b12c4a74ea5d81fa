/**
 * The share image of the pages without one of their own (ADR 034, amended 2026-11-24): the
 * `og:image` of the home, /news, the society's pages, the calls, /cerca… The secretariat uploads
 * it in the back office; the server makes from it a JPEG for link previews exactly as it makes a
 * news cover's. Until one is uploaded, the committed card `SHARE_CARD` is used.
 *
 * Kept free of zod: the public pages' meta tags read it, and their bundle carries no schema
 * (the upload's rules are in `share-image-schemas.ts`).
 */

/** The card shipped with the site (`apps/web/public/share-card.png`), used until an upload. */
export const SHARE_CARD = { url: '/share-card.png', width: 1200, height: 630 } as const;

/** A page's share image as the pages' meta tags read it: address, size and text. */
export interface ShareImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

/** The one record of the staff screen (`/Admin/ShareImage/predefinita`). */
export const SHARE_IMAGE_RECORD_ID = 'predefinita';

/** The staff screen's record: the uploaded image (null: the site uses the card) and its text. */
export interface AdminShareImage {
  id: typeof SHARE_IMAGE_RECORD_ID;
  image: ShareImage | null;
  alt: string | null;
  updatedAt: string | null;
}
