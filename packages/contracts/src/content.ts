import { z } from 'zod';
import { AttachmentRefSchema, type AttachmentRef } from './attachments.js';
import { envelopeSchema, pagedListSchema } from './envelope.js';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * SharepointContent: news (spec §3 "News item", §7 GetArticoli, GetArticleCategories,
 * GetNewsFileById).
 */

export const ArticleCategorySchema = z.object({ id: z.number().int(), title: z.string() });
export type ArticleCategory = z.infer<typeof ArticleCategorySchema>;
export const ArticleCategoriesResponseSchema = envelopeSchema(z.array(ArticleCategorySchema));

/**
 * A news item. `categorie` maps a stable key to the category title; keys are slugs (never
 * integer-like) so the map keeps its order in JavaScript and the first value is the displayed
 * category (spec §3). `dataPubblicazione` is an ISO date, `YYYY-MM-DD`.
 */
export const ArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  categorie: z.record(z.string(), z.string()),
  dataPubblicazione: z.string(),
  attachments: z.array(AttachmentRefSchema),
  sourceUrl: z.string().nullable(),
  sourceName: z.string().nullable(),
  inEvidenza: z.boolean(),
});
export type Article = z.infer<typeof ArticleSchema>;
export const ArticleListResponseSchema = envelopeSchema(pagedListSchema(ArticleSchema));

/** Sort fields GetArticoli accepts in `orderByFields` (case-insensitive). */
export const ARTICLE_ORDER_FIELDS = ['Datapubblicazione', 'Title', 'ID'] as const;

/** `?id=` of GetNewsFileById / GetCVById: a positive integer (spec §5: must not be null). */
export const IdQuerySchema = z.object({
  id: z
    .string({ message: VALIDATION_MESSAGES.nullParameter })
    .trim()
    .regex(/^\d{1,12}$/, { message: 'id deve essere un numero intero positivo.' })
    .transform(Number),
});

/**
 * A setup element (spec §3): a piece of page content the secretariat edits, by key. `corpo` is
 * sanitised HTML. Over the API (GetSetupData) attachments carry their base64 `content`.
 */
export const SetupAttachmentSchema = AttachmentRefSchema.extend({ content: z.string() });
export const SetupElementSchema = z.object({
  title: z.string(),
  corpo: z.string(),
  attachments: z.array(SetupAttachmentSchema),
});
export type SetupElement = z.infer<typeof SetupElementSchema>;

/** The same element for server-rendered pages: attachments are links, not inline bytes. */
export interface PageSetupElement {
  title: string;
  corpo: string;
  attachments: AttachmentRef[];
}

export const GetSetupDataBodySchema = z.object({
  titles: z
    .array(z.string().trim().min(1).max(100), {
      message: 'titles deve essere un elenco di chiavi.',
    })
    .min(1, { message: 'titles deve contenere almeno una chiave.' })
    .max(50, { message: 'titles può contenere al massimo 50 chiavi.' }),
});
