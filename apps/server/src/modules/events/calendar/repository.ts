import type { Executor } from '../../../db/schema.js';

/*
 * Every query of the private calendars' secrets (migration 0051, ADR 052).
 */

/** The account's calendar secret, or undefined before its first use. */
export async function calendarTokenOf(db: Executor, memberId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('event_calendar_feeds')
    .select('token')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.token;
}

/** Gives the account its first secret; a secret it has already is kept (two tabs at once). */
export async function addCalendarToken(
  db: Executor,
  memberId: number,
  token: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('event_calendar_feeds')
    .values({ member_id: memberId, token, created_at: now })
    .onConflict((conflict) => conflict.column('member_id').doNothing())
    .execute();
}

/** Replaces the account's secret (or gives it one): the old address stops working. */
export async function replaceCalendarToken(
  db: Executor,
  memberId: number,
  token: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('event_calendar_feeds')
    .values({ member_id: memberId, token, created_at: now })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ token, created_at: now }))
    .execute();
}

/** The active account a secret belongs to, or undefined. */
export async function memberOfCalendarToken(
  db: Executor,
  token: string,
): Promise<number | undefined> {
  const row = await db
    .selectFrom('event_calendar_feeds as f')
    .innerJoin('members as m', 'm.id', 'f.member_id')
    .select('f.member_id')
    .where('f.token', '=', token)
    .where('m.status', '=', 'active')
    .executeTakeFirst();
  return row?.member_id;
}
