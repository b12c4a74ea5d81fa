import type { Kysely, Migration } from 'kysely';

/**
 * The secretariat's internal note on a sponsorship request (never shown to the requester) and
 * when the outcome e-mail went to the requester (ADR 013, dated paragraph 2026-11-23).
 */
export const sponsorshipNoteMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sponsorship_requests').addColumn('internal_note', 'text').execute();
    await db.schema
      .alterTable('sponsorship_requests')
      .addColumn('outcome_sent_at', 'text')
      .execute();
  },
};
