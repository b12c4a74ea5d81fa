import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 058: the satisfaction questionnaire of an ECM event and the declaration of recruitment by
 * a sponsor, in two tables that share no key.
 *
 * - `event_ecm_questionnaire_completions`: who completed it and when, with the sponsor
 *   declaration (not anonymous: it goes into the Age.Na.S. report). The registration is the
 *   primary key: one completion per registration, whatever races.
 * - `event_ecm_questionnaire_answers`: the answers, anonymous (the manual's §9.12: acquired
 *   apart from the person's data). The event and the form's version only: no registration, no
 *   instant, no sequential id; the key is random, so neither its order nor its value says who
 *   or when. On SQLite the table is `WITHOUT ROWID`, clustered on that random key, so even the
 *   file's order of rows is unrelated to submission.
 */
export function eventEcmQuestionnaireMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_ecm_questionnaire_completions')
        .addColumn('registration_id', 'integer', (c) =>
          c.primaryKey().references('event_registrations.id'),
        )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('form_version', 'text', (c) => c.notNull())
        .addColumn('completed_at', 'text', (c) => c.notNull())
        // 1: recruited by a sponsor (`sponsor_name` says which company), 0: not.
        .addColumn('recruited', 'integer', (c) => c.notNull())
        .addColumn('sponsor_name', 'text')
        .execute();
      await db.schema
        .createIndex('event_ecm_questionnaire_completions_by_event')
        .on('event_ecm_questionnaire_completions')
        .columns(['event_id', 'registration_id'])
        .execute();
      const answers = db.schema
        .createTable('event_ecm_questionnaire_answers')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('response_key', 'text', (c) => c.notNull())
        .addColumn('form_version', 'text', (c) => c.notNull())
        // The answers as JSON: question key → option key, and the reasons given.
        .addColumn('answers', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_ecm_questionnaire_answers_pk', [
          'event_id',
          'response_key',
        ]);
      await (engine === 'sqlite' ? answers.modifyEnd(sql`without rowid`) : answers).execute();
    },
  };
}
