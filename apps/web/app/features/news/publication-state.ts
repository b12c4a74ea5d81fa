import { italianDate, type AdminNewsItem } from '@sodalis/contracts';

/**
 * Where a news item stands, in words (ADR 023): "Programmata per il 30/11/2026 alle 09:00".
 * The staff form and the preview's banner say it the same way.
 */
export function newsStateWords(
  item: Pick<AdminNewsItem, 'state' | 'publishedOn' | 'publishTime'>,
): string {
  const day = italianDate(item.publishedOn);
  const time = item.publishTime === null ? '' : ` alle ${item.publishTime}`;
  if (item.state === 'non-pubblicata') return 'Bozza: non è visibile sul sito.';
  if (item.state === 'programmata') return `Programmata per il ${day}${time}`;
  return `Pubblicata sul sito dal ${day}${time}`;
}

/** The staff preview of a news item (drafts and scheduled ones too, ADR 023). */
export function newsPreviewHref(id: number): string {
  return `/anteprima/news/${id}`;
}
