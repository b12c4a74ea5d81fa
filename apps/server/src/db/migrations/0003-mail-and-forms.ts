import type { Kysely, Migration } from 'kysely';

/**
 * ADR 008: what the newsletter's double opt-in and the sponsorship form need beyond 0001.
 * - newsletter_subscriptions: when the last confirmation e-mail was sent (links expire, and a
 *   repeated signup does not mail the same address over and over); MailUp's recipient id once
 *   the address has been forwarded (to unsubscribe it there too).
 * - sponsorship_requests: a fingerprint of the content, so a double submission within minutes
 *   is stored once.
 */
export const mailAndFormsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('newsletter_subscriptions')
      .addColumn('confirmation_sent_at', 'text')
      .execute();
    await db.schema
      .alterTable('newsletter_subscriptions')
      .addColumn('mailup_recipient_id', 'text')
      .execute();
    await db.schema.alterTable('sponsorship_requests').addColumn('fingerprint', 'text').execute();
    await db.schema
      .createIndex('sponsorship_requests_by_fingerprint')
      .on('sponsorship_requests')
      .columns(['fingerprint', 'created_at'])
      .execute();
  },
};
