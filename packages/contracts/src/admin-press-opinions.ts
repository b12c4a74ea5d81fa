import { z } from 'zod';
import { ADMIN_MESSAGES, isoDate } from './admin.js';
import { AdminReservedListQuerySchema } from './admin-reserved.js';
import { isWebAddress } from './sponsorship-rules.js';
import { RESERVED_AUDIENCE_VALUES, type ReservedAudience } from './reserved-area.js';

/**
 * Back office (issue 10): the press review (rassegna stampa) and the board's opinions (pareri),
 * each with its audience (ADR 011). Neither has attachments: the members' press review shows
 * a "LEGGI ONLINE" link, an opinion its question and answer as plain text.
 * See docs/decisions/015-admin-press-opinions.md.
 */

const AUDIENCE_MESSAGE = 'Scegli a chi è destinato.';

/** Lists of both areas: search, audience, published and the year of the date. */
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

const requiredText = (max: number) =>
  z
    .string({ message: ADMIN_MESSAGES.required })
    .trim()
    .min(1, { message: ADMIN_MESSAGES.required })
    .max(max, { message: ADMIN_MESSAGES.tooLong });

// --- press review ------------------------------------------------------------------------------

export const AdminPressReviewInputSchema = z.object({
  headline: requiredText(300),
  newspaper: requiredText(200),
  publishedOn: isoDate,
  url: requiredText(1000).refine(isWebAddress, { message: ADMIN_MESSAGES.webAddress }),
  audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: AUDIENCE_MESSAGE }),
  published: z.boolean().default(true),
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
  updatedAt: string;
}

// --- opinions ------------------------------------------------------------------------------------

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
    audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: AUDIENCE_MESSAGE }),
    published: z.boolean().default(true),
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
  updatedAt: string;
}
