import {
  isValidEmail,
  MEMBER_ROLES,
  type AdminMemberImportReport,
  type MemberRole,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { enqueue } from '../outbox/outbox.js';
import { parseCsv } from '../../text/csv.js';
import type { Clock } from '../../text/dates.js';
import { issueResetToken, resetPasswordLink } from './credentials.js';
import {
  deleteMemberSessions,
  findMemberByEmail,
  insertMember,
  updateMemberByEmail,
  updateMemberDetails,
  type MemberChanges,
} from './repository.js';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: the back office
 * runs these rules inside its own transaction, with the audit entry (ADR 013).
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

/** What an import did or, in a preview, would do (the back office adds whether it applied). */
export type ImportReport = Omit<AdminMemberImportReport, 'applied'>;

export class MemberRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MemberRuleError';
  }
}

function checkedRole(value: string): MemberRole {
  const role = value.trim().toLowerCase();
  if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
    throw new MemberRuleError(`ruolo "${value}" non valido: usa ${MEMBER_ROLES.join(', ')}`);
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
  if (!isValidEmail(email)) throw new MemberRuleError(`e-mail "${input.email}" non valida`);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (firstName === '' || lastName === '')
    throw new MemberRuleError('nome e cognome sono obbligatori');
  if (firstName.length > 100 || lastName.length > 100)
    throw new MemberRuleError('nome o cognome troppo lunghi');
  return { email, firstName, lastName, role: checkedRole(input.role) };
}

/**
 * Managing accounts (ADR 010; the CLI and the back office): add, import from the
 * secretariat's CSV, disable, change role, invite. Accounts are created without a password:
 * the member sets one from the invitation link (`passwordChanged` stays false until then).
 */
export class MembersService {
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
      throw new MemberRuleError(`esiste già un account ${member.email}`);
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
    const report: ImportReport = {
      rows: [],
      created: [],
      updated: [],
      unchanged: [],
      rejected: [],
    };
    const rows = parseCsv(text);
    const header = (rows[0] ?? []).map((cell) => cell.trim().toLowerCase());
    const column = (name: string) => header.indexOf(name);
    const missing = ['email', 'nome', 'cognome', 'ruolo'].filter((name) => column(name) === -1);
    if (missing.length > 0)
      throw new MemberRuleError(`intestazione mancante: ${missing.join(', ')}`);
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
        const row = { line, ...member };
        if (existing === undefined) {
          report.rows.push({ ...row, outcome: 'crea' });
          report.created.push(member.email);
          if (options.apply) {
            await insertMember(trx, member, now);
          }
        } else if (
          existing.first_name !== member.firstName ||
          existing.last_name !== member.lastName ||
          existing.role !== member.role
        ) {
          report.rows.push({ ...row, outcome: 'aggiorna' });
          report.updated.push(member.email);
          if (options.apply) {
            await updateMemberDetails(trx, existing.id, member, now);
            // A new role ends the account's sessions, as from the edit form (ADR 021).
            if (existing.role !== member.role) await deleteMemberSessions(trx, existing.id);
          }
        } else {
          report.rows.push({ ...row, outcome: 'invariato' });
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
      throw new MemberRuleError(`nessun account ${email.trim().toLowerCase()}`);
    if (member.status !== 'active')
      throw new MemberRuleError(`l'account ${member.email} è disattivato`);
    const now = clock();
    await inTransaction(db, async (trx) => {
      const token = await issueResetToken(trx, {
        memberId: member.id,
        purpose: 'first-login',
        now,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_HOURS * 3_600_000),
      });
      const link = resetPasswordLink(society.publicBaseUrl, token, member.email);
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

  private async update(email: string, values: MemberChanges): Promise<void> {
    const now = this.deps.clock().toISOString();
    await inTransaction(this.deps.db, async (trx) => {
      const before = await findMemberByEmail(trx, email);
      if (before === undefined || !(await updateMemberByEmail(trx, email, values, now)))
        throw new MemberRuleError(`nessun account ${email.trim().toLowerCase()}`);
      // Disabling ends the account's sessions, so re-enabling it revives no token; a new role
      // ends them too: tokens carry the role, and a staff session must not outlive
      // STAFF_SESSION_MINUTES on a member's token (ADR 017, ADR 021).
      if (
        values.status === 'disabled' ||
        (values.role !== undefined && values.role !== before.role)
      ) {
        await deleteMemberSessions(trx, before.id);
      }
    });
  }
}
