import { z } from './zod.js';
import { AttachmentRefSchema } from './attachments.js';
import { listAnswerSchema, listItemSchema } from './envelope.js';
import {
  AdminListQuerySchema,
  adminAttachmentFields,
  idFilter,
  isoDate,
  optionalText,
  requiredText,
  type AdminAttachment,
} from './admin.js';
import { RESERVED_AUDIENCE_VALUES, type ReservedAudience } from './reserved-area.js';
import { publishAtField, selectionSchemas, type PublicationState } from './undo.js';

/**
 * The bulletin "Il Servizio Trasfusionale" (spec §2.10, §3, §4, §7 GetRiviste,
 * GetArticoliRiviste). Members only, with the reserved area's audiences (ADR 011); the issue's
 * own entry in its article list is ADR 012.
 */

export const MAGAZINE_NAME = 'Il Servizio Trasfusionale';

/** A magazine issue: spec fields id and title, plus its year, date and the whole-issue PDF. */
export const MagazineIssueSchema = listItemSchema({
  anno: z.number().int(),
  dataPubblicazione: z.string(),
  attachments: z.array(AttachmentRefSchema),
});
export type MagazineIssue = z.infer<typeof MagazineIssueSchema>;
export const MagazineIssueListResponseSchema = listAnswerSchema(MagazineIssueSchema);

/**
 * An article of an issue (spec §3). `autore` maps the author's position ("1", "2", …) to the
 * name, in the order the secretariat gave. The first entry of an issue's list is the issue
 * itself (Ordinamento 0, a title containing "numero", the whole-issue PDF).
 */
export const MagazineArticleSchema = listItemSchema({
  autore: z.record(z.string(), z.string()),
  attachments: z.array(AttachmentRefSchema),
  dataPubblicazione: z.string(),
  testata: z.string(),
  Ordinamento: z.number().int(),
});
export type MagazineArticle = z.infer<typeof MagazineArticleSchema>;
export const MagazineArticleListResponseSchema = listAnswerSchema(MagazineArticleSchema);

/** Sort fields the magazine calls accept in `orderByFields` (case-insensitive). */
export const MAGAZINE_ORDER_FIELDS = {
  riviste: ['Title', 'Datapubblicazione', 'ID'],
  articoli: ['Ordinamento', 'Title', 'ID'],
} as const;

/** Spec §4: the current issue is the first entry whose title contains "numero". */
export function isIssueEntry(article: Pick<MagazineArticle, 'title'>): boolean {
  return /numero/i.test(article.title);
}

/**
 * Spec §4, §9: the first page asks one entry more (11) while the current issue has not been
 * found, because that entry is shown as the issue and left out of the list of 10.
 */
export function magazineArticlesPageSize(firstPage: boolean, issueFound: boolean): number {
  return firstPage && !issueFound ? 11 : 10;
}

/** Splits a page of an issue's entries into the issue itself (if on it) and its articles. */
export function splitIssueEntry<T extends Pick<MagazineArticle, 'title'>>(
  entries: T[],
  issueFound: boolean,
): { issue: T | null; articles: T[] } {
  if (issueFound) return { issue: null, articles: entries };
  const index = entries.findIndex(isIssueEntry);
  if (index === -1) return { issue: null, articles: entries };
  return {
    issue: entries[index] ?? null,
    articles: entries.filter((_, position) => position !== index),
  };
}

/** The authors of an article, in order, for display. */
export function authorNames(article: Pick<MagazineArticle, 'autore'>): string[] {
  return Object.entries(article.autore)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, name]) => name);
}

/*
 * The back office's editor of the bulletin, staff only (ADR 014): issues with their whole-issue
 * PDF and audience, and each issue's articles with order, authors and PDF.
 */

export const MAGAZINE_ADMIN_MESSAGES = {
  year: 'Indica un anno tra 2000 e 2100.',
  audience: 'Pubblico non valido.',
  order: 'Indica un numero d’ordine tra 1 e 9999.',
  duplicateTitle: 'Esiste già un numero con questo titolo.',
  issue: 'Numero della rivista sconosciuto.',
  tooManyAuthors: 'Al massimo 20 autori.',
  issueNumber: 'Indica un numero tra 1 e 9999, o lascia vuoto.',
  articleOfBinnedIssue:
    'Il numero di questo articolo è nel cestino: ripristina prima il numero, con i suoi articoli.',
} as const;

/**
 * The issue's number as its title says it ("Bollettino numero 10", "n. 4", "n° 7"), or null:
 * the default of the issue's number field, so issues sort 4 before 10 (ADR 014).
 */
export function issueNumberInTitle(title: string): number | null {
  const match = /\b(?:numero|num\.|nr\.?|n\.|n°)\s*(\d{1,4})\b/i.exec(title);
  return match ? Number(match[1]) : null;
}

/** The shared attachment fields, keeping at most 50 stored files per issue or article. */
const attachmentFields = {
  ...adminAttachmentFields,
  keptAttachmentIds: z.array(z.number().int().positive()).max(50).default([]),
};

export const AdminMagazineIssueListQuerySchema = AdminListQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type AdminMagazineIssueListQuery = z.output<typeof AdminMagazineIssueListQuerySchema>;

export interface AdminMagazineIssue {
  id: number;
  title: string;
  year: number;
  /** The issue's number within its year's series; null when it has none. */
  number: number | null;
  publishedOn: string;
  audience: ReservedAudience;
  published: boolean;
  /** "Programma" (ADR 031): the Rome date and time it goes public; null once published. */
  publishAt: string | null;
  state: PublicationState;
  articleCount: number;
  attachments: AdminAttachment[];
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export const AdminMagazineIssueInputSchema = z.object({
  title: requiredText(300),
  year: z.coerce
    .number({ message: MAGAZINE_ADMIN_MESSAGES.year })
    .int({ message: MAGAZINE_ADMIN_MESSAGES.year })
    .min(2000, { message: MAGAZINE_ADMIN_MESSAGES.year })
    .max(2100, { message: MAGAZINE_ADMIN_MESSAGES.year }),
  /** Empty: the number the title says ("numero 10"), else none. */
  number: z
    .union([z.literal(''), z.null(), z.coerce.number().int().min(1).max(9999)], {
      message: MAGAZINE_ADMIN_MESSAGES.issueNumber,
    })
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  publishedOn: isoDate,
  audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: MAGAZINE_ADMIN_MESSAGES.audience }),
  published: z.boolean().default(true),
  publishAt: publishAtField,
  ...attachmentFields,
});
export type AdminMagazineIssueInput = z.input<typeof AdminMagazineIssueInputSchema>;

/** The selection schemas of the bulletin's issues (bulk actions and export, ADR 031). */
export const MagazineIssueSelection = selectionSchemas('un numero', 'numeri');

export const AdminMagazineArticleListQuerySchema = AdminListQuerySchema.extend({
  issueId: idFilter,
});
export type AdminMagazineArticleListQuery = z.output<typeof AdminMagazineArticleListQuerySchema>;

export interface AdminMagazineArticle {
  id: number;
  issueId: number;
  issueTitle: string;
  title: string;
  authors: string[];
  sortOrder: number;
  publishedOn: string;
  testata: string;
  attachments: AdminAttachment[];
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export const AdminMagazineArticleInputSchema = z.object({
  issueId: z.number({ message: MAGAZINE_ADMIN_MESSAGES.issue }).int().positive(),
  title: requiredText(300),
  authors: z
    .array(requiredText(120))
    .max(20, { message: MAGAZINE_ADMIN_MESSAGES.tooManyAuthors })
    .default([]),
  /** Empty: the next after the issue's last article. */
  sortOrder: z
    .union(
      [
        z.literal(''),
        z.null(),
        z.coerce
          .number({ message: MAGAZINE_ADMIN_MESSAGES.order })
          .int({ message: MAGAZINE_ADMIN_MESSAGES.order })
          .min(1, { message: MAGAZINE_ADMIN_MESSAGES.order })
          .max(9999, { message: MAGAZINE_ADMIN_MESSAGES.order }),
      ],
      { message: MAGAZINE_ADMIN_MESSAGES.order },
    )
    .optional()
    .transform((value) => (value === '' || value === undefined ? null : value)),
  /** Empty: the issue's date. */
  publishedOn: isoDate.nullish(),
  /** Empty: the bulletin's name. */
  testata: optionalText(200),
  ...attachmentFields,
});
export type AdminMagazineArticleInput = z.input<typeof AdminMagazineArticleInputSchema>;
