import { isValidEmail, MEMBER_ROLES, type MemberRole } from '@sodalis/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueue } from '../outbox/outbox.js';
import { hashLinkToken, newLinkToken } from '../../security/tokens.js';
import { parseCsv } from '../../text/csv.js';
import type { Clock } from '../../text/dates.js';
import { findMemberByEmail, insertMember, insertResetToken } from './repository.js';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: the back office
 * runs these rules inside its own transaction, with the audit entry (issue 10).
 */
async function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db as Transaction<Database>);
  return db.transaction().execute(work);
}

/** How long an invitation link stays valid. */
export const INVITATION_LIFETIME_HOURS = 72;

export interface MemberInput {
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
}

export interface ImportReport {
  created: string[];
  updated: string[];
  unchanged: string[];
  rejected: { line: number; reason: string }[];
}

export class MemberAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MemberAdminError';
  }
}

function checkedRole(value: string): MemberRole {
  const role = value.trim().toLowerCase();
  if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
    throw new MemberAdminError(`ruolo "${value}" non valido: usa ${MEMBER_ROLES.join(', ')}`);
  }
  return role as MemberRole;
}

function checkedMember(input: {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}): MemberInput {
  const email = input.email.trim().toLowerCase();
  if (!isValidEmail(email)) throw new MemberAdminError(`e-mail "${input.email}" non valida`);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (firstName === '' || lastName === '')
    throw new MemberAdminError('nome e cognome sono obbligatori');
  if (firstName.length > 100 || lastName.length > 100)
    throw new MemberAdminError('nome o cognome troppo lunghi');
  return { email, firstName, lastName, role: checkedRole(input.role) };
}

/**
 * Managing accounts (issue 6; the CLI now, the back office later): add, import from the
 * secretariat's CSV, disable, change role, invite. Accounts are created without a password:
 * the member sets one from the invitation link (`passwordChanged` stays false until then).
 */
export class MemberAdminService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      society: { acronym: string; publicBaseUrl: string };
    },
  ) {}

  async add(input: {
    email: string;
    firstName: string;
    lastName: string;
    role: string;
  }): Promise<MemberInput> {
    const member = checkedMember(input);
    if ((await findMemberByEmail(this.deps.db, member.email)) !== undefined) {
      throw new MemberAdminError(`esiste già un account ${member.email}`);
    }
    const now = this.deps.clock().toISOString();
    await insertMember(this.deps.db, member, now);
    return member;
  }

  /**
   * Imports `email, nome, cognome, ruolo` rows (header required, any column order). Idempotent:
   * a known e-mail is updated when something differs. With `apply: false` nothing is written
   * and the report says what would change.
   */
  async importCsv(text: string, options: { apply: boolean }): Promise<ImportReport> {
    const report: ImportReport = { created: [], updated: [], unchanged: [], rejected: [] };
    const rows = parseCsv(text);
    const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
    const column = (name: string) => header.indexOf(name);
    const missing = ['email', 'nome', 'cognome', 'ruolo'].filter((name) => column(name) === -1);
    if (missing.length > 0)
      throw new MemberAdminError(`intestazione mancante: ${missing.join(', ')}`);
    const seen = new Set<string>();
    const now = this.deps.clock().toISOString();
    await inTransaction(this.deps.db, async (trx) => {
      for (const [index, cells] of rows.slice(1).entries()) {
        const line = index + 2;
        let member: MemberInput;
        try {
          member = checkedMember({
            email: cells[column('email')] ?? '',
            firstName: cells[column('nome')] ?? '',
            lastName: cells[column('cognome')] ?? '',
            role: cells[column('ruolo')] ?? '',
          });
        } catch (error) {
          report.rejected.push({
            line,
            reason: error instanceof Error ? error.message : String(error),
          });
          continue;
        }
        if (seen.has(member.email)) {
          report.rejected.push({ line, reason: `${member.email} compare più volte nel file` });
          continue;
        }
        seen.add(member.email);
        const existing = await findMemberByEmail(trx, member.email);
        if (existing === undefined) {
          report.created.push(member.email);
          if (options.apply) {
            await insertMember(trx, member, now);
          }
        } else if (
          existing.first_name !== member.firstName ||
          existing.last_name !== member.lastName ||
          existing.role !== member.role
        ) {
          report.updated.push(member.email);
          if (options.apply) {
            await trx
              .updateTable('members')
              .set({
                first_name: member.firstName,
                last_name: member.lastName,
                role: member.role,
                updated_at: now,
              })
              .where('id', '=', existing.id)
              .execute();
          }
        } else {
          report.unchanged.push(member.email);
        }
      }
    });
    return report;
  }

  async setStatus(email: string, status: 'active' | 'disabled'): Promise<void> {
    await this.update(email, { status });
  }

  async changeRole(email: string, role: string): Promise<void> {
    await this.update(email, { role: checkedRole(role) });
  }

  /** Changes name, role and status of an account (the back office's edit form). */
  async edit(
    email: string,
    input: { firstName: string; lastName: string; role: string; status: 'active' | 'disabled' },
  ): Promise<void> {
    const member = checkedMember({ email, ...input });
    await this.update(member.email, {
      firstName: member.firstName,
      lastName: member.lastName,
      role: member.role,
      status: input.status,
    });
  }

  /** E-mails a link to choose a password (valid 72 hours) through the outbox. */
  async invite(email: string): Promise<void> {
    const { db, clock, society } = this.deps;
    const member = await findMemberByEmail(db, email);
    if (member === undefined)
      throw new MemberAdminError(`nessun account ${email.trim().toLowerCase()}`);
    if (member.status !== 'active')
      throw new MemberAdminError(`l'account ${member.email} è disattivato`);
    const now = clock();
    const token = newLinkToken();
    const link = `${society.publicBaseUrl}/area-riservata-resetpwd?${new URLSearchParams({ token, username: member.email })}`;
    await inTransaction(db, async (trx) => {
      await insertResetToken(trx, {
        memberId: member.id,
        tokenHash: hashLinkToken(token),
        purpose: 'first-login',
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_HOURS * 3_600_000).toISOString(),
        createdAt: now.toISOString(),
      });
      await enqueue(
        trx,
        'mail',
        {
          to: [member.email],
          subject: `${society.acronym} – Il tuo accesso all’area riservata`,
          text: [
            `Gentile ${member.first_name} ${member.last_name},`,
            '',
            `è attivo il tuo account nell’area riservata ${society.acronym}: username ${member.email}.`,
            `Per scegliere la tua password apri questo collegamento entro ${INVITATION_LIFETIME_HOURS} ore:`,
            '',
            link,
            '',
            `La segreteria ${society.acronym}`,
          ].join('\n'),
        },
        now,
      );
    });
  }

  private async update(
    email: string,
    values: {
      status?: 'active' | 'disabled';
      role?: MemberRole;
      firstName?: string;
      lastName?: string;
    },
  ): Promise<void> {
    const { firstName, lastName, ...rest } = values;
    const now = this.deps.clock();
    // A new role ends the account's sessions (JWT times are whole seconds): its tokens carry the
    // old role, and a staff session must not outlive STAFF_SESSION_MINUTES on a member's token.
    const sessionsEnd = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString();
    const result = await this.deps.db
      .updateTable('members')
      .set({
        ...rest,
        ...(firstName === undefined ? {} : { first_name: firstName }),
        ...(lastName === undefined ? {} : { last_name: lastName }),
        ...(values.role === undefined
          ? {}
          : {
              sessions_valid_after: sql<
                string | null
              >`case when role <> ${values.role} then ${sessionsEnd} else sessions_valid_after end`,
            }),
        updated_at: now.toISOString(),
      })
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0)
      throw new MemberAdminError(`nessun account ${email.trim().toLowerCase()}`);
  }
}
