import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 061: each person's choices of the categories of the society's mail. A member's choice is
 * keyed by member and category (one row each, the primary key: a choice is made once and
 * changed in place); an address's (a newsletter subscriber, or any address a message reached
 * that is no member's) by lower-cased e-mail and category. Every change is also kept in the
 * history with its channel (profile, link, staff) and, for the staff, the reason. Plain
 * statements on both engines.
 */
export function communicationChoicesMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('communication_choices')
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('subscribed', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('communication_choices_pk', ['member_id', 'category'])
        .execute();
      await db.schema
        .createTable('communication_address_choices')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('subscribed', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('communication_address_choices_pk', ['email', 'category'])
        .execute();
      const history = db.schema.createTable('communication_choice_history');
      await (
        engine === 'sqlite'
          ? history.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : history.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        // One of the two: the member's, or the address's when it is no member's.
        .addColumn('member_id', 'integer', (c) => c.references('members.id'))
        .addColumn('email', 'text')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('subscribed', 'integer', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('changed_by', 'integer', (c) => c.references('members.id'))
        .addColumn('changed_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('communication_choice_history_by_member')
        .on('communication_choice_history')
        .columns(['member_id', 'id'])
        .execute();
    },
  };
}
