import { z } from 'zod';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  AdminUploadSchema,
  isoDate,
  optionalText,
  type AdminAttachment,
} from './admin.js';
import { RESERVED_AUDIENCE_VALUES, type ReservedAudience } from './reserved-area.js';

/**
 * The back office's editor of "Il Servizio Trasfusionale" (issue 10, ADR 014): issues with
 * their whole-issue PDF and audience, and each issue's articles with order, authors and PDF.
 */

export const MAGAZINE_ADMIN_MESSAGES = {
  year: 'Indica un anno tra 2000 e 2100.',
  audience: 'Pubblico non valido.',
  order: 'Indica un numero d’ordine tra 1 e 9999.',
  duplicateTitle: 'Esiste già un numero con questo titolo.',
  issue: 'Numero della rivista sconosciuto.',
  tooManyAuthors: 'Al massimo 20 autori.',
} as const;

const requiredTitle = z
  .string({ message: ADMIN_MESSAGES.required })
  .trim()
  .min(1, { message: ADMIN_MESSAGES.required })
  .max(300, { message: ADMIN_MESSAGES.tooLong });

const idList = z.array(z.number().int().positive()).max(50).default([]);
/** Attachments already stored that stay, in this order; new PDFs go after them. */
const uploads = z
  .array(AdminUploadSchema)
  .max(ADMIN_LIMITS.maxNewFilesPerSave, { message: ADMIN_MESSAGES.tooManyFiles });

export const AdminMagazineIssueListQuerySchema = AdminListQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type AdminMagazineIssueListQuery = z.output<typeof AdminMagazineIssueListQuerySchema>;

export interface AdminMagazineIssue {
  id: number;
  title: string;
  year: number;
  publishedOn: string;
  audience: ReservedAudience;
  published: boolean;
  articleCount: number;
  attachments: AdminAttachment[];
  updatedAt: string;
}

export const AdminMagazineIssueInputSchema = z.object({
  title: requiredTitle,
  year: z.coerce
    .number({ message: MAGAZINE_ADMIN_MESSAGES.year })
    .int({ message: MAGAZINE_ADMIN_MESSAGES.year })
    .min(2000, { message: MAGAZINE_ADMIN_MESSAGES.year })
    .max(2100, { message: MAGAZINE_ADMIN_MESSAGES.year }),
  publishedOn: isoDate,
  audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: MAGAZINE_ADMIN_MESSAGES.audience }),
  published: z.boolean().default(true),
  keptAttachmentIds: idList,
  newAttachments: uploads.default([]),
});
export type AdminMagazineIssueInput = z.input<typeof AdminMagazineIssueInputSchema>;

export const AdminMagazineArticleListQuerySchema = AdminListQuerySchema.extend({
  issueId: z.coerce.number().int().positive().optional(),
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
}

export const AdminMagazineArticleInputSchema = z.object({
  issueId: z.number({ message: MAGAZINE_ADMIN_MESSAGES.issue }).int().positive(),
  title: requiredTitle,
  authors: z
    .array(z.string().trim().min(1, { message: ADMIN_MESSAGES.required }).max(120))
    .max(20, { message: MAGAZINE_ADMIN_MESSAGES.tooManyAuthors })
    .default([]),
  sortOrder: z.coerce
    .number({ message: MAGAZINE_ADMIN_MESSAGES.order })
    .int({ message: MAGAZINE_ADMIN_MESSAGES.order })
    .min(1, { message: MAGAZINE_ADMIN_MESSAGES.order })
    .max(9999, { message: MAGAZINE_ADMIN_MESSAGES.order }),
  /** Empty: the issue's date. */
  publishedOn: isoDate.nullish(),
  /** Empty: the bulletin's name. */
  testata: optionalText(200),
  keptAttachmentIds: idList,
  newAttachments: uploads.default([]),
});
export type AdminMagazineArticleInput = z.input<typeof AdminMagazineArticleInputSchema>;
