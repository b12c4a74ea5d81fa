import { createHash } from 'node:crypto';
import {
  BANK_ROW_OUTCOMES,
  type AdminBankRow,
  type AdminBankRowListQuery,
  type AdminPage,
  type BankRowAssignBody,
  type BankRowBulkIgnoreBody,
  type BankRowBulkIgnored,
  type BankRowSuggestion,
  type BankRowOutcome,
  type BankRowPreview,
  type BankStatementApplied,
  type BankStatementPreview,
  type BankStatementUpload,
  italianEuroText,
  romeDate,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import type { ClaimedTransfer, TransferClaim } from '../payments/purposes.js';
import type { OfflinePaymentRecorder } from './dues/offline-payment.js';
import { readCausale } from './bank-causale.js';
import {
  bankRowsWaiting,
  closeBankRow,
  findBankRow,
  findMembershipByNumberKey,
  findStatementBySha,
  importedReferences,
  insertBankRowOnce,
  insertStatementOnce,
  listBankRows,
  setBankRowPayment,
  type BankRow,
} from './bank-repository.js';
import { suggestMembers } from './bank-suggestions.js';
import { parseStatement, StatementError, type StatementRow } from './bank-statement-parse.js';
import { activeFeeOfAccess } from './dues/fee-years-repository.js';
import { totalFeeOfYears } from './dues/year-fees.js';
import { yearsPaidOrExemptText } from './hand-payments.js';
import { duesOf, findMembershipWithMember, lockDuesOf } from './repository.js';

export interface BankStatementDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  payments: OfflinePaymentRecorder;
  /** Other purposes' readings of a transfer dues do not name (ADR 049), read at each import. */
  transferClaims: () => readonly TransferClaim[];
}

/** What the import decided for one row, with what it needs to apply it. */
interface Classified extends BankRowPreview {
  memberId: number | null;
  accountName: string | null;
  /** Another purpose's reading of the row (a registration's causale, ADR 049). */
  claim: ClaimedTransfer | null;
}

function emptyCounts(): Record<BankRowOutcome, number> {
  return Object.fromEntries(BANK_ROW_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    BankRowOutcome,
    number
  >;
}

function decodeUpload(upload: BankStatementUpload): { content: Buffer; sha256: string } {
  const content = Buffer.from(upload.contentBase64, 'base64');
  if (content.length === 0) {
    throw new AppError('invalidRequest', [{ path: 'file', message: 'Il file è vuoto.' }]);
  }
  return { content, sha256: createHash('sha256').update(content).digest('hex') };
}

function parseOrRefuse(content: Buffer) {
  try {
    return parseStatement(content);
  } catch (error) {
    if (error instanceof StatementError) {
      throw new AppError('invalidRequest', [{ path: 'file', message: error.message }]);
    }
    throw error;
  }
}

function toAdminBankRow(row: BankRow, suggestions: BankRowSuggestion[] = []): AdminBankRow {
  return {
    id: row.id,
    reference: row.reference,
    bookedOn: row.booked_on,
    amountCents: row.amount_cents,
    payer: row.payer,
    payerIban: row.payer_iban,
    remittance: row.remittance,
    status: row.status,
    reason: row.reason,
    memberId: row.member_id,
    years: row.years === null ? [] : row.years.split(',').map(Number),
    paymentId: row.payment_id,
    note: row.note,
    handledBy: row.handled_by,
    handledAt: row.handled_at,
    suggestions,
  };
}

/**
 * Bank statements of dues transfers (ADR 029): a file is read whole and previewed; applied, in
 * one transaction, the rows matched by causale and amount become verified payments, the rest
 * wait for review. A file is recorded by its SHA-256 and a row by its bank reference, so the
 * same file, or the same transaction in another file, changes nothing the second time.
 */
export class BankStatementService {
  constructor(private readonly deps: BankStatementDeps) {}

  /** What one row would do: read its causale, find the member, check amount and years. */
  private async classify(
    db: Executor,
    row: StatementRow,
    known: Set<string>,
    seen: Set<string>,
  ): Promise<Classified> {
    const base = {
      ...row,
      reason: null as string | null,
      memberNumber: null as string | null,
      memberName: null as string | null,
      memberId: null as number | null,
      accountName: null as string | null,
      years: [] as number[],
      claim: null as ClaimedTransfer | null,
    };
    if (seen.has(row.reference)) return { ...base, outcome: 'repeatedInFile' };
    seen.add(row.reference);
    if (known.has(row.reference)) return { ...base, outcome: 'alreadyImported' };
    const reading = readCausale(row.remittance);
    if (reading.kind === 'none') {
      for (const claim of this.deps.transferClaims()) {
        const claimed = await claim.read(db, row);
        if (claimed === null) continue;
        return {
          ...base,
          outcome: claimed.outcome,
          reason: claimed.reason,
          memberName: claimed.name,
          memberId: claimed.memberId,
          accountName: claimed.name,
          claim: claimed,
        };
      }
      return { ...base, outcome: 'unknown', reason: 'Nessuna causale di quota riconoscibile.' };
    }
    if (reading.kind === 'wrongCheck') {
      return {
        ...base,
        outcome: 'unknown',
        years: reading.years,
        reason: 'Il codice di controllo della causale non torna: causale scritta male.',
      };
    }
    const membership = await findMembershipByNumberKey(db, reading.memberKey);
    if (membership === undefined) {
      return {
        ...base,
        outcome: 'unknown',
        years: reading.years,
        reason: 'Nessun socio ha il numero indicato nella causale.',
      };
    }
    const named = {
      ...base,
      years: reading.years,
      memberNumber: membership.member_number,
      memberName: `${membership.first_name} ${membership.last_name}`,
      memberId: membership.member_id,
      accountName: `${membership.first_name} ${membership.last_name}`,
    };
    // Each year at its own year's fee (ADR 029, 2026-11-24).
    const total = await totalFeeOfYears(db, membership.kind, reading.years);
    const expected = total ?? 0;
    const settled = (await duesOf(db, membership.member_id)).filter(
      (due) =>
        reading.years.includes(due.year) &&
        (due.status === 'paid' || due.status === 'exempt' || due.status === 'reported'),
    );
    if (settled.length > 0) {
      return {
        ...named,
        outcome: 'alreadyPaid',
        reason: `${settled.length === 1 ? 'Quota' : 'Quote'} ${settled.map((due) => due.year).join(', ')} ${settled.length === 1 ? 'già pagata' : 'già pagate'}: il bonifico va rimborsato.`,
      };
    }
    if (total === null || row.amountCents !== expected) {
      return {
        ...named,
        outcome: 'mismatch',
        reason: `Importo ${italianEuroText(row.amountCents)} invece di ${italianEuroText(expected)}.`,
      };
    }
    return { ...named, outcome: 'matched' };
  }

  private async classifyAll(db: Executor, rows: StatementRow[]): Promise<Classified[]> {
    const known = await importedReferences(
      db,
      rows.map((row) => row.reference),
    );
    const seen = new Set<string>();
    const classified: Classified[] = [];
    for (const row of rows) classified.push(await this.classify(db, row, known, seen));
    return classified;
  }

  /** Reads the file and says what applying it would do; changes nothing. */
  async preview(upload: BankStatementUpload): Promise<BankStatementPreview> {
    const { content, sha256 } = decodeUpload(upload);
    const statement = parseOrRefuse(content);
    const already = await findStatementBySha(this.deps.db, sha256);
    const rows = await this.classifyAll(this.deps.db, statement.rows);
    const counts = emptyCounts();
    for (const row of rows) counts[row.outcome] += 1;
    return {
      fileName: upload.fileName,
      format: statement.format,
      alreadyImported: already !== undefined,
      rows: rows.map(
        ({ memberId: _memberId, accountName: _accountName, claim: _claim, ...row }) => row,
      ),
      counts,
    };
  }

  /**
   * Applies the file in one transaction: the statement first (its unique digest serialises two
   * applies of the same file: the second finds it and changes nothing), then each new row.
   */
  async apply(actor: Actor, upload: BankStatementUpload): Promise<BankStatementApplied> {
    const { content, sha256 } = decodeUpload(upload);
    const statement = parseOrRefuse(content);
    const now = this.deps.clock();
    const counts = emptyCounts();
    const applied = await this.deps.db.transaction().execute(async (trx) => {
      const statementId = await insertStatementOnce(trx, {
        sha256,
        file_name: upload.fileName,
        format: statement.format,
        rows_count: statement.rows.length,
        imported_by: actor.email,
        imported_at: now.toISOString(),
      });
      if (statementId === null) return false;
      // The members the file names, their ledgers taken in one order (no two imports wait on
      // each other), then the rows read again: a year paid meanwhile is "da rimborsare".
      const named = new Set<number>();
      for (const row of await this.classifyAll(trx, statement.rows)) {
        if (row.memberId !== null) named.add(row.memberId);
      }
      for (const memberId of [...named].sort((a, b) => a - b)) await lockDuesOf(trx, memberId);
      for (const row of await this.classifyAll(trx, statement.rows)) {
        counts[row.outcome] += 1;
        if (row.outcome === 'alreadyImported' || row.outcome === 'repeatedInFile') continue;
        const status =
          row.outcome === 'matched'
            ? 'matched'
            : row.outcome === 'alreadyPaid'
              ? 'refund'
              : 'review';
        const rowId = await insertBankRowOnce(trx, {
          statement_id: statementId,
          reference: row.reference,
          booked_on: row.bookedOn,
          amount_cents: row.amountCents,
          payer: row.payer,
          payer_iban: row.payerIban,
          remittance: row.remittance,
          status,
          reason: row.reason,
          member_id: row.memberId,
          years: row.years.length === 0 ? null : row.years.join(','),
          payment_id: null,
          note: null,
          handled_by: null,
          handled_at: null,
          created_at: now.toISOString(),
        });
        if (rowId === null || status !== 'matched') continue;
        if (row.claim !== null) {
          const paymentId = await row.claim.record(trx, row, now);
          if (paymentId !== null) await setBankRowPayment(trx, rowId, paymentId);
          continue;
        }
        if (row.memberId === null) continue;
        await this.settleRow(trx, rowId, row, row.memberId, row.years);
      }
      await writeAudit(
        trx,
        actor,
        {
          action: 'importa estratto conto',
          entity: 'bank_statement',
          entityId: statementId,
          summary: `Estratto conto ${upload.fileName}: ${counts.matched} abbinati, ${counts.mismatch + counts.unknown} da controllare, ${counts.alreadyPaid} da rimborsare, ${counts.alreadyImported} già importati`,
          after: { ...counts, sha256 },
        },
        now,
      );
      return true;
    });
    this.deps.logger.info({ applied, ...counts }, 'estratto conto importato');
    return {
      applied,
      message: applied
        ? `Estratto conto importato: ${counts.matched} pagamenti abbinati, ${counts.mismatch + counts.unknown} movimenti da controllare, ${counts.alreadyPaid} da rimborsare.`
        : 'Questo file è già stato importato: nulla è cambiato.',
      counts,
    };
  }

  /**
   * A matched or assigned row becomes a verified payment of the member's years, received on the
   * bank's booking date (ADR 029, 2026-11-27), whatever day the statement is applied.
   */
  private async settleRow(
    trx: Executor,
    rowId: number,
    row: { reference: string; bookedOn: string; amountCents: number },
    memberId: number,
    years: number[],
  ): Promise<number> {
    const { reference, amountCents } = row;
    const membership = await findMembershipWithMember(trx, memberId);
    if (membership === undefined) throw new AppError('notFound');
    const fee = await activeFeeOfAccess(trx, membership.kind);
    if (fee === undefined) {
      throw new AppError('invalidRequest', [
        {
          path: 'memberId',
          message: `Nessuna quota attiva per i soci di tipo ${membership.kind}.`,
        },
      ]);
    }
    const paymentId = await this.deps.payments.recordOfflinePayment(trx, {
      method: 'bonifico',
      reference,
      memberId,
      accountName: `${membership.first_name} ${membership.last_name}`,
      fee,
      years,
      amountCents,
      at: this.deps.clock(),
      receivedOn: row.bookedOn,
      note: null,
    });
    if (paymentId === null) {
      throw new AppError('invalidRequest', [
        { path: 'reference', message: 'Questo movimento è già registrato come pagamento.' },
      ]);
    }
    await setBankRowPayment(trx, rowId, paymentId);
    return paymentId;
  }

  async listRows(query: AdminBankRowListQuery): Promise<AdminPage<AdminBankRow>> {
    const statuses =
      query.status === undefined ? (['review', 'refund'] as const) : ([query.status] as const);
    const { rows, total } = await listBankRows(
      this.deps.db,
      [...statuses],
      (query.page - 1) * query.perPage,
      query.perPage,
    );
    return { items: await this.withSuggestions(rows), total };
  }

  async getRow(id: number): Promise<AdminBankRow> {
    const row = await findBankRow(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    const [admin] = await this.withSuggestions([row]);
    if (admin === undefined) throw new AppError('notFound');
    return admin;
  }

  /** The rows for staff, those waiting for review with their suggested members (ADR 029). */
  private async withSuggestions(rows: BankRow[]): Promise<AdminBankRow[]> {
    const suggestions = await suggestMembers(this.deps.db, rows, romeDate(this.deps.clock()));
    return rows.map((row) => toAdminBankRow(row, suggestions.get(row.id)));
  }

  /** A waiting row given to a member and years by staff: a verified payment, audited. */
  async assign(actor: Actor, id: number, body: BankRowAssignBody): Promise<AdminBankRow> {
    const now = this.deps.clock();
    const years = [...new Set(body.years)].sort((a, b) => a - b);
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await findBankRow(trx, id);
      if (row === undefined) throw new AppError('notFound');
      const membership = await findMembershipWithMember(trx, body.memberId);
      if (membership === undefined) {
        throw new AppError('invalidRequest', [
          { path: 'memberId', message: 'Il socio scelto non ha una posizione associativa.' },
        ]);
      }
      // The check below and the payment are one step for this member (ADR 029).
      await lockDuesOf(trx, body.memberId);
      const settled = (await duesOf(trx, body.memberId)).filter(
        (due) => years.includes(due.year) && due.status !== 'unpaid',
      );
      if (settled.length > 0) {
        throw new AppError('invalidRequest', [
          {
            path: 'years',
            message: `${yearsPaidOrExemptText(settled.map((due) => due.year))}: il movimento va rimborsato o ignorato.`,
          },
        ]);
      }
      const closed = await closeBankRow(trx, id, {
        status: 'assigned',
        member_id: body.memberId,
        years: years.join(','),
        handled_by: actor.email,
        handled_at: now.toISOString(),
      });
      if (!closed) throw alreadyHandled();
      const paymentId = await this.settleRow(
        trx,
        id,
        { reference: row.reference, bookedOn: row.booked_on, amountCents: row.amount_cents },
        body.memberId,
        years,
      );
      await auditAssigned(
        trx,
        actor,
        row,
        `${membership.email}, quota ${years.join(', ')}`,
        { socio: body.memberId, anni: years, pagamento: paymentId },
        now,
      );
    });
    return this.getRow(id);
  }

  /**
   * A waiting row given by staff to another purpose's record (ADR 053: a registration whose
   * causale the bank garbled), in one transaction: the row closed first (a second assignment
   * of it waits on its row and then finds it handled), then the purpose's claim reads the
   * transfer for that record under the purpose's own lock and, when it brings what is due,
   * records it as an automatic match would: a verified payment received on the booking date,
   * settled by the purpose. Anything else is refused with the claim's reason, and nothing
   * changes.
   */
  async assignToPurpose(
    actor: Actor,
    id: number,
    target: { purpose: string; id: number; field: string },
  ): Promise<AdminBankRow> {
    const claim = this.deps.transferClaims().find((one) => one.purpose === target.purpose);
    if (claim === undefined) throw new Error(`nessuna lettura dei bonifici per ${target.purpose}`);
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await findBankRow(trx, id);
      if (row === undefined) throw new AppError('notFound');
      const transfer = {
        reference: row.reference,
        bookedOn: row.booked_on,
        amountCents: row.amount_cents,
        remittance: row.remittance,
      };
      const closed = await closeBankRow(trx, id, {
        status: 'assigned',
        handled_by: actor.email,
        handled_at: now.toISOString(),
      });
      if (!closed) throw alreadyHandled();
      const claimed = await claim.assign(trx, target.id, transfer);
      const paymentId =
        claimed.outcome === 'matched' ? await claimed.record(trx, transfer, now) : null;
      if (paymentId === null) {
        throw new AppError('stateConflict', [
          {
            path: target.field,
            message: claimed.reason ?? 'Questo movimento è già registrato come pagamento.',
          },
        ]);
      }
      await setBankRowPayment(trx, id, paymentId, claimed.memberId);
      await auditAssigned(
        trx,
        actor,
        row,
        `${target.purpose} ${target.id} (${claimed.name ?? '—'})`,
        { [target.purpose]: target.id, pagamento: paymentId },
        now,
      );
    });
    return this.getRow(id);
  }

  /** A waiting row set aside with the reason (not a dues payment), audited. */
  async ignore(actor: Actor, id: number, reason: string): Promise<AdminBankRow> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await findBankRow(trx, id);
      if (row === undefined) throw new AppError('notFound');
      if (!(await ignoreRow(trx, actor, row, reason, now))) throw alreadyHandled();
    });
    return this.getRow(id);
  }

  /**
   * Several waiting rows that are not dues (a sponsor's credit) set aside with one reason, in
   * one transaction, each audited (ADR 029, 2026-11-27). Rows handled meanwhile are left as
   * they are and counted.
   */
  async ignoreMany(actor: Actor, body: BankRowBulkIgnoreBody): Promise<BankRowBulkIgnored> {
    const now = this.deps.clock();
    const ids = [...new Set(body.ids)];
    const ignored = await this.deps.db.transaction().execute(async (trx) => {
      let count = 0;
      for (const row of await bankRowsWaiting(trx, ids)) {
        if (await ignoreRow(trx, actor, row, body.reason, now)) count += 1;
      }
      return count;
    });
    const left = ids.length - ignored;
    return {
      ignored,
      alreadyHandled: left,
      message:
        `${ignored === 1 ? '1 movimento ignorato' : `${ignored} movimenti ignorati`}` +
        (left === 0
          ? '.'
          : `; ${left === 1 ? '1 era già stato gestito' : `${left} erano già stati gestiti`} e non è cambiato nulla.`),
    };
  }
}

/** The audit entry of a row staff assigned: to what, and the payment it became. */
async function auditAssigned(
  trx: Executor,
  actor: Actor,
  row: BankRow,
  to: string,
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await writeAudit(
    trx,
    actor,
    {
      action: 'assegna bonifico',
      entity: 'bank_row',
      entityId: row.id,
      summary: `Bonifico ${row.reference} di ${italianEuroText(row.amount_cents)} assegnato a ${to}`,
      before: { stato: row.status, motivo: row.reason },
      after: { stato: 'assigned', ...after },
    },
    now,
  );
}

/** Closes a waiting row as ignored with the reason, audited; false when handled meanwhile. */
async function ignoreRow(
  trx: Executor,
  actor: Actor,
  row: BankRow,
  reason: string,
  now: Date,
): Promise<boolean> {
  const closed = await closeBankRow(trx, row.id, {
    status: 'ignored',
    note: reason,
    handled_by: actor.email,
    handled_at: now.toISOString(),
  });
  if (!closed) return false;
  await writeAudit(
    trx,
    actor,
    {
      action: 'ignora bonifico',
      entity: 'bank_row',
      entityId: row.id,
      summary: `Bonifico ${row.reference} di ${italianEuroText(row.amount_cents)} ignorato: ${reason}`,
      before: { stato: row.status },
      after: { stato: 'ignored', motivo: reason },
    },
    now,
  );
  return true;
}

const alreadyHandled = () =>
  new AppError('invalidRequest', [
    {
      path: 'status',
      message: 'Il movimento è già stato gestito (forse da un altro componente della segreteria).',
    },
  ]);
