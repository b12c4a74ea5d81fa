import {
  DUE_METHOD_LABELS,
  DUE_METHODS,
  DUE_STATUS_LABELS,
  DUE_STATUSES,
  STANDING_LABELS,
  STANDINGS,
  euroAmount,
  italianDate,
  receiptNumberText,
  romeDate,
  type DueMethod,
  type DueStatus,
  type DuesCollected,
  type DuesReport,
  type Standing,
} from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { textCode, toCsv } from '../../text/csv.js';
import type { Clock } from '../../text/dates.js';
import {
  duesReceivedIn,
  duesUpTo,
  membershipsDueIn,
  paidDuesTotals,
} from './dues-report-repository.js';
import { receiptNumbersOfPayments } from '../payments/repository.js';
import { feesOfYears } from './dues/year-fees.js';
import type { DueRow } from './repository.js';
import { membershipPendingWork } from './service.js';
import { computeStanding, type StandingRules } from './standing.js';

export interface DuesReportDeps {
  db: Executor;
  clock: Clock;
  rules: StandingRules;
}

/** One member's year, as the dashboard counts it and the accountant's exports list it. */
export interface DuesReportRow {
  memberNumber: string | null;
  lastName: string;
  firstName: string;
  kind: 'Socio' | 'Affiliato';
  year: number;
  status: DueStatus;
  standing: Standing;
  /** The year's amount: recorded in the ledger, else the member's active fee; null if waived. */
  amountCents: number | null;
  method: DueMethod | null;
  settledOn: string | null;
  receiptNumber: string | null;
}

/**
 * The day a year's standing is read on: today for the current year, 31 December for a past one,
 * 1 January for a year still to come.
 */
export function standingDate(year: number, today: string): string {
  const currentYear = Number(today.slice(0, 4));
  if (year < currentYear) return `${year}-12-31`;
  return year === currentYear ? today : `${year}-01-01`;
}

/**
 * Every membership due in `year` with that year's due and the standing on `asOf`, computed by
 * the one standing function (ADR 024) from the ledger.
 */
async function reportRows(
  deps: DuesReportDeps,
  year: number,
): Promise<{ asOf: string; rows: DuesReportRow[] }> {
  const asOf = standingDate(year, romeDate(deps.clock()));
  const memberships = await membershipsDueIn(deps.db, year);
  const ledger = new Map<number, DueRow[]>();
  for (const due of await duesUpTo(deps.db, year)) {
    ledger.set(due.member_id, [...(ledger.get(due.member_id) ?? []), due]);
  }
  // The fee of the report's year (ADR 029, 2026-11-24), for a year the ledger has no amount of.
  const feeOf = {
    Socio: (await feesOfYears(deps.db, 'Socio', [year]))[0] ?? null,
    Affiliato: (await feesOfYears(deps.db, 'Affiliato', [year]))[0] ?? null,
  };
  const dues = memberships.map((membership) =>
    (ledger.get(membership.member_id) ?? []).find((due) => due.year === year),
  );
  const paymentIds = dues.flatMap((due) => (due?.payment_id == null ? [] : [due.payment_id]));
  const receipts = new Map(
    (await receiptNumbersOfPayments(deps.db, paymentIds)).flatMap((payment) =>
      payment.receipt_year === null || payment.receipt_number === null
        ? []
        : [[payment.id, receiptNumberText(payment.receipt_year, payment.receipt_number)] as const],
    ),
  );
  const rows = memberships.map((membership, index): DuesReportRow => {
    const due = dues[index];
    const memberDues = ledger.get(membership.member_id) ?? [];
    const { standing } = computeStanding(
      {
        sinceYear: membership.since_year,
        dues: new Map(memberDues.map((row) => [row.year, row.status])),
      },
      asOf,
      deps.rules,
    );
    const status = due?.status ?? 'unpaid';
    return {
      memberNumber: membership.member_number,
      lastName: membership.last_name,
      firstName: membership.first_name,
      kind: membership.kind,
      year,
      status,
      standing,
      amountCents: status === 'exempt' ? null : (due?.amount_cents ?? feeOf[membership.kind]),
      method: (due?.method as DueMethod | null | undefined) ?? null,
      settledOn: due?.settled_on ?? null,
      receiptNumber: due?.payment_id == null ? null : (receipts.get(due.payment_id) ?? null),
    };
  });
  return { asOf, rows };
}

function zeroes<Key extends string>(keys: readonly Key[]): Record<Key, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
}

/** The staff dashboard of dues for `year` (ADR 024, 029): every figure from the ledger. */
export async function duesReport(deps: DuesReportDeps, year: number): Promise<DuesReport> {
  const { asOf, rows } = await reportRows(deps, year);
  const byStanding = zeroes(STANDINGS);
  const byDueStatus = zeroes(DUE_STATUSES);
  let expectedCents = 0;
  for (const row of rows) {
    byStanding[row.standing] += 1;
    byDueStatus[row.status] += 1;
    expectedCents += row.amountCents ?? 0;
  }
  const collectedByYear: (DuesCollected & { year: number })[] = [];
  for (const total of await paidDuesTotals(deps.db)) {
    let entry = collectedByYear.find((collected) => collected.year === total.year);
    if (entry === undefined) {
      entry = { year: total.year, totalCents: 0, byMethod: zeroes(DUE_METHODS) };
      collectedByYear.push(entry);
    }
    entry.totalCents += total.cents;
    if (total.method !== null) entry.byMethod[total.method] += total.cents;
  }
  const receivedInYear: DuesCollected = { totalCents: 0, byMethod: zeroes(DUE_METHODS) };
  for (const total of await duesReceivedIn(deps.db, year)) {
    receivedInYear.totalCents += total.cents;
    if (total.method !== null) receivedInYear.byMethod[total.method] += total.cents;
  }
  const pending = await membershipPendingWork(deps.db, deps.clock());
  return {
    year,
    asOf,
    members: rows.length,
    byStanding,
    byDueStatus,
    collected: collectedByYear.find((collected) => collected.year === year) ?? {
      totalCents: 0,
      byMethod: zeroes(DUE_METHODS),
    },
    collectedByYear,
    receivedInYear,
    expectedCents,
    applicationsWaiting: pending.applicationsWaiting,
    bankRowsToReview: pending.transfersToReconcile,
  };
}

/** The exports' columns, in Italian for the accountant. */
const EXPORT_HEADERS = [
  'Numero socio',
  'Cognome',
  'Nome',
  'Tipo',
  'Anno',
  'Stato quota',
  'Posizione',
  'Importo (€)',
  'Metodo',
  'Data pagamento',
  'Ricevuta n.',
] as const;

/**
 * The year's dues as CSV for Italian Excel (toCsv: ";", BOM, CRLF): amounts with a decimal
 * comma and dates as `dd/mm/yyyy`, which Excel reads as numbers and dates; the member number as
 * `="00042"` (`textCode`, as the members' list export, ADR 024), so it keeps its leading zeros.
 */
export async function duesReportCsv(deps: DuesReportDeps, year: number): Promise<string> {
  const { rows } = await reportRows(deps, year);
  return toCsv([
    [...EXPORT_HEADERS],
    ...rows.map((row) => [
      textCode(row.memberNumber ?? ''),
      row.lastName,
      row.firstName,
      row.kind,
      String(row.year),
      DUE_STATUS_LABELS[row.status],
      STANDING_LABELS[row.standing],
      row.amountCents === null ? '' : euroAmount(row.amountCents / 100).replace('.', ','),
      row.method === null ? '' : DUE_METHOD_LABELS[row.method],
      italianDate(row.settledOn),
      row.receiptNumber ?? '',
    ]),
  ]);
}

/** The same rows as an Excel workbook: real number cells in euro and real date cells. */
export async function duesReportXlsx(deps: DuesReportDeps, year: number): Promise<Buffer> {
  const { rows } = await reportRows(deps, year);
  // Loaded on the first export: about 28 MB resident that no public answer needs (ADR 038).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = deps.clock();
  const sheet = workbook.addWorksheet(`Quote ${year}`);
  sheet.columns = EXPORT_HEADERS.map((header) => ({
    header,
    width: Math.max(12, header.length + 2),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow([
      row.memberNumber ?? '',
      row.lastName,
      row.firstName,
      row.kind,
      row.year,
      DUE_STATUS_LABELS[row.status],
      STANDING_LABELS[row.standing],
      row.amountCents === null ? null : row.amountCents / 100,
      row.method === null ? '' : DUE_METHOD_LABELS[row.method],
      // A calendar day, at midnight UTC so no time zone moves it to the day before.
      row.settledOn === null ? null : new Date(`${row.settledOn.slice(0, 10)}T00:00:00.000Z`),
      row.receiptNumber ?? '',
    ]);
  }
  sheet.getColumn(8).numFmt = '#,##0.00 [$€-410]';
  sheet.getColumn(10).numFmt = 'dd/mm/yyyy';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
