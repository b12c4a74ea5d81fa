import type { Kysely, Migration } from 'kysely';

/**
 * Scheduled work claimed per run (ADR 033): one row per job and time slot, written by the one
 * instance that runs it; the others find the row and skip that slot.
 */
export const scheduledRunsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('scheduled_runs')
      .addColumn('job', 'text', (c) => c.notNull())
      .addColumn('slot', 'text', (c) => c.notNull())
      .addColumn('claimed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('scheduled_runs_pk', ['job', 'slot'])
      .execute();
  },
};
