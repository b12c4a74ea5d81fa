import { sql, type RawBuilder, type SqlBool } from 'kysely';

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

/**
 * The accented letters of Italian text and their plain ones. SQLite's `lower()` folds only
 * ASCII and neither engine drops accents without an extension, so the column side of a search
 * folds these in SQL, as `searchText` folds the typed side.
 */
const ACCENTED_LETTERS = [...'àáèéìíòóùúÀÁÈÉÌÍÒÓÙÚ'].map(
  (letter) => [letter, letter.normalize('NFD').charAt(0).toLowerCase()] as const,
);

/** `column` (a column's name or an expression) in lower case, without Italian accents. */
function foldedColumn(column: string | RawBuilder<string>): RawBuilder<string> {
  const lowered = sql<string>`lower(${typeof column === 'string' ? sql.ref(column) : column})`;
  return ACCENTED_LETTERS.reduce(
    (text, [accented, plain]) => sql<string>`replace(${text}, ${accented}, ${plain})`,
    lowered,
  );
}

/**
 * The staff lists' free-text search: some of `columns` contains `text`, whatever the case and
 * the accents ("perché" finds "Perche" and "PERCHÉ"), with `%`, `_` and `\` taken as text.
 * Null when `text` is blank (no filter).
 */
export function anyColumnContains(
  columns: (string | RawBuilder<string>)[],
  text: string | undefined,
): RawBuilder<SqlBool> | null {
  if (text === undefined || text.trim() === '') return null;
  const pattern = containsPattern(text);
  const matches = columns.map((column) => sql`${foldedColumn(column)} like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}
