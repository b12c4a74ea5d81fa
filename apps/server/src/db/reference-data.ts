import { newsCategoryTitles } from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import { searchText } from '../text/search-text.js';
import type { Database } from './schema.js';

/**
 * Data every installation needs, demo or not: the five news categories of spec §2.6
 * (`{product}` is the configured acronym). Idempotent, and safe when several instances start
 * at once on one PostgreSQL.
 */
export async function ensureReferenceData(
  db: Kysely<Database>,
  societyAcronym: string,
): Promise<void> {
  const titles = newsCategoryTitles(societyAcronym);
  await db
    .insertInto('categories')
    .values(
      titles.map((title, index) => ({
        title,
        title_search: searchText(title),
        sort_order: index + 1,
      })),
    )
    .onConflict((conflict) => conflict.column('title_search').doNothing())
    .execute();
}
