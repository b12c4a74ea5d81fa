/**
 * Normalised text for searches and case-insensitive matches: lower case, accents removed,
 * spaces collapsed. Stored beside titles (`*_search` columns) so SQLite and PostgreSQL match
 * the same way ("perché" finds "Perche").
 */
export function searchText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A LIKE pattern matching `value` anywhere, with `%`, `_` and `\` taken as text (ESCAPE '\'). */
export function containsPattern(value: string): string {
  return `%${searchText(value).replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
