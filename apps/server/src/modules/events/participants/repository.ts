import type { Executor } from '../../../db/schema.js';

/** Every query of `event_participants` (migration 0056, ADR 055). */

export interface ParticipantFacts {
  fiscal_code: string;
  profession: string;
  discipline: string | null;
  employer: string | null;
}

/** The facts an events' account gave, or undefined for any other account. */
export async function findParticipant(db: Executor, memberId: number) {
  return db
    .selectFrom('event_participants')
    .select(['fiscal_code', 'profession', 'discipline', 'employer'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

/** The facts of a new events' account, with the privacy notice accepted. */
export async function insertParticipant(
  db: Executor,
  memberId: number,
  facts: ParticipantFacts & { privacy_version: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('event_participants')
    .values({
      member_id: memberId,
      ...facts,
      privacy_accepted_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

/**
 * The facts a registration carried, kept for the next form: only those given (a blank field of
 * the form does not erase what the account holds).
 */
export async function updateParticipantFacts(
  db: Executor,
  memberId: number,
  facts: { [K in keyof ParticipantFacts]: ParticipantFacts[K] | null },
  now: string,
): Promise<void> {
  const given = Object.fromEntries(
    Object.entries(facts).filter(([, value]) => value !== null && value !== ''),
  ) as Partial<ParticipantFacts>;
  if (Object.keys(given).length === 0) return;
  await db
    .updateTable('event_participants')
    .set({ ...given, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}
