import { z } from './zod.js';
import {
  AdminListQuerySchema,
  adminAttachmentFields,
  isoDate,
  optionalText,
  optionalWebAddress,
  requiredText,
  requiredWebAddress,
  type AdminAttachment,
} from './admin.js';
import { AttachmentRefSchema, PublicDocumentQuerySchema } from './attachments.js';
import { ASSEMBLY_SECTIONS, TERRITORIES } from './constants.js';
import { listAnswerSchema, listItemSchema, type PagedList } from './envelope.js';
import { publishAtField, type PublicationState } from './undo.js';

/**
 * Reserved area (spec §3, §7 ReservedArea and SharepointContent GetRassegneStampa): archives a
 * signed-in member reads. Every call needs a session; lists answer only what the caller's role
 * may see (docs/decisions/011-reserved-area-access.md). Dates are ISO, `YYYY-MM-DD`.
 */

export const RecommendationSchema = listItemSchema({
  dataPubblicazione: z.string(),
  sourceName: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  attachments: z.array(AttachmentRefSchema),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;
export const RecommendationListResponseSchema = listAnswerSchema(RecommendationSchema);

export const AssemblySchema = listItemSchema({
  data: z.string(),
  luogo: z.string(),
  attachments: z.array(AttachmentRefSchema),
});
export type Assembly = z.infer<typeof AssemblySchema>;
export const AssemblyListResponseSchema = listAnswerSchema(AssemblySchema);

/** A board opinion; its date is also the second word of the title (spec §3). */
export const OpinionSchema = listItemSchema({
  domanda: z.string(),
  risposta: z.string(),
  dataPubblicazione: z.string(),
});
export type Opinion = z.infer<typeof OpinionSchema>;
export const OpinionListResponseSchema = listAnswerSchema(OpinionSchema);

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
export const PressReviewListResponseSchema = listAnswerSchema(PressReviewSchema);

/** Sort fields each reserved list accepts in `orderByFields` (case-insensitive). */
export const RESERVED_ORDER_FIELDS = {
  raccomandazioni: ['Datapubblicazione', 'Title', 'ID'],
  assemblee: ['Data', 'Title', 'ID'],
  pareri: ['Datapubblicazione,Ordinamento', 'Datapubblicazione', 'Title', 'ID'],
  rassegna: ['Datapubblicazione', 'Title', 'ID'],
} as const;

/**
 * `?serverRelativeUrl=` of DownloadDoc / DownloadDocStream: the same query as the public
 * documents', matched against stored rows only.
 */
export const ReservedDocumentQuerySchema = PublicDocumentQuerySchema;

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

// --- back office -------------------------------------------------------------------------------

/*
 * The secretariat's side of the four archives (docs/decisions/013-back-office.md,
 * 015-admin-press-opinions.md), each record with its audience (ADR 011): recommendations and
 * assemblies carry PDFs; the press review links out ("LEGGI ONLINE") and an opinion is plain
 * text, so neither of those has files.
 */

const AUDIENCE_MESSAGE = 'Scegli a chi è destinato.';
const audience = z.enum(RESERVED_AUDIENCE_VALUES, { message: AUDIENCE_MESSAGE });

/** Lists of recommendations and assemblies: search, audience, published, territory. */
export const AdminReservedListQuerySchema = AdminListQuerySchema.extend({
  audience: z.enum(RESERVED_AUDIENCE_VALUES).optional(),
  published: z.enum(['true', 'false']).optional(),
  territory: z.enum(TERRITORIES).optional(),
});
export type AdminReservedListQuery = z.output<typeof AdminReservedListQuerySchema>;

/** Lists of the press review and the opinions: search, audience, published and the year. */
export const AdminArchiveListQuerySchema = AdminReservedListQuerySchema.omit({
  territory: true,
}).extend({
  year: z.coerce
    .number({ message: 'Anno non valido.' })
    .int({ message: 'Anno non valido.' })
    .min(1900, { message: 'Anno non valido.' })
    .max(2999, { message: 'Anno non valido.' })
    .optional(),
});
export type AdminArchiveListQuery = z.output<typeof AdminArchiveListQuerySchema>;

// --- recommendations and assemblies ------------------------------------------------------------

export const AdminRecommendationInputSchema = z.object({
  title: requiredText(300),
  publishedOn: isoDate,
  sourceName: optionalText(200),
  sourceUrl: optionalWebAddress,
  audience,
  published: z.boolean().default(true),
  publishAt: publishAtField,
  ...adminAttachmentFields,
});
export type AdminRecommendationInput = z.input<typeof AdminRecommendationInputSchema>;

export const AdminAssemblyInputSchema = z.object({
  title: requiredText(300),
  heldOn: isoDate,
  place: optionalText(200),
  territory: z.enum(TERRITORIES, { message: 'Scegli nazionale o regionale.' }),
  section: z
    .enum(ASSEMBLY_SECTIONS, { message: 'Sezione non valida.' })
    .nullish()
    .transform((value) => value ?? null),
  audience,
  published: z.boolean().default(true),
  publishAt: publishAtField,
  ...adminAttachmentFields,
});
export type AdminAssemblyInput = z.input<typeof AdminAssemblyInputSchema>;

export interface AdminRecommendation {
  id: number;
  title: string;
  publishedOn: string;
  sourceName: string | null;
  sourceUrl: string | null;
  audience: ReservedAudience;
  published: boolean;
  /** "Programma": the Rome date and time it goes public (`2026-11-30T09:00`), or null. */
  publishAt: string | null;
  state: PublicationState;
  attachments: AdminAttachment[];
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export interface AdminAssembly {
  id: number;
  title: string;
  heldOn: string;
  place: string;
  territory: (typeof TERRITORIES)[number];
  section: (typeof ASSEMBLY_SECTIONS)[number] | null;
  audience: ReservedAudience;
  published: boolean;
  /** "Programma": the Rome date and time it goes public (`2026-11-30T09:00`), or null. */
  publishAt: string | null;
  state: PublicationState;
  attachments: AdminAttachment[];
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

// --- press review ------------------------------------------------------------------------------

export const AdminPressReviewInputSchema = z.object({
  headline: requiredText(300),
  newspaper: requiredText(200),
  publishedOn: isoDate,
  url: requiredWebAddress(1000),
  audience,
  published: z.boolean().default(true),
  publishAt: publishAtField,
});
export type AdminPressReviewInput = z.input<typeof AdminPressReviewInputSchema>;

export interface AdminPressReview {
  id: number;
  headline: string;
  newspaper: string;
  publishedOn: string;
  url: string | null;
  audience: ReservedAudience;
  published: boolean;
  /** "Programma": the Rome date and time it goes public (`2026-11-30T09:00`), or null. */
  publishAt: string | null;
  state: PublicationState;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

// --- opinions ----------------------------------------------------------------------------------

/** Longest question or answer of an opinion. */
export const OPINION_TEXT_MAX = 20_000;

/** `dd/MM/yyyy` of a `YYYY-MM-DD` date: how an opinion's title carries its date (spec §3). */
export function opinionTitleDate(isoDay: string): string {
  return `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}/${isoDay.slice(0, 4)}`;
}

/**
 * Why an opinion's title does not fit its publication date, or null when it does. The members'
 * screens show the second word of the title as the opinion's date (spec §3), so that word must
 * be the publication date as `gg/mm/aaaa`, e.g. "Parere 21/11/2026 – Argomento".
 */
export function opinionTitleProblem(title: string, publishedOn: string): string | null {
  const expected = opinionTitleDate(publishedOn);
  const second = title.trim().split(/\s+/)[1] ?? '';
  if (second === expected) return null;
  return `La seconda parola del titolo è la data che i soci vedono: deve essere ${expected}, la data di pubblicazione (ad esempio «Parere ${expected} – Argomento»).`;
}

export const AdminOpinionInputSchema = z
  .object({
    title: requiredText(300),
    publishedOn: isoDate,
    sortOrder: z
      .number({ message: 'Indica un numero intero da 0 a 9999.' })
      .int({ message: 'Indica un numero intero da 0 a 9999.' })
      .min(0, { message: 'Indica un numero intero da 0 a 9999.' })
      .max(9999, { message: 'Indica un numero intero da 0 a 9999.' })
      .default(1),
    question: requiredText(OPINION_TEXT_MAX),
    answer: requiredText(OPINION_TEXT_MAX),
    audience,
    published: z.boolean().default(true),
    publishAt: publishAtField,
  })
  .superRefine((value, context) => {
    // Only when both fields are valid: otherwise their own messages say what is wrong.
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value.publishedOn)) return;
    const problem = opinionTitleProblem(value.title, value.publishedOn);
    if (problem !== null) context.addIssue({ code: 'custom', path: ['title'], message: problem });
  });
export type AdminOpinionInput = z.input<typeof AdminOpinionInputSchema>;

export interface AdminOpinion {
  id: number;
  title: string;
  publishedOn: string;
  sortOrder: number;
  question: string;
  answer: string;
  audience: ReservedAudience;
  published: boolean;
  /** "Programma": the Rome date and time it goes public (`2026-11-30T09:00`), or null. */
  publishAt: string | null;
  state: PublicationState;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

/** The items of each reserved archive (spec §2.9, ADR 011). */
/** The items of each reserved archive (spec §2.9, ADR 011). */
export interface ReservedArchiveItems {
  recommendations: Recommendation;
  assemblies: Assembly;
  opinions: Opinion;
  pressReview: PressReview;
}

export type ReservedArchiveName = keyof ReservedArchiveItems;

/** The reserved archives for the pages rendered on the server (ADR 022). */
export interface ReservedArchives {
  /**
   * One page of `archive` for the holder of `sessionToken` (the cookie of a sign-in without
   * scripts), by the API's rules (ADR 011, ADR 024); null when the session is not valid, the
   * member has lapsed or the filter is refused: the page then loads in the browser, as before.
   */
  list<A extends ReservedArchiveName>(
    archive: A,
    filter: unknown,
    sessionToken: string,
  ): Promise<PagedList<ReservedArchiveItems[A]> | null>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The reserved lists rendered on the server for a cookie session (ADR 022). */
    reservedArea: ReservedArchives;
  }
}
