import type { AdminListQuery, AdminNewsletterSubscriber } from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NewsletterSubscriptionsTable } from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { BY_CREATION_TIME, rowsPage } from '../listing/id-page.js';
import type { Executor } from '../../db/schema.js';

export type SubscriptionRow = Selectable<NewsletterSubscriptionsTable>;

/** The columns that name one subscription each (unique in the table). */
type SubscriptionKey = 'id' | 'email' | 'confirm_token_hash' | 'unsubscribe_token_hash';

/** The subscription whose `column` is `value` (an address, or the hash of a link's token). */
export function findSubscription(
  db: Executor,
  column: SubscriptionKey,
  value: SubscriptionRow[SubscriptionKey],
): Promise<SubscriptionRow | undefined> {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where(column, '=', value)
    .executeTakeFirst();
}

export interface PendingValues {
  email: string;
  confirmHash: string;
  unsubscribeHash: string;
  consentTextVersion: string;
  consentIp: string | null;
  now: string;
}

/** A subscription waiting for its confirmation: new links, the consent record, mailed now. */
function pendingColumns(values: PendingValues) {
  return {
    status: 'pending',
    confirm_token_hash: values.confirmHash,
    unsubscribe_token_hash: values.unsubscribeHash,
    consent_at: values.now,
    consent_text_version: values.consentTextVersion,
    consent_ip: values.consentIp,
    confirmed_at: null,
    updated_at: values.now,
    confirmation_sent_at: values.now,
  } as const;
}

/** A new pending subscription; undefined when the address was inserted meanwhile. */
export async function insertPending(db: Executor, values: PendingValues): Promise<number | null> {
  const row = await db
    .insertInto('newsletter_subscriptions')
    .values({
      ...pendingColumns(values),
      email: values.email,
      unsubscribed_at: null,
      created_at: values.now,
    })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * A pending or withdrawn subscription asked for again: new links and a new consent record.
 * Conditional on the state read, so two simultaneous requests send one e-mail.
 */
export async function renewPending(
  db: Executor,
  id: number,
  seenUpdatedAt: string,
  values: PendingValues,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set(pendingColumns(values))
    .where('id', '=', id)
    .where('updated_at', '=', seenUpdatedAt)
    .where('status', '!=', 'confirmed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markConfirmed(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({ status: 'confirmed', confirmed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markUnsubscribed(
  db: Executor,
  id: number,
  fromStatus: SubscriptionRow['status'],
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({ status: 'unsubscribed', unsubscribed_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The MailUp recipient of a forwarded address, or null once withdrawn there (ADR 008). */
export async function setMailUpRecipient(
  db: Executor,
  id: number,
  recipientId: SubscriptionRow['mailup_recipient_id'],
): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ mailup_recipient_id: recipientId })
    .where('id', '=', id)
    .execute();
}

export interface SubscriberFilter {
  q?: string | undefined;
  status?: AdminNewsletterSubscriber['status'] | undefined;
}

/** Subscriptions whose address contains `q`, of one status if given. */
function filteredSubscriptions(db: Kysely<Database>, filter: SubscriberFilter) {
  let builder = db.selectFrom('newsletter_subscriptions');
  const search = anyColumnContains(['email'], filter.q);
  if (search !== null) builder = builder.where(search);
  if (filter.status !== undefined) builder = builder.where('status', '=', filter.status);
  return builder;
}

/** One page of subscriptions, newest first unless `order` says otherwise, with the total. */
export async function subscriptionPage(
  db: Kysely<Database>,
  query: AdminListQuery & SubscriberFilter,
): Promise<{ rows: SubscriptionRow[]; total: number }> {
  return rowsPage(filteredSubscriptions(db, query), query, BY_CREATION_TIME, (ids) =>
    db.selectFrom('newsletter_subscriptions').selectAll().where('id', 'in', ids).execute(),
  );
}

/** Every subscription of the filter, by address (the export). */
export function allSubscriptions(
  db: Kysely<Database>,
  filter: SubscriberFilter,
): Promise<SubscriptionRow[]> {
  return filteredSubscriptions(db, filter).selectAll().orderBy('email').execute();
}
