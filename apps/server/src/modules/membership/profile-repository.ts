import type { Executor, MembershipsTable } from '../../db/schema.js';

/** The queries of "Il mio profilo" (ADR 030): contacts, work data, consents. */

export async function findMemberPhone(db: Executor, memberId: number): Promise<string | null> {
  const row = await db
    .selectFrom('member_contacts')
    .select('phone')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.phone ?? null;
}

export async function saveMemberPhone(
  db: Executor,
  memberId: number,
  phone: string | null,
  now: string,
): Promise<void> {
  await db
    .insertInto('member_contacts')
    .values({ member_id: memberId, phone, updated_at: now })
    .onConflict((conflict) => conflict.column('member_id').doUpdateSet({ phone, updated_at: now }))
    .execute();
}

export async function updateMembershipWork(
  db: Executor,
  memberId: number,
  work: Pick<MembershipsTable, 'qualification' | 'workplace' | 'centre' | 'region'>,
  now: string,
): Promise<void> {
  await db
    .updateTable('memberships')
    .set({ ...work, updated_at: now })
    .where('member_id', '=', memberId)
    .execute();
}

/** The privacy consents of the member's approved applications, oldest first. */
export async function consentsOf(db: Executor, memberId: number) {
  return db
    .selectFrom('membership_applications')
    .select(['privacy_text_version', 'privacy_accepted_at'])
    .where('member_id', '=', memberId)
    .orderBy('privacy_accepted_at')
    .execute();
}
