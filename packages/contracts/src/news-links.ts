/*
 * The addresses of news items (ADR 004), for the pages, the feeds and the sitemap: apart from
 * the news schemas so the public pages' scripts get them without zod (ADR 020).
 */

/** A slug for a news item's address: lower case, no accents, words joined by hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

/** The page of a news item, `/news/<id>-<slug>` (ADR 004): the pages, the feeds and the sitemap. */
export function articleHref(article: { id: number; title: string }): string {
  return `/news/${article.id}-${slugify(article.title)}`;
}
