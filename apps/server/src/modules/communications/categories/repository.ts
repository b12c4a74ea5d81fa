import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/schema.js';
import type {
  CommunicationAddressChoicesTable,
  CommunicationChoiceHistoryTable,
  CommunicationChoicesTable,
} from './tables.js';

/** The choices' SQL (ADR 061). */

export type ChoiceRow = Selectable<CommunicationChoicesTable>;
export type AddressChoiceRow = Selectable<CommunicationAddressChoicesTable>;
export type HistoryRow = Selectable<CommunicationChoiceHistoryTable>;

/** Longest list of ids in one `in (…)`: well under both engines' limits on bound values. */
const IDS_PER_QUERY = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += IDS_PER_QUERY) {
    out.push(items.slice(start, start + IDS_PER_QUERY));
  }
  return out;
}

export async function memberChoices(db: Executor, memberId: number): Promise<ChoiceRow[]> {
  return db
    .selectFrom('communication_choices')
    .selectAll()
    .where('member_id', '=', memberId)
    .execute();
}

export async function addressChoices(db: Executor, email: string): Promise<AddressChoiceRow[]> {
  return db
    .selectFrom('communication_address_choices')
    .selectAll()
    .where('email', '=', email)
    .execute();
}

/** The members' choices of one category, for many members at once. */
export async function membersChoicesOf(
  db: Executor,
  memberIds: readonly number[],
  category: string,
): Promise<{ member_id: number; subscribed: number }[]> {
  const rows: { member_id: number; subscribed: number }[] = [];
  for (const ids of chunks(memberIds)) {
    rows.push(
      ...(await db
        .selectFrom('communication_choices')
        .select(['member_id', 'subscribed'])
        .where('category', '=', category)
        .where('member_id', 'in', ids)
        .execute()),
    );
  }
  return rows;
}

/** Members (of `memberIds`) whose current address left `category` by an address's link. */
export async function membersWithAddressOptOut(
  db: Executor,
  memberIds: readonly number[],
  category: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(memberIds)) {
    const rows = await db
      .selectFrom('members')
      .innerJoin('communication_address_choices as choice', 'choice.email', 'members.email')
      .select('members.id')
      .where('choice.category', '=', category)
      .where('choice.subscribed', '=', 0)
      .where('members.id', 'in', chunk)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/** The addresses (of `emails`, lower-cased) with a choice of `category`. */
export async function addressesChoicesOf(
  db: Executor,
  emails: readonly string[],
  category: string,
): Promise<{ email: string; subscribed: number }[]> {
  const rows: { email: string; subscribed: number }[] = [];
  for (const chunk of chunks(emails)) {
    rows.push(
      ...(await db
        .selectFrom('communication_address_choices')
        .select(['email', 'subscribed'])
        .where('category', '=', category)
        .where('email', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** The member with this (lower-cased) address, if any. */
export async function memberIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  return row?.id;
}

export async function memberExists(db: Executor, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('id')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function memberEmail(db: Executor, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('members')
    .select('email')
    .where('id', '=', memberId)
    .executeTakeFirst();
  return row?.email;
}

export async function subscriptionEmail(
  db: Executor,
  subscriptionId: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select('email')
    .where('id', '=', subscriptionId)
    .executeTakeFirst();
  return row?.email;
}

/**
 * Writes a member's choice: the one row per member and category (the primary key), inserted or
 * changed in place in one statement, so two parallel changes leave one row.
 */
export async function upsertMemberChoice(db: Executor, row: ChoiceRow): Promise<void> {
  await db
    .insertInto('communication_choices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['member_id', 'category']).doUpdateSet({
        subscribed: row.subscribed,
        channel: row.channel,
        changed_at: row.changed_at,
      }),
    )
    .execute();
}

export async function upsertAddressChoice(db: Executor, row: AddressChoiceRow): Promise<void> {
  await db
    .insertInto('communication_address_choices')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['email', 'category']).doUpdateSet({
        subscribed: row.subscribed,
        channel: row.channel,
        changed_at: row.changed_at,
      }),
    )
    .execute();
}

export async function insertHistory(db: Executor, row: Omit<HistoryRow, 'id'>): Promise<void> {
  await db.insertInto('communication_choice_history').values(row).execute();
}

export async function memberHistory(db: Executor, memberId: number): Promise<HistoryRow[]> {
  return db
    .selectFrom('communication_choice_history')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

export async function addressHistory(db: Executor, email: string): Promise<HistoryRow[]> {
  return db
    .selectFrom('communication_choice_history')
    .selectAll()
    .where('email', '=', email)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}
