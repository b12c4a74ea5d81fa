import { z } from 'zod';
import { AttachmentRefSchema } from './attachments.js';
import { envelopeSchema, pagedListSchema } from './envelope.js';

/**
 * The bulletin "Il Servizio Trasfusionale" (spec §2.10, §3, §4, §7 GetRiviste,
 * GetArticoliRiviste). Members only, with the reserved area's audiences (ADR 011); the issue's
 * own entry in its article list is ADR 012.
 */

export const MAGAZINE_NAME = 'Il Servizio Trasfusionale';

/** A magazine issue: spec fields id and title, plus its year, date and the whole-issue PDF. */
export const MagazineIssueSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  anno: z.number().int(),
  dataPubblicazione: z.string(),
  attachments: z.array(AttachmentRefSchema),
});
export type MagazineIssue = z.infer<typeof MagazineIssueSchema>;
export const MagazineIssueListResponseSchema = envelopeSchema(pagedListSchema(MagazineIssueSchema));

/**
 * An article of an issue (spec §3). `autore` maps the author's position ("1", "2", …) to the
 * name, in the order the secretariat gave. The first entry of an issue's list is the issue
 * itself (Ordinamento 0, a title containing "numero", the whole-issue PDF).
 */
export const MagazineArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  autore: z.record(z.string(), z.string()),
  attachments: z.array(AttachmentRefSchema),
  dataPubblicazione: z.string(),
  testata: z.string(),
  Ordinamento: z.number().int(),
});
export type MagazineArticle = z.infer<typeof MagazineArticleSchema>;
export const MagazineArticleListResponseSchema = envelopeSchema(
  pagedListSchema(MagazineArticleSchema),
);

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
