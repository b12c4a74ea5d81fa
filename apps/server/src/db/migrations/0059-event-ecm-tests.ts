import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 057: an event's ECM learning test. Its settings and opening (one row per event), its
 * question bank (4 options as a JSON list, the right one's index, an order), and each
 * person's attempts: the questions and options as that person saw them (a snapshot, so an edit
 * of the bank never changes an attempt), the seed that shuffled them, the score once handed in.
 * One attempt per (registration, number): two "start" requests at once make one. The answers
 * one row per (attempt, position), saved as given. Plain statements on both engines.
 */
export function eventEcmTestsMigration(engine: DatabaseEngine): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  const withId = (db: Kysely<any>, name: string) => {
    const table = db.schema.createTable(name);
    return engine === 'sqlite'
      ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
  };
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('event_ecm_tests')
        .addColumn('event_id', 'integer', (c) => c.primaryKey().references('events.id'))
        .addColumn('questions_per_attempt', 'integer')
        .addColumn('closes_at', 'text')
        .addColumn('opened_at', 'text')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await withId(db, 'event_ecm_questions')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('options', 'text', (c) => c.notNull())
        .addColumn('correct', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_ecm_questions_by_event')
        .on('event_ecm_questions')
        .columns(['event_id', 'position'])
        .execute();
      await withId(db, 'event_ecm_attempts')
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('registration_id', 'integer', (c) =>
          c.notNull().references('event_registrations.id'),
        )
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        // [{ questionId, text, options: [4 texts as shown], correct: index as shown }]
        .addColumn('questions', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .addColumn('submitted_at', 'text')
        .addColumn('correct_count', 'integer')
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('passed', 'integer')
        .addUniqueConstraint('event_ecm_attempts_once', ['registration_id', 'number'])
        .execute();
      await db.schema
        .createIndex('event_ecm_attempts_by_event')
        .on('event_ecm_attempts')
        .columns(['event_id', 'registration_id'])
        .execute();
      await db.schema
        .createTable('event_ecm_answers')
        .addColumn('attempt_id', 'integer', (c) => c.notNull().references('event_ecm_attempts.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('choice', 'integer', (c) => c.notNull())
        .addColumn('answered_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('event_ecm_answers_pk', ['attempt_id', 'position'])
        .execute();
    },
  };
}
