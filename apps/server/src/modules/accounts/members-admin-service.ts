import {
  MEMBER_FEE_STATUS_LABELS,
  type AdminMember,
  type AdminMemberCreateSchema,
  type AdminMemberImportReport,
  type AdminMemberListQuery,
  type AdminMemberUpdateSchema,
  type AdminPage,
  type MemberFeeStatus,
  romeYear,
} from '@sodalis/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { type Clock } from '../../text/dates.js';
import { containsPattern } from '../../text/search-text.js';
import { toCsv } from '../../text/csv.js';
import { findMemberById } from './repository.js';
import { MemberAdminError, MemberAdminService } from './members-service.js';
import { changedFields, writeAudit, type Actor } from '../admin/audit.js';

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

type MemberRow = Awaited<ReturnType<typeof findMemberById>> & object;

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

function toMember(row: MemberRow & { fee_status: MemberFeeStatus }, feeYear: number): AdminMember {
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

/** The rule's message as the secretariat reads it (the CLI's wording, capitalised). */
function asAppError(error: unknown, path: string): unknown {
  if (!(error instanceof MemberAdminError)) return error;
  const message = error.message.charAt(0).toUpperCase() + error.message.slice(1);
  return new AppError('invalidRequest', [
    { path, message: message.endsWith('.') ? message : `${message}.` },
  ]);
}

/**
 * Members in the back office (issue 10). The rules (checks, import, invitation) are the CLI's
 * `MemberAdminService`, run inside this service's transaction with the audit entry.
 */
export class MembersAdminService {
  constructor(private readonly deps: MembersAdminDeps) {}

  private rules(db: Kysely<Database>): MemberAdminService {
    return new MemberAdminService({ db, clock: this.deps.clock, society: this.deps.society });
  }

  private feeYear(query: { feeYear?: number | undefined }): number {
    return query.feeYear ?? romeYear(this.deps.clock());
  }

  private filtered(query: AdminMemberListQuery) {
    let builder = this.deps.db.selectFrom('members');
    const text = query.q?.trim() ?? '';
    if (text !== '') {
      const pattern = containsPattern(text);
      builder = builder.where(
        sql<boolean>`(lower(email) like ${pattern} escape '\\' or lower(first_name || ' ' || last_name) like ${pattern} escape '\\' or lower(last_name || ' ' || first_name) like ${pattern} escape '\\')`,
      );
    }
    if (query.role !== undefined) builder = builder.where('role', '=', query.role);
    if (query.status !== undefined) builder = builder.where('status', '=', query.status);
    if (query.feeStatus !== undefined) {
      // Staff pay no fee: a reminder list from this filter must not name them.
      builder = builder
        .where('role', '!=', 'segreteria')
        .where(feeStatusOf(this.feeYear(query)), '=', query.feeStatus);
    }
    return builder;
  }

  /** Accounts with their fee of `feeYear`. */
  private withFee(query: AdminMemberListQuery) {
    return this.filtered(query)
      .selectAll('members')
      .select(feeStatusOf(this.feeYear(query)).as('fee_status'));
  }

  async list(query: AdminMemberListQuery): Promise<AdminPage<AdminMember>> {
    const column = MEMBER_SORTS[query.sort ?? 'lastName'] ?? 'last_name';
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      this.withFee(query)
        .orderBy(column, direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      this.filtered(query)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const feeYear = this.feeYear(query);
    return { items: rows.map((row) => toMember(row, feeYear)), total: Number(count.total) };
  }

  async get(id: number): Promise<AdminMember> {
    const feeYear = this.feeYear({});
    const row = await this.deps.db
      .selectFrom('members')
      .selectAll('members')
      .select(feeStatusOf(feeYear).as('fee_status'))
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return toMember(row, feeYear);
  }

  async create(
    actor: Actor,
    input: z.output<typeof AdminMemberCreateSchema>,
  ): Promise<AdminMember> {
    const now = this.deps.clock();
    const id = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const rules = this.rules(trx);
        const member = await rules.add(input);
        if (input.invite) await rules.invite(member.email);
        const row = await trx
          .selectFrom('members')
          .selectAll()
          .where('email', '=', member.email)
          .executeTakeFirstOrThrow();
        await writeAudit(
          trx,
          actor,
          {
            action: 'crea',
            entity: 'member',
            entityId: row.id,
            summary: `Account creato: ${member.email}${input.invite ? ' (invito inviato)' : ''}`,
            after: auditView(row),
          },
          now,
        );
        return row.id;
      })
      .catch((error: unknown) => {
        throw asAppError(error, 'email');
      });
    if (input.invite) this.deps.notifyOutbox();
    return this.get(id);
  }

  async update(
    actor: Actor,
    id: number,
    input: z.output<typeof AdminMemberUpdateSchema>,
  ): Promise<AdminMember> {
    const now = this.deps.clock();
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const row = await findMemberById(trx, id);
        if (row === undefined) throw new AppError('notFound');
        if (actor.id === id && (input.status !== 'active' || input.role !== row.role)) {
          // The last way back in must not be closed by mistake from the back office itself.
          throw new AppError('invalidRequest', [
            { path: 'role', message: 'Non puoi disattivare il tuo account né cambiarne il ruolo.' },
          ]);
        }
        const before = auditView(row);
        await this.rules(trx).edit(row.email, input);
        const after = auditView((await findMemberById(trx, id)) as MemberRow);
        const changes = changedFields(before, after);
        const action =
          before.stato === 'active' && after.stato === 'disabled'
            ? 'disattiva'
            : before.ruolo !== after.ruolo
              ? 'cambia ruolo'
              : 'modifica';
        await writeAudit(
          trx,
          actor,
          {
            action,
            entity: 'member',
            entityId: id,
            summary: `Account ${action === 'modifica' ? 'modificato' : action === 'disattiva' ? 'disattivato' : 'con nuovo ruolo'}: ${row.email}`,
            ...changes,
          },
          now,
        );
      })
      .catch((error: unknown) => {
        throw asAppError(error, 'firstName');
      });
    return this.get(id);
  }

  /** E-mails the link to choose a password (invitation for new accounts, reset for the others). */
  async invite(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const row = await findMemberById(trx, id);
        if (row === undefined) throw new AppError('notFound');
        await this.rules(trx).invite(row.email);
        await writeAudit(
          trx,
          actor,
          {
            action: 'invita',
            entity: 'member',
            entityId: id,
            summary: `Link per scegliere la password inviato a ${row.email}`,
          },
          now,
        );
      })
      .catch((error: unknown) => {
        throw asAppError(error, 'email');
      });
    this.deps.notifyOutbox();
  }

  /** The CLI's import: a preview without `apply`, the changes and one audit entry with it. */
  async importCsv(actor: Actor, csv: string, apply: boolean): Promise<AdminMemberImportReport> {
    const now = this.deps.clock();
    const report = await this.deps.db
      .transaction()
      .execute(async (trx) => {
        const result = await this.rules(trx).importCsv(csv, { apply });
        if (apply && (result.created.length > 0 || result.updated.length > 0)) {
          await writeAudit(
            trx,
            actor,
            {
              action: 'importa',
              entity: 'member',
              entityId: null,
              summary: `Importazione CSV: ${result.created.length} creati, ${result.updated.length} aggiornati, ${result.rejected.length} righe scartate`,
              after: {
                creati: result.created,
                aggiornati: result.updated,
                scartate: result.rejected,
              },
            },
            now,
          );
        }
        return result;
      })
      .catch((error: unknown) => {
        throw asAppError(error, 'csv');
      });
    return { applied: apply, ...report };
  }

  async exportCsv(query: AdminMemberListQuery): Promise<string> {
    const feeYear = this.feeYear(query);
    const rows = await this.withFee(query)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute();
    return toCsv([
      csvHeader(feeYear),
      ...rows.map((row) => [
        row.email,
        row.first_name,
        row.last_name,
        row.role,
        row.status === 'active' ? 'attivo' : 'disattivato',
        row.role === 'segreteria' ? '' : MEMBER_FEE_STATUS_LABELS[row.fee_status],
      ]),
    ]);
  }
}
