import {
  owesDues,
  MEMBER_FEE_STATUS_LABELS,
  AdminMemberUpdateSchema,
  type AdminAuditEntry,
  type AdminMember,
  type AdminMemberCreateSchema,
  type AdminMemberImportReport,
  type AdminMemberListQuery,
  type AdminPage,
  romeYear,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type Clock } from '../../text/dates.js';
import { toCsv } from '../../text/csv.js';
import { decodeUploadedText } from '../../text/encoding.js';
import { capitalised } from '../../text/capitalised.js';
import {
  allMembersWithFee,
  findMemberByEmail,
  findMemberById,
  findMemberWithFee,
  listMembersWithFee,
  rolesOfEmails,
  type MemberRow,
  type MemberWithFeeRow,
  memberVersions,
} from './repository.js';
import { MemberRuleError, MembersService } from './members-service.js';
import {
  changedFields,
  historyOf,
  writeAudit,
  type Actor,
  type AuditRecord,
} from '../admin/audit.js';
import { versionBefore } from '../admin/undo.js';
import { takeNextVersion } from '../admin/versions.js';
import { parseInput } from '../../http/validation.js';

/** Columns of the export, the same the import reads (plus the status and the year's fee). */
function csvHeader(feeYear: number): string[] {
  return ['email', 'nome', 'cognome', 'ruolo', 'stato', `quota ${feeYear}`];
}

export interface MembersAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  society: { acronym: string; publicBaseUrl: string };
  notifyOutbox: () => void;
}

function toMember(row: MemberWithFeeRow, feeYear: number): AdminMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    status: row.status,
    hasPassword: row.password_hash !== null,
    feeYear,
    feeStatus: row.fee_status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** What the audit log keeps of an account: never the password hash or tokens. */
function auditView(row: MemberRow): Record<string, unknown> {
  return {
    email: row.email,
    nome: row.first_name,
    cognome: row.last_name,
    ruolo: row.role,
    stato: row.status,
  };
}

/** Why a rollback of an account is refused: the role, the state or the sign-in changed. */
export const MEMBER_ROLLBACK_REFUSED =
  'Questa modifica riguarda il ruolo, lo stato o l’accesso dell’account: non si annulla dalla cronologia. Cambiali dal modulo, se serve.';

/** The rule's message as the secretariat reads it (the CLI's wording, capitalised). */
function asAppError(error: unknown, path: string): unknown {
  if (!(error instanceof MemberRuleError)) return error;
  const message = capitalised(error.message);
  return new AppError('invalidRequest', [
    { path, message: message.endsWith('.') ? message : `${message}.` },
  ]);
}

/** The account `id`, or the 404 when there is none. */
async function existingMember(db: Executor, id: number): Promise<MemberRow> {
  const row = await findMemberById(db, id);
  if (row === undefined) throw new AppError('notFound');
  return row;
}

/**
 * Members in the back office (ADR 013). The rules (checks, import, invitation) are the CLI's
 * `MembersService`, run inside this service's transaction with the audit entry.
 */
export class MembersAdminService {
  constructor(private readonly deps: MembersAdminDeps) {}

  /**
   * Runs `work` in one transaction: the CLI's rules on it, and `audit` writing the entry of the
   * change in it. A broken rule answers 400 with its message on the form's field `path`.
   */
  private async withRules<T>(
    actor: Actor,
    path: string,
    work: (step: {
      trx: Transaction<Database>;
      rules: MembersService;
      audit: (record: AuditRecord) => Promise<void>;
    }) => Promise<T>,
  ): Promise<T> {
    const now = this.deps.clock();
    const { clock, society } = this.deps;
    return this.deps.db
      .transaction()
      .execute((trx) =>
        work({
          trx,
          rules: new MembersService({ db: trx, clock, society }),
          audit: (record) => writeAudit(trx, actor, record, now),
        }),
      )
      .catch((error: unknown) => {
        throw asAppError(error, path);
      });
  }

  private feeYear(query: { feeYear?: number | undefined }): number {
    return query.feeYear ?? romeYear(this.deps.clock());
  }

  async list(query: AdminMemberListQuery): Promise<AdminPage<AdminMember>> {
    const feeYear = this.feeYear(query);
    const { rows, total } = await listMembersWithFee(this.deps.db, query, feeYear);
    return { items: rows.map((row) => toMember(row, feeYear)), total };
  }

  async get(id: number): Promise<AdminMember> {
    const feeYear = this.feeYear({});
    const row = await findMemberWithFee(this.deps.db, id, feeYear);
    if (row === undefined) throw new AppError('notFound');
    return toMember(row, feeYear);
  }

  async create(
    actor: Actor,
    input: z.output<typeof AdminMemberCreateSchema>,
  ): Promise<AdminMember> {
    const id = await this.withRules(actor, 'email', async ({ trx, rules, audit }) => {
      const member = await rules.add(input);
      if (input.invite) await rules.invite(member.email);
      const row = await findMemberByEmail(trx, member.email);
      if (row === undefined) throw new Error('account creato ma non trovato');
      await audit({
        action: 'crea',
        entity: 'member',
        entityId: row.id,
        summary: `Account creato: ${member.email}${input.invite ? ' (invito inviato)' : ''}`,
        after: auditView(row),
      });
      return row.id;
    });
    if (input.invite) this.deps.notifyOutbox();
    return this.get(id);
  }

  /** Edits an account; read at `version`, refused when it has moved on since (ADR 041). */
  async update(
    actor: Actor,
    id: number,
    input: z.output<typeof AdminMemberUpdateSchema>,
    version: number | null = null,
  ): Promise<AdminMember> {
    await this.withRules(actor, 'firstName', async ({ trx, rules, audit }) => {
      // First, so the row is this save's until it commits.
      await takeNextVersion(trx, memberVersions, id, version);
      const row = await existingMember(trx, id);
      if (actor.id === id && (input.status !== 'active' || input.role !== row.role)) {
        // The last way back in must not be closed by mistake from the back office itself.
        throw new AppError('invalidRequest', [
          { path: 'role', message: 'Non puoi disattivare il tuo account né cambiarne il ruolo.' },
        ]);
      }
      const before = auditView(row);
      await rules.edit(row.email, input);
      const after = auditView(await existingMember(trx, id));
      const action =
        before.stato === 'active' && after.stato === 'disabled'
          ? 'disattiva'
          : before.ruolo !== after.ruolo
            ? 'cambia ruolo'
            : 'modifica';
      await audit({
        action,
        entity: 'member',
        entityId: id,
        summary: `Account ${action === 'modifica' ? 'modificato' : action === 'disattiva' ? 'disattivato' : 'con nuovo ruolo'}: ${row.email}`,
        ...changedFields(before, after),
      });
    });
    return this.get(id);
  }

  /** The account's history from the audit log, newest first (ADR 031). */
  async history(id: number): Promise<AdminAuditEntry[]> {
    await existingMember(this.deps.db, id);
    return historyOf(this.deps.db, 'member', id);
  }

  /**
   * "Annulla questa modifica" of an account (ADR 031): only its plain data (first and last
   * name) go back, through `update`. Role, state, password and two-factor never change by a
   * rollback: an entry whose earlier version differs in them is refused.
   */
  async rollback(actor: Actor, id: number, auditId: number): Promise<AdminMember> {
    const current = await this.get(id);
    const before = await versionBefore(this.deps.db, 'member', id, auditId);
    const deliberate = Object.keys(before).filter(
      (key) =>
        !(key === 'nome' || key === 'cognome') &&
        !(key === 'ruolo' && before.ruolo === current.role) &&
        !(key === 'stato' && before.stato === current.status),
    );
    if (deliberate.length > 0) {
      throw new AppError('invalidRequest', [{ path: 'auditId', message: MEMBER_ROLLBACK_REFUSED }]);
    }
    const restored = parseInput(AdminMemberUpdateSchema, {
      firstName: 'nome' in before ? before.nome : current.firstName,
      lastName: 'cognome' in before ? before.cognome : current.lastName,
      role: current.role,
      status: current.status,
    });
    return this.update(actor, id, restored);
  }

  /** E-mails the link to choose a password (invitation for new accounts, reset for the others). */
  async invite(actor: Actor, id: number): Promise<void> {
    await this.withRules(actor, 'email', async ({ trx, rules, audit }) => {
      const row = await existingMember(trx, id);
      await rules.invite(row.email);
      await audit({
        action: 'invita',
        entity: 'member',
        entityId: id,
        summary: `Link per scegliere la password inviato a ${row.email}`,
      });
    });
    this.deps.notifyOutbox();
  }

  /** The roles of the accounts with these e-mails (who may invite them, ADR 031). */
  rolesOfEmails(emails: string[]): Promise<string[]> {
    return rolesOfEmails(this.deps.db, emails);
  }

  /**
   * Invites the accounts an import created (the import screen's "Invia l'invito a tutti i
   * nuovi"): only those that never chose a password, each audited as a single invitation.
   */
  async inviteImported(actor: Actor, emails: string[]): Promise<{ invited: string[] }> {
    const invited: string[] = [];
    for (const email of [...new Set(emails)]) {
      const row = await findMemberByEmail(this.deps.db, email);
      if (row === undefined || row.password_changed === 1 || row.status !== 'active') continue;
      await this.invite(actor, row.id);
      invited.push(row.email);
    }
    return { invited };
  }

  /** The CLI's import: a preview without `apply`, the changes and one audit entry with it. */
  async importCsv(
    actor: Actor,
    file: { csv?: string | undefined; content?: string | undefined },
    apply: boolean,
  ): Promise<AdminMemberImportReport> {
    const decoded =
      file.content === undefined
        ? { text: file.csv ?? '', encoding: undefined }
        : decodeUploadedText(Buffer.from(file.content, 'base64'));
    const csv = decoded.text;
    const report = await this.withRules(actor, 'csv', async ({ rules, audit }) => {
      const result = await rules.importCsv(csv, { apply });
      if (apply && (result.created.length > 0 || result.updated.length > 0)) {
        await audit({
          action: 'importa',
          entity: 'member',
          entityId: null,
          summary: `Importazione CSV: ${result.created.length} creati, ${result.updated.length} aggiornati, ${result.rejected.length} righe scartate`,
          after: {
            creati: result.created,
            aggiornati: result.updated,
            scartate: result.rejected,
          },
        });
      }
      return result;
    });
    return {
      applied: apply,
      ...(decoded.encoding === undefined ? {} : { encoding: decoded.encoding }),
      ...report,
    };
  }

  async exportCsv(query: AdminMemberListQuery): Promise<string> {
    const feeYear = this.feeYear(query);
    const rows = await allMembersWithFee(this.deps.db, query, feeYear);
    return toCsv([
      csvHeader(feeYear),
      ...rows.map((row) => [
        row.email,
        row.first_name,
        row.last_name,
        row.role,
        row.status === 'active' ? 'attivo' : 'disattivato',
        owesDues(row.role) ? MEMBER_FEE_STATUS_LABELS[row.fee_status] : '',
      ]),
    ]);
  }
}
