import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

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
