import type { Kysely, Transaction } from 'kysely';
import type { Database, MemberRole } from '../../db/schema.js';

type Executor = Kysely<Database> | Transaction<Database>;

export async function findMemberByEmail(db: Executor, email: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findMemberById(db: Executor, id: number) {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A new active account without a password: the member chooses one from an invitation. */
export async function insertMember(
  db: Executor,
  member: { email: string; firstName: string; lastName: string; role: MemberRole },
  now: string,
) {
  await db
    .insertInto('members')
    .values({
      email: member.email,
      first_name: member.firstName,
      last_name: member.lastName,
      role: member.role,
      status: 'active',
      password_hash: null,
      password_changed: 0,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function insertResetToken(
  db: Executor,
  token: {
    memberId: number;
    tokenHash: string;
    purpose: 'reset' | 'first-login';
    expiresAt: string;
    createdAt: string;
  },
) {
  await db
    .insertInto('reset_tokens')
    .values({
      member_id: token.memberId,
      token_hash: token.tokenHash,
      purpose: token.purpose,
      expires_at: token.expiresAt,
      used_at: null,
      created_at: token.createdAt,
    })
    .execute();
}

/** A usable token of this member: not used, not expired. */
export async function findUsableResetToken(
  db: Executor,
  memberId: number,
  tokenHash: string,
  now: string,
) {
  return db
    .selectFrom('reset_tokens')
    .select(['id', 'purpose'])
    .where('member_id', '=', memberId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses up every open token of the member (the one just used and any older ones). */
export async function useUpResetTokens(db: Executor, memberId: number, now: string) {
  await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .execute();
}
