import type { Kysely, Migration } from 'kysely';

/**
 * The bin for "Società trasparente" (ADR 026, ADR 031): `deleted_at`, the moment a publication
 * or a public contribution went to the bin (null: not in the bin). They have no published flag
 * and no schedule: entered, they are on the page until binned.
 */
export const transparencyBinMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    for (const table of ['transparency_publications', 'public_contributions']) {
      await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    }
  },
};
