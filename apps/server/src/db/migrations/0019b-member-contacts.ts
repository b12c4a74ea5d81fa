import type { Kysely, Migration } from 'kysely';

/** ADR 030: the contact details a member keeps up to date in "Il mio profilo" (a phone). */
export const memberContactsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('member_contacts')
      .addColumn('member_id', 'integer', (c) =>
        c.primaryKey().references('members.id').onDelete('cascade'),
      )
      .addColumn('phone', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },
};
