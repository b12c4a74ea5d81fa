import type { RawBuilder, SqlBool } from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import { parseQuery } from './analyser.js';
import { indexedItemCondition } from './repository.js';
import type { SourceKind } from './sources.js';

/**
 * The public lists' text filter (spec §3 `title`) through the site search's index (ADR 025):
 * the records of `kinds` whose text or PDFs have every word typed, read by the Italian analyser
 * (accents folded, stems, stop words ignored, "quoted phrases"). Each word is also a prefix, so
 * a partly typed word still narrows the list as the old title filter did. Null for a blank
 * filter (no filter); a filter with no word to search (`%`, stop words only) matches nothing,
 * as the site search answers nothing for it.
 */
export function indexedTextFilter(
  engine: DatabaseEngine,
  kinds: readonly SourceKind[],
  idColumn: string,
  text: string | null | undefined,
): RawBuilder<SqlBool> | null {
  if (text === null || text === undefined || text.trim() === '') return null;
  const groups = parseQuery(text)?.groups ?? [];
  return indexedItemCondition(engine, kinds, idColumn, { groups, prefix: 'every' });
}
