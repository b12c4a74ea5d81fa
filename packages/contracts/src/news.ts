import { z } from './zod.js';
import {
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  adminAttachmentFields,
  idFilter,
  isoDate,
  optionalText,
  optionalWebAddress,
  requiredText,
  type AdminAttachment,
} from './admin.js';
import { AttachmentRefSchema } from './attachments.js';
import {
  PUBLICATION_STATES,
  selectionSchemas,
  type AdminBulk,
  type PublicationState,
} from './undo.js';
import { envelopeSchema, listAnswerSchema, listItemSchema } from './envelope.js';
import { AdminImageUploadSchema } from './society.js';

/**
 * SharepointContent: news (spec §3 "News item", §7 GetArticoli, GetArticleCategories,
 * GetNewsFileById).
 */

export const ArticleCategorySchema = z.object({ id: z.number().int(), title: z.string() });
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>;
export const ArticleCategoriesResponseSchema = envelopeSchema(z.array(ArticleCategorySchema));

/**
 * A news item's cover image (ADR 034), made by the server from the staff's upload: `url` is the
 * large JPEG for sharing (`og:image`, at most NEWS_COVER.shareSide wide), `pageUrl` the WebP the
 * page and the list show (at most NEWS_COVER.pageSide). Addresses carry the bytes' hash, so
 * they never change content and a new image has a new address.
 */
export const NewsCoverSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  pageUrl: z.string(),
  pageWidth: z.number().int(),
  pageHeight: z.number().int(),
  alt: z.string(),
});
export type NewsCover = z.infer<typeof NewsCoverSchema>;

/** The cover's sizes and its text alternative's length (ADR 034). */
export const NEWS_COVER = {
  /** Longest side of the share image (Open Graph's recommended 1200 px width). */
  shareSide: 1200,
  /** Longest side of the image the page and the list show. */
  pageSide: 800,
  maxAltLength: 250,
} as const;

export const NEWS_COVER_MESSAGES = {
  altRequired:
    'Scrivi il testo alternativo della copertina: descrive l’immagine a chi non la vede.',
} as const;

/**
 * The cover's fields of a staff form (ADR 034), news items' and events' (ADR 052): a new JPEG,
 * PNG or WebP; `keepCover: false` without one removes it. Absent fields leave the cover and
 * its text as they are (bulk actions, rollback).
 */
export const adminCoverFields = {
  newCover: AdminImageUploadSchema.nullish(),
  keepCover: z.boolean().optional(),
  coverAlt: z
    .string()
    .trim()
    .max(NEWS_COVER.maxAltLength, { message: ADMIN_MESSAGES.tooLong })
    .nullish(),
};

/** A new cover needs its text alternative (ADR 034). */
export function requireCoverAlt(
  input: { newCover?: unknown; coverAlt?: string | null | undefined },
  context: z.RefinementCtx,
): void {
  if (input.newCover && !input.coverAlt) {
    context.addIssue({
      code: 'custom',
      path: ['coverAlt'],
      message: NEWS_COVER_MESSAGES.altRequired,
    });
  }
}

/**
 * A news item. `categorie` maps a stable key to the category title; keys are slugs (never
 * integer-like) so the map keeps its order in JavaScript and the first value is the displayed
 * category (spec §3). `dataPubblicazione` is an ISO date, `YYYY-MM-DD`.
 */
export const ArticleSchema = listItemSchema({
  subtitle: z.string(),
  categorie: z.record(z.string(), z.string()),
  dataPubblicazione: z.string(),
  attachments: z.array(AttachmentRefSchema),
  sourceUrl: z.string().nullable(),
  sourceName: z.string().nullable(),
  inEvidenza: z.boolean(),
  /** Beyond the spec (ADR 034): the cover image, or null. */
  cover: NewsCoverSchema.nullable(),
});
export type Article = z.infer<typeof ArticleSchema>;
export const ArticleListResponseSchema = listAnswerSchema(ArticleSchema);

/** Sort fields GetArticoli accepts in `orderByFields` (case-insensitive). */
export const ARTICLE_ORDER_FIELDS = ['Datapubblicazione', 'Title', 'ID'] as const;

// ---------------------------------------------------------------------------------------------
// The secretariat's editor (ADR 013): every news item whatever its state, and the categories

/** Where a news item stands on the public site. */
export const NEWS_STATES = PUBLICATION_STATES;
export type NewsState = PublicationState;

export const AdminNewsListQuerySchema = AdminListQuerySchema.extend({
  state: z.enum(NEWS_STATES).optional(),
  featured: z.enum(['true', 'false']).optional(),
  categoryId: idFilter,
});
export type AdminNewsListQuery = z.output<typeof AdminNewsListQuerySchema>;

export interface AdminNewsItem {
  id: number;
  title: string;
  subtitleHtml: string;
  publishedOn: string;
  featured: boolean;
  published: boolean;
  state: NewsState;
  /** The Rome time (`HH:mm`) it goes public on `publishedOn`; null: from the day's start. */
  publishTime: string | null;
  /** That moment as an ISO instant, when there is a time (ADR 023). */
  publishAt: string | null;
  sourceName: string | null;
  sourceUrl: string | null;
  /** The secretariat's private note: never in the public answers (GetArticoli). */
  internalNote: string | null;
  categoryIds: number[];
  attachments: AdminAttachment[];
  /** The cover image (ADR 034), or null. */
  cover: NewsCover | null;
  /** The cover's text alternative as the form edits it (`cover.alt`; null without a cover). */
  coverAlt: string | null;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export const AdminNewsInputSchema = z
  .object({
    title: requiredText(300),
    subtitleHtml: z.string().max(200_000, { message: ADMIN_MESSAGES.tooLong }).default(''),
    publishedOn: isoDate,
    featured: z.boolean().default(false),
    /** Unsaid, a new item is a draft, as the screen's "Salva bozza". */
    published: z.boolean().default(false),
    /** "Programma" (ADR 023): the Rome time on `publishedOn` it goes public; null for the day. */
    publishTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Indica l’ora come 09:00.' })
      .nullable()
      .default(null),
    sourceName: optionalText(200),
    sourceUrl: optionalWebAddress,
    internalNote: optionalText(2000),
    categoryIds: z.array(z.number().int().positive()).max(10).default([]),
    ...adminAttachmentFields,
    /**
     * The cover (ADR 034): a new JPEG, PNG or WebP; `keepCover: false` without one removes it.
     * Absent fields leave the cover and its text as they are (bulk actions, rollback).
     */
    ...adminCoverFields,
  })
  .superRefine(requireCoverAlt);
export type AdminNewsInput = z.input<typeof AdminNewsInputSchema>;

/** The news list's bulk actions and export of the selected items (ADR 023). */
export const { bulk: AdminNewsBulkSchema, exportQuery: AdminNewsExportQuerySchema } =
  selectionSchemas('una notizia', 'notizie');
export type AdminNewsBulk = AdminBulk;

export interface AdminCategory {
  id: number;
  title: string;
  /** Raised by every save; a save names the one it was read at (ADR 041). */
  version: number;
}

export const AdminCategoryInputSchema = z.object({
  title: requiredText(100),
});
