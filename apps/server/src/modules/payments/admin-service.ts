import {
  PAYMENT_STATUS_LABELS,
  type AdminFee,
  type AdminFeeInputSchema,
  type AdminPage,
  type AdminPayment,
  type AdminPaymentListQuery,
  type FeeAccess,
} from '@sodalis/contracts';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { idPage } from '../listing/id-page.js';
import { toCsv } from '../../text/csv.js';
import type { PaymentService } from './service.js';

type FeeInput = z.output<typeof AdminFeeInputSchema>;

const PAYMENT_SORTS: Record<string, string> = {
  createdAt: 'payments.created_at',
  year: 'payments.year',
  accountName: 'payments.account_name',
  status: 'payments.status',
  id: 'payments.id',
};

/** Most payments in one export. */
const EXPORT_LIMIT = 50_000;

const euros = (cents: number | null): string | null =>
  cents === null ? null : (cents / 100).toFixed(2);

export interface PaymentsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  contentCache: ContentCache;
  /** The payments module's receipts (one rule for who gets a receipt and what it says). */
  receipts: Pick<PaymentService, 'resendReceipt'>;
  notifyOutbox: () => void;
}

/**
 * The fee payments ledger and the fees (issue 10, ADR 012). Payments are read and exported,
 * never edited: their state comes from PayPal. Fees are edited, never deleted (payments keep
 * pointing at them); a fee no longer offered is made inactive.
 */
export class PaymentsAdminService {
  constructor(private readonly deps: PaymentsAdminDeps) {}

  private filtered(query: AdminPaymentListQuery) {
    let builder = this.deps.db
      .selectFrom('payments')
      .leftJoin('members', 'members.id', 'payments.member_id');
    const text = query.q?.trim().toLowerCase() ?? '';
    if (text !== '') {
      const pattern = `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      builder = builder.where((eb) =>
        eb.or([
          eb(sql`lower(payments.account_name)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(payments.paypal_order_id)`, 'like', sql`${pattern} escape '\\'`),
          eb(sql`lower(members.email)`, 'like', sql`${pattern} escape '\\'`),
        ]),
      );
    }
    if (query.status !== undefined) builder = builder.where('payments.status', '=', query.status);
    if (query.year !== undefined) builder = builder.where('payments.year', '=', query.year);
    if (query.feeAccess !== undefined) {
      builder = builder.where('payments.fee_access', '=', query.feeAccess);
    }
    if (query.feeId !== undefined) builder = builder.where('payments.fee_id', '=', query.feeId);
    return builder;
  }

  async listPayments(query: AdminPaymentListQuery): Promise<AdminPage<AdminPayment>> {
    const page = await idPage(this.filtered(query), query, {
      idColumn: 'payments.id',
      sortColumns: PAYMENT_SORTS,
      fallback: 'createdAt',
    });
    const rows =
      page.ids.length === 0
        ? []
        : await this.withMember().where('payments.id', 'in', page.ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return {
      items: page.ids.flatMap((id) => {
        const row = byId.get(id);
        return row === undefined ? [] : [toAdminPayment(row)];
      }),
      total: page.total,
    };
  }

  /** Payments with the e-mail of the member who paid. */
  private withMember() {
    return this.deps.db
      .selectFrom('payments')
      .leftJoin('members', 'members.id', 'payments.member_id')
      .selectAll('payments')
      .select('members.email as member_email');
  }

  async getPayment(id: number): Promise<AdminPayment> {
    const row = await this.withMember().where('payments.id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return toAdminPayment(row);
  }

  /** The ledger as CSV for a spreadsheet, oldest first, with the list's filters. */
  async exportCsv(query: AdminPaymentListQuery): Promise<string> {
    const rows = await this.filtered(query)
      .selectAll('payments')
      .select('members.email as member_email')
      .orderBy('payments.created_at')
      .orderBy('payments.id')
      .limit(EXPORT_LIMIT)
      .execute();
    return toCsv([
      [
        'data',
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
      ],
      ...rows
        .map(toAdminPayment)
        .map((payment) => [
          payment.createdAt,
          payment.paypalOrderId,
          payment.feeTitle,
          payment.feeAccess,
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
        ]),
    ]);
  }

  async listFees(): Promise<AdminPage<AdminFee>> {
    const rows = await this.deps.db
      .selectFrom('fees')
      .selectAll()
      .orderBy('access')
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    return { items: rows.map(toAdminFee), total: rows.length };
  }

  async getFee(id: number): Promise<AdminFee> {
    const row = await this.deps.db
      .selectFrom('fees')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return toAdminFee(row);
  }

  /** Creates (id null) or edits a fee; the public fee list (GetQuote) shows it at once. */
  async saveFee(actor: Actor, id: number | null, input: FeeInput): Promise<AdminFee> {
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
      const before = id === null ? null : feeSummary(await this.feeRow(trx, id));
      let feeId: number;
      if (id === null) {
        ({ id: feeId } = await trx
          .insertInto('fees')
          .values({ ...columns, created_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        await trx.updateTable('fees').set(columns).where('id', '=', id).execute();
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

  /** Sends a verified payment's receipt again (the account's e-mail, else PayPal's payer); audited. */
  async resendReceipt(actor: Actor, id: number): Promise<{ sentTo: string }> {
    const now = this.deps.clock();
    const sentTo = await this.deps.db.transaction().execute(async (trx) => {
      const to = await this.deps.receipts.resendReceipt(trx, id);
      const payment = await trx
        .selectFrom('payments')
        .select(['receipt_number', 'receipt_year', 'account_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await writeAudit(
        trx,
        actor,
        {
          action: 'invia ricevuta',
          entity: 'payment',
          entityId: id,
          summary: `Ricevuta n. ${payment.receipt_number}/${payment.receipt_year} di ${payment.account_name} inviata di nuovo a ${to}`,
        },
        now,
      );
      return to;
    });
    this.deps.notifyOutbox();
    return { sentTo };
  }

  private async feeRow(db: Kysely<Database>, id: number) {
    const row = await db.selectFrom('fees').selectAll().where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return row;
  }
}

function toAdminPayment(row: PaymentRow): AdminPayment {
  return {
    id: row.id,
    paypalOrderId: row.paypal_order_id,
    feeTitle: row.fee_title,
    feeAccess: row.fee_access,
    year: row.year,
    accountName: row.account_name,
    memberEmail: row.member_email,
    expectedAmount: euros(row.expected_cents) ?? '0.00',
    paidAmount: euros(row.paid_cents),
    currency: row.paid_currency ?? row.expected_currency,
    status: row.status,
    flagReason: row.flag_reason,
    payerEmail: row.payer_email,
    receipt:
      row.receipt_year === null || row.receipt_number === null
        ? null
        : `${row.receipt_year}/${row.receipt_number}`,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
  };
}

interface PaymentRow {
  id: number;
  paypal_order_id: string;
  fee_title: string;
  fee_access: string;
  year: number;
  account_name: string;
  member_email: string | null;
  expected_cents: number;
  expected_currency: string;
  paid_cents: number | null;
  paid_currency: string | null;
  status: AdminPayment['status'];
  flag_reason: string | null;
  payer_email: string | null;
  receipt_year: number | null;
  receipt_number: number | null;
  created_at: string;
  verified_at: string | null;
}

interface FeeRow {
  id: number;
  title: string;
  amount_cents: number;
  access: FeeAccess;
  sort_order: number;
  active: number;
  updated_at: string;
}

function toAdminFee(row: FeeRow): AdminFee {
  return {
    id: row.id,
    title: row.title,
    amount: (row.amount_cents / 100).toFixed(2),
    access: row.access,
    sortOrder: row.sort_order,
    active: row.active === 1,
    updatedAt: row.updated_at,
  };
}

/** What the audit log keeps of a fee (Italian field names). */
function feeSummary(row: FeeRow): Record<string, unknown> {
  return {
    titolo: row.title,
    importo: (row.amount_cents / 100).toFixed(2),
    tipo: row.access,
    ordine: row.sort_order,
    attiva: row.active === 1,
  };
}
