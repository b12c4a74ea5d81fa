import type { Kysely, Migration } from 'kysely';

/**
 * Who handled a sponsorship request in the back office, and when (ADR 013). The decision
 * itself is the existing `status` (received, approved, rejected).
 */
export const sponsorshipHandlingMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sponsorship_requests').addColumn('handled_at', 'text').execute();
    await db.schema.alterTable('sponsorship_requests').addColumn('handled_by', 'text').execute();
  },
};
