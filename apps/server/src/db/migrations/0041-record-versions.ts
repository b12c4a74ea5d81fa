import type { Kysely, Migration } from 'kysely';

/** The staff records whose saves name the version they were read at (ADR 041). */
const VERSIONED_TABLES = [
  'articles',
  'recommendations',
  'assemblies',
  'press_reviews',
  'opinions',
  'members',
  'magazine_issues',
  'magazine_articles',
  'board_members',
  'transparency_publications',
  'public_contributions',
] as const;

/**
 * No silent overwrite between two tabs (ADR 041): `version`, a counter every staff save of the
 * record raises by one in the same UPDATE that checks it, so a save over a newer version
 * changes no row. Existing rows start at 1, as new ones do. The same statement on both engines.
 */
export const recordVersionsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const table of VERSIONED_TABLES) {
      await db.schema
        .alterTable(table)
        .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
        .execute();
    }
  },
};
