import type { Kysely, Migration } from 'kysely';

/**
 * ADR 055: the facts a person who is not a member gave when opening an account for the events
 * (role `partecipante`): codice fiscale, profession, discipline, employer, and when they
 * accepted the privacy notice. One row per account, kept for the registration form to prefill
 * and updated by each registration. Plain statements on both engines.
 */
export function eventParticipantsMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_participants')
        .addColumn('member_id', 'integer', (c) => c.primaryKey().references('members.id'))
        .addColumn('fiscal_code', 'text', (c) => c.notNull())
        .addColumn('profession', 'text', (c) => c.notNull())
        .addColumn('discipline', 'text')
        .addColumn('employer', 'text')
        .addColumn('privacy_version', 'text', (c) => c.notNull())
        .addColumn('privacy_accepted_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
