import { z } from 'zod';
import { AttachmentRefSchema } from './attachments.js';
import { envelopeSchema, pagedListSchema } from './envelope.js';
import { VALIDATION_MESSAGES } from './messages.js';

/**
 * Reserved area (spec §3, §7 ReservedArea and SharepointContent GetRassegneStampa): archives a
 * signed-in member reads. Every call needs a session; lists answer only what the caller's role
 * may see (docs/decisions/011-reserved-area-access.md). Dates are ISO, `YYYY-MM-DD`.
 */

export const RecommendationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  dataPubblicazione: z.string(),
  sourceName: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  attachments: z.array(AttachmentRefSchema),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;
export const RecommendationListResponseSchema = envelopeSchema(
  pagedListSchema(RecommendationSchema),
);

export const AssemblySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  data: z.string(),
  luogo: z.string(),
  attachments: z.array(AttachmentRefSchema),
});
export type Assembly = z.infer<typeof AssemblySchema>;
export const AssemblyListResponseSchema = envelopeSchema(pagedListSchema(AssemblySchema));

/** A board opinion; its date is also the second word of the title (spec §3). */
export const OpinionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  domanda: z.string(),
  risposta: z.string(),
  dataPubblicazione: z.string(),
});
export type Opinion = z.infer<typeof OpinionSchema>;
export const OpinionListResponseSchema = envelopeSchema(pagedListSchema(OpinionSchema));

/** A press review item: `headline` is also answered as `title`. */
export const PressReviewSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  testata: z.string(),
  headline: z.string(),
  title: z.string(),
  url: z.string().nullable(),
});
export type PressReview = z.infer<typeof PressReviewSchema>;
export const PressReviewListResponseSchema = envelopeSchema(pagedListSchema(PressReviewSchema));

/** Sort fields each reserved list accepts in `orderByFields` (case-insensitive). */
export const RESERVED_ORDER_FIELDS = {
  raccomandazioni: ['Datapubblicazione', 'Title', 'ID'],
  assemblee: ['Data', 'Title', 'ID'],
  pareri: ['Datapubblicazione,Ordinamento', 'Datapubblicazione', 'Title', 'ID'],
  rassegna: ['Datapubblicazione', 'Title', 'ID'],
} as const;

/** `?serverRelativeUrl=` of DownloadDoc / DownloadDocStream: matched against stored rows only. */
export const ReservedDocumentQuerySchema = z.object({
  serverRelativeUrl: z
    .string({ message: VALIDATION_MESSAGES.nullParameter })
    .min(1, { message: VALIDATION_MESSAGES.nullParameter })
    .max(500, { message: 'serverRelativeUrl è troppo lungo.' })
    .refine((value) => !value.includes('\0'), { message: 'serverRelativeUrl non è valido.' }),
  download: z
    .enum(['0', '1', 'true', 'false'], { message: 'download deve essere 1 o 0.' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});

/**
 * Who may read a reserved item, as the secretariat sets it (ADR 011), with its Italian label.
 * The assembly sections are affiliate audiences.
 */
export const RESERVED_AUDIENCES = {
  all: 'Tutti i soci e gli affiliati',
  socio: 'Solo Soci',
  affiliato: 'Solo Affiliati',
  'Affiliati tecnici': 'Affiliati tecnici',
  'Affiliati infermieri': 'Affiliati infermieri',
} as const;
export type ReservedAudience = keyof typeof RESERVED_AUDIENCES;
export const RESERVED_AUDIENCE_VALUES = Object.keys(RESERVED_AUDIENCES) as [
  ReservedAudience,
  ...ReservedAudience[],
];
