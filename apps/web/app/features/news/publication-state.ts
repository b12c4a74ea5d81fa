import { publicationStateWords, type AdminNewsItem } from '@sodalis/contracts';

/**
 * Where a news item stands, in words (ADR 023): "Programmata per il 30/11/2026 alle 09:00".
 * The staff form and the preview's banner say it the same way.
 */
export function newsStateWords(
  item: Pick<AdminNewsItem, 'state' | 'publishedOn' | 'publishTime'>,
): string {
  return publicationStateWords(item.state, item.publishedOn, item.publishTime);
}

/** The staff preview of a news item (drafts and scheduled ones too, ADR 023). */
export function newsPreviewHref(id: number): string {
  return `/anteprima/news/${id}`;
}
