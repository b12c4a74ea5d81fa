import type { Executor } from '../../../db/schema.js';

/** Every query of `event_participants` (migration 0056, ADR 055). */

export interface ParticipantFacts {
  fiscal_code: string;
  profession: string;
  discipline: string | null;
  /** The national codes and the employment status (migration 0061, ADR 059). */
  profession_code: number | null;
  discipline_code: number | null;
  employment: string | null;
  profession_to_check: number;
  employer: string | null;
}

/** The facts an events' account gave, or undefined for any other account. */
export async function findParticipant(db: Executor, memberId: number) {
  return db
    .selectFrom('event_participants')
    .select([
      'fiscal_code',
      'profession',
      'discipline',
      'profession_code',
      'discipline_code',
      'employment',
      'profession_to_check',
      'employer',
    ])
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
 * the form does not erase what the account holds); a profession chosen replaces the profession's
 * words, codes and discipline together (ADR 059).
 */
export async function updateParticipantFacts(
  db: Executor,
  memberId: number,
  facts: {
    fiscal_code: string | null;
    employer: string | null;
    employment: string | null;
    profession: {
      profession: string;
      discipline: string | null;
      profession_code: number | null;
      discipline_code: number | null;
    } | null;
  },
  now: string,
): Promise<void> {
  const given: Partial<ParticipantFacts> = {
    ...(facts.fiscal_code === null ? {} : { fiscal_code: facts.fiscal_code }),
    ...(facts.employer === null ? {} : { employer: facts.employer }),
    ...(facts.employment === null ? {} : { employment: facts.employment }),
    ...(facts.profession === null ? {} : { ...facts.profession, profession_to_check: 0 }),
  };
  if (Object.keys(given).length === 0) return;
  await db
    .updateTable('event_participants')
    .set({ ...given, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}
