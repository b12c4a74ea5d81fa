import { DUES_ROLES, type AdminMemberListQuery, type MemberFeeStatus } from '@sodalis/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { MemberRole } from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { sortColumnOf } from '../listing/id-page.js';
import { versionQueries } from '../listing/version-queries.js';
import type { Executor } from '../../db/schema.js';

/**
 * Every query of the accounts tables: members, reset tokens, two-factor secrets and recovery
 * codes. Services own the transactions and pass their handle here.
 */

// ---------------------------------------------------------------------------------------------
// Members

export async function findMemberByEmail(db: Executor, email: string) {
  return db
    .selectFrom('members')
    .selectAll()
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

/** The roles of the accounts with these e-mails (those that exist). */
export async function rolesOfEmails(db: Executor, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('role')
    .distinct()
    .where(
      'email',
      'in',
      emails.map((email) => email.trim().toLowerCase()),
    )
    .execute();
  return rows.map((row) => row.role);
}

export async function findMemberById(db: Executor, id: number) {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMemberById>>>;

/** A new active account without a password: the member chooses one from an invitation. */
export async function insertMember(
  db: Executor,
  member: { email: string; firstName: string; lastName: string; role: MemberRole },
  now: string,
): Promise<number> {
  const id = await insertMemberOnce(db, member, now);
  // Callers look the e-mail up first: a clash here is a request racing them.
  if (id === undefined) throw new Error(`esiste già un account ${member.email}`);
  return id;
}

/**
 * A new account without a password, unless the e-mail already has one: the unique e-mail decides
 * between two requests at once (a public form, ADR 055); undefined when it existed.
 */
export async function insertMemberOnce(
  db: Executor,
  member: { email: string; firstName: string; lastName: string; role: MemberRole },
  now: string,
): Promise<number | undefined> {
  const row = await db
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
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Every account's id, e-mail, names and role (the register import matches on them). */
export async function allMemberIdentities(db: Executor) {
  return db
    .selectFrom('members')
    .select(['id', 'email', 'first_name', 'last_name', 'role'])
    .execute();
}

/** The names on an account, as the secretariat corrects them on the member's position. */
export async function updateMemberNames(
  db: Executor,
  id: number,
  names: { firstName: string; lastName: string },
  now: string,
) {
  await db
    .updateTable('members')
    .set({ first_name: names.firstName, last_name: names.lastName, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The accounts' versions (ADR 041): a staff save over a newer one is refused. */
export const memberVersions = versionQueries('members');

/** Name and role as the secretariat's CSV has them (the import). */
export async function updateMemberDetails(
  db: Executor,
  id: number,
  details: { firstName: string; lastName: string; role: MemberRole },
  now: string,
) {
  await db
    .updateTable('members')
    .set({
      first_name: details.firstName,
      last_name: details.lastName,
      role: details.role,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** What an edit of an account may change; what is left out stays as it is. */
export interface MemberChanges {
  status?: 'active' | 'disabled';
  role?: MemberRole;
  firstName?: string;
  lastName?: string;
}

/** Changes the account with this e-mail. Answers whether an account was changed. */
export async function updateMemberByEmail(
  db: Executor,
  email: string,
  values: MemberChanges,
  now: string,
): Promise<boolean> {
  const { firstName, lastName, ...rest } = values;
  const result = await db
    .updateTable('members')
    .set({
      ...rest,
      ...(firstName === undefined ? {} : { first_name: firstName }),
      ...(lastName === undefined ? {} : { last_name: lastName }),
      updated_at: now,
    })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A new password, marked chosen (the caller ends the sessions, ADR 021). */
export async function setMemberPassword(
  db: Executor,
  memberId: number,
  values: { passwordHash: string; now: string },
) {
  await db
    .updateTable('members')
    .set({ password_hash: values.passwordHash, password_changed: 1, updated_at: values.now })
    .where('id', '=', memberId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Sessions (ADR 021)

/** Records a new session; sessions past their expiry (anyone's) go at the same time. */
export async function insertSession(
  db: Executor,
  session: { id: string; memberId: number; createdAt: string; expiresAt: string },
) {
  await db.deleteFrom('member_sessions').where('expires_at', '<=', session.createdAt).execute();
  await db
    .insertInto('member_sessions')
    .values({
      id: session.id,
      member_id: session.memberId,
      created_at: session.createdAt,
      expires_at: session.expiresAt,
    })
    .execute();
}

/**
 * The member of a live session: the session's row exists, is not past its expiry and belongs to
 * `memberId` (one primary-key lookup joined to the account, on every authenticated call).
 */
export async function findMemberOfSession(
  db: Executor,
  session: { id: string; memberId: number; now: string },
) {
  return db
    .selectFrom('member_sessions')
    .innerJoin('members', 'members.id', 'member_sessions.member_id')
    .selectAll('members')
    .where('member_sessions.id', '=', session.id)
    .where('member_sessions.member_id', '=', session.memberId)
    .where('member_sessions.expires_at', '>', session.now)
    .executeTakeFirst();
}

/** Ends one session (signing out). */
export async function deleteSession(db: Executor, sessionId: string) {
  await db.deleteFrom('member_sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of the member, but `keep` when given (the one that made the change). */
export async function deleteMemberSessions(db: Executor, memberId: number, keep?: string) {
  let query = db.deleteFrom('member_sessions').where('member_id', '=', memberId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

// ---------------------------------------------------------------------------------------------
// Members in the back office, with the year's fee from the payments ledger

const MEMBER_SORTS: Record<
  string,
  'email' | 'last_name' | 'role' | 'status' | 'created_at' | 'id'
> = {
  email: 'email',
  lastName: 'last_name',
  role: 'role',
  status: 'status',
  createdAt: 'created_at',
  id: 'id',
};

/**
 * The member's fee for `year` from the payments ledger (contracts `MEMBER_FEE_STATUSES`): a
 * payment counts when it was made signed in to the account or PayPal's payer address is the
 * account's e-mail. Correlated with the outer `members` row.
 */
function feeStatusOf(year: number): RawBuilder<MemberFeeStatus> {
  const paymentsOfMember = (statuses: string[]) =>
    sql`exists (select 1 from payments where payments.year = ${year} and payments.status in (${sql.join(
      statuses,
    )}) and (payments.member_id = members.id or lower(payments.payer_email) = members.email))`;
  return sql<MemberFeeStatus>`(case when ${paymentsOfMember(['verified'])} then 'paid' when ${paymentsOfMember(['reported', 'flagged'])} then 'toVerify' else 'unpaid' end)`;
}

function filteredMembers(db: Executor, query: AdminMemberListQuery, feeYear: number) {
  let builder = db.selectFrom('members');
  const search = anyColumnContains(
    [
      'email',
      sql<string>`first_name || ' ' || last_name`,
      sql<string>`last_name || ' ' || first_name`,
    ],
    query.q,
  );
  if (search !== null) builder = builder.where(search);
  if (query.role !== undefined) builder = builder.where('role', '=', query.role);
  if (query.status !== undefined) builder = builder.where('status', '=', query.status);
  if (query.feeStatus !== undefined) {
    // Staff and events' participants pay no fee: a reminder list from this filter must not name them.
    builder = builder
      .where('role', 'in', DUES_ROLES)
      .where(feeStatusOf(feeYear), '=', query.feeStatus);
  }
  return builder;
}

/** Accounts matching the filters, with their fee of `feeYear`. */
function membersWithFee(db: Executor, query: AdminMemberListQuery, feeYear: number) {
  return filteredMembers(db, query, feeYear)
    .selectAll('members')
    .select(feeStatusOf(feeYear).as('fee_status'));
}

export type MemberWithFeeRow = MemberRow & { fee_status: MemberFeeStatus };

/** One numbered page of accounts in the chosen order, id last, and how many match. */
export async function listMembersWithFee(
  db: Executor,
  query: AdminMemberListQuery,
  feeYear: number,
): Promise<{ rows: MemberWithFeeRow[]; total: number }> {
  const column = sortColumnOf(MEMBER_SORTS, query.sort) ?? 'last_name';
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  const [rows, count] = await Promise.all([
    membersWithFee(db, query, feeYear)
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    filteredMembers(db, query, feeYear)
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every account matching the filters by name (the export), with their fee of `feeYear`. */
export async function allMembersWithFee(
  db: Executor,
  query: AdminMemberListQuery,
  feeYear: number,
): Promise<MemberWithFeeRow[]> {
  return membersWithFee(db, query, feeYear)
    .orderBy('last_name')
    .orderBy('first_name')
    .orderBy('id')
    .execute();
}

export async function findMemberWithFee(
  db: Executor,
  id: number,
  feeYear: number,
): Promise<MemberWithFeeRow | undefined> {
  return db
    .selectFrom('members')
    .selectAll('members')
    .select(feeStatusOf(feeYear).as('fee_status'))
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Reset tokens

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

/**
 * Uses up one token if it is still unused and unexpired, in one conditional update: of parallel
 * requests with the same token exactly one gets true (ADR 021).
 */
export async function consumeResetToken(
  db: Executor,
  tokenId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('reset_tokens')
    .set({ used_at: now })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (ADR 017)

export async function findTwoFactor(db: Executor, memberId: number) {
  return db
    .selectFrom('member_two_factor')
    .selectAll()
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function countUnusedRecoveryCodes(db: Executor, memberId: number): Promise<number> {
  const { left } = await db
    .selectFrom('member_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('left'))
    .where('member_id', '=', memberId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left);
}

/**
 * Stores a new unconfirmed secret, replacing an unconfirmed one; never the secret of two-factor
 * already on (a confirmation may have just landed). Answers whether it was stored.
 */
export async function startTwoFactor(
  db: Executor,
  memberId: number,
  sealedSecret: string,
  now: string,
): Promise<boolean> {
  const started = await db
    .insertInto('member_two_factor')
    .values({
      member_id: memberId,
      secret_encrypted: sealedSecret,
      enabled_at: null,
      last_used_step: null,
      created_at: now,
    })
    .onConflict((conflict) =>
      conflict
        .column('member_id')
        .doUpdateSet({ secret_encrypted: sealedSecret, last_used_step: null, created_at: now })
        .where('member_two_factor.enabled_at', 'is', null),
    )
    .executeTakeFirst();
  return Number(started.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Turns a pending secret on with its first accepted step; false when it was already on. */
export async function enableTwoFactor(
  db: Executor,
  memberId: number,
  step: number,
  now: string,
): Promise<boolean> {
  const enabled = await db
    .updateTable('member_two_factor')
    .set({ enabled_at: now, last_used_step: step })
    .where('member_id', '=', memberId)
    .where('enabled_at', 'is', null)
    .executeTakeFirst();
  return Number(enabled.numUpdatedRows) === 1;
}

/** The member's recovery codes become these (hashed) ones. */
export async function replaceRecoveryCodes(
  db: Executor,
  memberId: number,
  codeHashes: string[],
  now: string,
) {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await db
    .insertInto('member_recovery_codes')
    .values(
      codeHashes.map((codeHash) => ({
        member_id: memberId,
        code_hash: codeHash,
        used_at: null,
        created_at: now,
      })),
    )
    .execute();
}

/** Removes the member's two-factor secret and recovery codes. */
export async function deleteTwoFactor(db: Executor, memberId: number) {
  await db.deleteFrom('member_recovery_codes').where('member_id', '=', memberId).execute();
  await db.deleteFrom('member_two_factor').where('member_id', '=', memberId).execute();
}

/**
 * Records an accepted TOTP step when it is later than the last one, in one conditional update
 * so two requests with the same code cannot both pass. Answers whether it was recorded.
 */
export async function recordTotpStep(
  db: Executor,
  memberId: number,
  step: number,
): Promise<boolean> {
  const result = await db
    .updateTable('member_two_factor')
    .set({ last_used_step: step })
    .where('member_id', '=', memberId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Uses up an unused recovery code (one conditional update: a code works once). */
export async function useRecoveryCode(
  db: Executor,
  memberId: number,
  codeHash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('member_recovery_codes')
    .set({ used_at: now })
    .where('member_id', '=', memberId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
