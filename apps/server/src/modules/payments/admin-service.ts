import {
  adminListHref,
  AdminFeeInputSchema,
  dueMethodOfReference,
  euroAmount,
  FEE_MESSAGES,
  italianDate,
  PAYMENT_STATUS_LABELS,
  paymentMethodText,
  receiptNumberText,
  type AdminAuditEntry,
  type AdminFee,
  type AdminPage,
  type AdminPayment,
  type AdminPaymentListQuery,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from '../../text/dates.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { versionBefore } from '../admin/undo.js';
import { takeNextVersion } from '../admin/versions.js';
import { toCsv } from '../../text/csv.js';
import type { Executor } from '../../db/schema.js';
import {
  countPayments,
  allPaymentsWithMember,
  feeHasPayments,
  findFee,
  findPayment,
  findPaymentWithMember,
  insertFee,
  listFees,
  listPaymentsWithMember,
  feeVersions,
  updateFee,
  type FeeRow,
  type PaymentWithMemberRow,
} from './repository.js';
import { capitalised } from '../../text/capitalised.js';
import { itemsOfPayments } from './items-repository.js';
import type { Receipts } from './receipts.js';
import type { PaymentService } from './service.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';

/**
 * The dashboard's counts (ADR 023): payments PayPal's answer left "Da controllare", and those
 * staff marked "Da rimborsare" whose refund is not recorded yet (ADR 029).
 */
export const paymentsPendingWork: PendingWorkProvider = async (db) => [
  {
    key: 'pagamenti-da-controllare',
    label: 'Pagamenti da controllare',
    count: await countPayments(db, 'flagged'),
    href: adminListHref('pagamenti', { status: 'flagged' }),
  },
  {
    key: 'pagamenti-da-rimborsare',
    label: 'Pagamenti da rimborsare',
    count: await countPayments(db, 'to_refund'),
    href: adminListHref('pagamenti', { status: 'to_refund' }),
  },
];

type FeeInput = z.output<typeof AdminFeeInputSchema>;

/** Most payments in one export. */
const EXPORT_LIMIT = 50_000;

export interface PaymentsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  contentCache: ContentCache;
  /** The payments module's receipts (one rule for who gets a receipt and what it says). */
  receipts: Pick<PaymentService, 'resendReceipt'>;
  /** The receipts' PDFs (ADR 030). */
  receiptDocuments: Pick<Receipts, 'downloadOfPayment'>;
  notifyOutbox: () => void;
}

/**
 * The fee payments ledger and the fees (ADR 012, ADR 013); the fee of each year is the dues'
 * (`membership/dues/admin-fee-years.ts`, ADR 045). Payments are read and exported,
 * never edited: their state comes from PayPal. Fees are edited, never deleted (payments keep
 * pointing at them), so they have a history to roll back from but no bin (ADR 031); a fee no
 * longer offered is made inactive.
 */
export class PaymentsAdminService {
  constructor(private readonly deps: PaymentsAdminDeps) {}

  /** A payment's receipt or cancelling receipt as a PDF (any payment: staff); 404 without. */
  receiptPdf(paymentId: number, kind: 'receipt' | 'cancellation') {
    return this.deps.receiptDocuments.downloadOfPayment(paymentId, kind);
  }

  async listPayments(query: AdminPaymentListQuery): Promise<AdminPage<AdminPayment>> {
    const { rows, total } = await listPaymentsWithMember(this.deps.db, query);
    return { items: await this.withItems(rows), total };
  }

  async getPayment(id: number): Promise<AdminPayment> {
    const row = await findPaymentWithMember(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    const [payment] = await this.withItems([row]);
    if (payment === undefined) throw new AppError('notFound');
    return payment;
  }

  /** Payments as the staff read them, with what each pays as its items say (one query). */
  private async withItems(rows: PaymentWithMemberRow[]): Promise<AdminPayment[]> {
    const items = await itemsOfPayments(
      this.deps.db,
      rows.map((row) => row.id),
    );
    const described = new Map<number, string[]>();
    for (const item of items) {
      described.set(item.payment_id, [...(described.get(item.payment_id) ?? []), item.description]);
    }
    return rows.map((row) => toAdminPayment(row, described.get(row.id) ?? []));
  }

  /** The ledger as CSV for a spreadsheet, oldest first, with the list's filters. */
  async exportCsv(query: AdminPaymentListQuery): Promise<string> {
    const rows = await allPaymentsWithMember(this.deps.db, query, EXPORT_LIMIT);
    return toCsv([
      [
        // When it was recorded, and the day the money came in (ADR 029, 2026-11-27).
        'registrato il',
        'incassato il',
        'ordine PayPal',
        'quota',
        'tipo',
        'anno',
        'nominativo',
        'account',
        'importo dovuto',
        'importo pagato',
        'valuta',
        'stato',
        'motivo',
        'e-mail PayPal',
        'ricevuta',
        'pagamento di',
      ],
      ...(await this.withItems(rows)).map((payment) => [
        payment.createdAt,
        italianDate(payment.receivedOn),
        payment.paypalOrderId,
        payment.feeTitle ?? '',
        payment.feeAccess ?? '',
        String(payment.year),
        payment.accountName,
        payment.memberEmail ?? '',
        payment.expectedAmount.replace('.', ','),
        payment.paidAmount?.replace('.', ',') ?? '',
        payment.currency,
        PAYMENT_STATUS_LABELS[payment.status],
        payment.flagReason ?? '',
        payment.payerEmail ?? '',
        payment.receipt ?? '',
        payment.paidFor,
      ]),
    ]);
  }

  async listFees(): Promise<AdminPage<AdminFee>> {
    const rows = await listFees(this.deps.db);
    return { items: rows.map(toAdminFee), total: rows.length };
  }

  async getFee(id: number): Promise<AdminFee> {
    return toAdminFee(await this.feeRow(this.deps.db, id));
  }

  /** Creates (id null) or edits a fee; the public fee list (GetQuote) shows it at once. */
  async saveFee(
    actor: Actor,
    id: number | null,
    input: FeeInput,
    version: number | null = null,
  ): Promise<AdminFee> {
    const now = this.deps.clock();
    const columns = {
      title: input.title,
      amount_cents: input.amount,
      access: input.access,
      sort_order: input.sortOrder,
      active: input.active ? 1 : 0,
      updated_at: now.toISOString(),
    };
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      if (id !== null) await takeNextVersion(trx, feeVersions, id, version);
      const before = id === null ? null : feeSummary(await this.feeRow(trx, id));
      let feeId: number;
      if (id === null) {
        feeId = await insertFee(trx, { ...columns, created_at: now.toISOString() });
      } else {
        await updateFee(trx, id, columns);
        feeId = id;
      }
      const after = feeSummary(await this.feeRow(trx, feeId));
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'fee',
            entityId: feeId,
            summary: `Quota ${before === null ? 'creata' : 'modificata'}: ${input.title}`,
          },
          before,
          after,
        ),
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
      return feeId;
    });
    // Also drop an answer this instance computed from the old rows while the change was open.
    await this.deps.contentCache.contentChanged();
    return this.getFee(savedId);
  }

  /** The fee's history from the audit log, newest first (ADR 031). */
  async feeHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.feeRow(this.deps.db, id);
    return historyOf(this.deps.db, 'fee', id);
  }

  /**
   * "Annulla questa modifica" of a fee (ADR 031): the values the entry replaced saved again as a
   * new audited edit. Money first (ADR 029): once payments used the fee, a rollback that would
   * change its amount or kind is refused; its title, order and whether it is offered go back.
   */
  async rollbackFee(actor: Actor, id: number, auditId: number): Promise<AdminFee> {
    const current = toAdminFee(await this.feeRow(this.deps.db, id));
    const before = await versionBefore(this.deps.db, 'fee', id, auditId);
    const restored = parseInput(AdminFeeInputSchema, {
      title: 'titolo' in before ? before.titolo : current.title,
      amount: 'importo' in before ? before.importo : current.amount,
      access: 'tipo' in before ? before.tipo : current.access,
      sortOrder: 'ordine' in before ? before.ordine : current.sortOrder,
      active: 'attiva' in before ? before.attiva === true : current.active,
    });
    const moneyChanges =
      euroAmount(restored.amount / 100) !== current.amount || restored.access !== current.access;
    if (moneyChanges && (await feeHasPayments(this.deps.db, id))) {
      throw new AppError('invalidRequest', [
        { path: 'auditId', message: FEE_MESSAGES.paidRollback },
      ]);
    }
    return this.saveFee(actor, id, restored);
  }

  /** Sends a verified payment's receipt again (the account's e-mail, else PayPal's payer); audited. */
  async resendReceipt(actor: Actor, id: number): Promise<{ sentTo: string }> {
    const now = this.deps.clock();
    const sentTo = await this.deps.db.transaction().execute(async (trx) => {
      const to = await this.deps.receipts.resendReceipt(trx, id);
      const payment = await findPayment(trx, id);
      if (payment === undefined) throw new AppError('notFound');
      await writeAudit(
        trx,
        actor,
        {
          action: 'invia ricevuta',
          entity: 'payment',
          entityId: id,
          summary: `Ricevuta n. ${payment.receipt_year === null || payment.receipt_number === null ? '—' : receiptNumberText(payment.receipt_year, payment.receipt_number)} di ${payment.account_name} inviata di nuovo a ${to}`,
        },
        now,
      );
      return to;
    });
    this.deps.notifyOutbox();
    return { sentTo };
  }

  private async feeRow(db: Executor, id: number): Promise<FeeRow> {
    const row = await findFee(db, id);
    if (row === undefined) throw new AppError('notFound');
    return row;
  }
}

function toAdminPayment(row: PaymentWithMemberRow, itemTexts: readonly string[]): AdminPayment {
  return {
    id: row.id,
    paypalOrderId: row.paypal_order_id,
    methodText: paymentMethodText(row.paypal_order_id),
    paidWithPayPal: dueMethodOfReference(row.paypal_order_id) === 'paypal',
    feeTitle: row.fee_title,
    paidFor: capitalised(itemTexts.length > 0 ? itemTexts.join('; ') : (row.fee_title ?? '')),
    feeAccess: row.fee_access,
    year: row.year,
    accountName: row.account_name,
    memberEmail: row.member_email,
    expectedAmount: euroAmount(row.expected_cents / 100),
    paidAmount: row.paid_cents === null ? null : euroAmount(row.paid_cents / 100),
    currency: row.paid_currency ?? row.expected_currency,
    status: row.status,
    flagReason: row.flag_reason,
    payerEmail: row.payer_email,
    receipt:
      row.receipt_year === null || row.receipt_number === null
        ? null
        : receiptNumberText(row.receipt_year, row.receipt_number),
    receivedOn: row.received_on,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
  };
}

function toAdminFee(row: FeeRow): AdminFee {
  return {
    id: row.id,
    title: row.title,
    amount: euroAmount(row.amount_cents / 100),
    access: row.access,
    sortOrder: row.sort_order,
    active: row.active === 1,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/** What the audit log keeps of a fee (Italian field names). */
function feeSummary(row: FeeRow): Record<string, unknown> {
  return {
    titolo: row.title,
    importo: euroAmount(row.amount_cents / 100),
    tipo: row.access,
    ordine: row.sort_order,
    attiva: row.active === 1,
  };
}
