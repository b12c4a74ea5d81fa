import {
  dueMethodOfReference,
  isParticipantRole,
  isStaffRole,
  romeDate,
  type DueMethod,
  type DueYear,
  type MemberStandingView,
  type MembershipApplicationBody,
  type MembershipPendingWork,
} from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor, PaymentsTable } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { findMemberById } from '../accounts/repository.js';
import type { AuthenticatedMember } from '../accounts/service.js';
import {
  bareMembership,
  settleDuesByPayment,
  yearsSettledOtherwise,
  countPendingApplications,
  duesOf,
  extendMembershipBack,
  findMembership,
  insertMembershipOnce,
  lockDuesOf,
  reopenDuesOfPayment,
  yearsSettledBy,
  writeDue,
  type DueRow,
  type MembershipRow,
} from './repository.js';
import { computeStanding, type StandingRules } from './standing.js';
import { memberDuesView, type BankAccount } from './open-dues.js';
import { countBankRowsToReview } from './bank-repository.js';
import { submitApplication, type ApplicationCv, type ApplicationDeps } from './applications.js';
import { feesOfYears } from './dues/year-fees.js';

export interface MembershipServiceDeps extends ApplicationDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  rules: StandingRules;
  /** BANK_IBAN and BANK_HOLDER, for the transfer's details on the fee page (ADR 029). */
  bankAccount?: BankAccount | null;
}

type PaymentRow = Selectable<PaymentsTable>;

export function toDueYear(row: DueRow): DueYear {
  return {
    year: row.year,
    status: row.status,
    amountCents: row.amount_cents,
    method: row.method as DueMethod | null,
    exemptReason: row.exempt_reason,
    settledOn: row.settled_on,
  };
}

/** The standing of a membership on `today` from its ledger rows (ADR 024). */
export function standingView(
  membership: MembershipRow,
  dues: DueRow[],
  today: string,
  rules: StandingRules,
): MemberStandingView {
  const result = computeStanding(
    {
      sinceYear: membership.since_year,
      dues: new Map(dues.map((due) => [due.year, due.status])),
    },
    today,
    rules,
  );
  return {
    memberId: membership.member_id,
    memberNumber: membership.member_number,
    sinceYear: membership.since_year,
    standing: result.standing,
    openYears: result.openYears,
    years: dues.map(toDueYear),
  };
}

/**
 * The members' side of membership (ADR 024): a member's standing, the reserved area closed to
 * a lapsed member, and the ledger kept in step with the fee payments (ADR 012).
 */
export class MembershipService {
  constructor(private readonly deps: MembershipServiceDeps) {}

  get rules(): StandingRules {
    return this.deps.rules;
  }

  /** The member's standing today, or null for an account without a membership (staff). */
  async standingOf(memberId: number, db: Executor = this.deps.db) {
    const membership = await findMembership(db, memberId);
    if (membership === undefined) return null;
    const dues = await duesOf(db, memberId);
    return standingView(membership, dues, romeDate(this.deps.clock()), this.deps.rules);
  }

  /**
   * The reserved area's check (ADR 024): a lapsed member keeps the account and the history but
   * is refused with `membershipLapsed`; staff and accounts without a membership pass, but an
   * events' participant's account, which is no member's (ADR 055).
   */
  async assertMayEnterReservedArea(member: AuthenticatedMember): Promise<void> {
    if (isStaffRole(member.role)) return;
    if (isParticipantRole(member.role)) throw new AppError('reservedToMembers');
    const view = await this.standingOf(member.id);
    if (view?.standing === 'lapsed') {
      this.deps.logger.info({ memberId: member.id }, 'area riservata negata: socio decaduto');
      throw new AppError('membershipLapsed');
    }
  }

  /** The member's open years, their amounts and the total (the fee page, ADR 029). */
  async duesToPay(member: AuthenticatedMember) {
    return memberDuesView(
      this.deps.db,
      member,
      await this.standingOf(member.id),
      this.deps.bankAccount ?? null,
    );
  }

  /** An application from the public form (ADR 024). */
  apply(body: MembershipApplicationBody, cv: ApplicationCv | null, clientAddress: string) {
    return submitApplication(this.deps, body, cv, clientAddress);
  }

  // -------------------------------------------------------------------------------------------
  // The payments' ledger hook (ADR 012 → ADR 024), run in the payment's transaction.

  /**
   * A payment reported by a signed-in member: its years become "reported" (ADR 029), each at
   * its item's amount when the payment priced them (ADR 045).
   */
  async paymentReported(
    trx: Executor,
    payment: PaymentRow,
    years: number[],
    priced?: number[],
  ): Promise<void> {
    if (payment.member_id === null) return;
    const member = await findMemberById(trx, payment.member_id);
    // Staff pay no dues; an events' participant paying dues is no member for it (ADR 055).
    if (member === undefined || isStaffRole(member.role) || isParticipantRole(member.role)) return;
    const now = this.deps.clock().toISOString();
    const kind = member.role === 'affiliato' ? 'Affiliato' : 'Socio';
    const added = await insertMembershipOnce(
      trx,
      bareMembership(member.id, kind, payment.year, now),
    );
    await lockDuesOf(trx, member.id);
    if (!added) await extendMembershipBack(trx, member.id, payment.year);
    // Several years: each at its own year's fee, as the payment's total was made (ADR 029).
    const amounts =
      priced ??
      (years.length === 1
        ? [payment.expected_cents]
        : await feesOfYears(
            trx,
            payment.fee_access === 'Affiliato' ? 'Affiliato' : 'Socio',
            years,
          ));
    for (const [index, year] of years.entries()) {
      await writeDue(
        trx,
        {
          member_id: member.id,
          year,
          status: 'reported',
          amount_cents: amounts[index] ?? Math.round(payment.expected_cents / years.length),
          method: dueMethodOfReference(payment.paypal_order_id),
          payment_id: payment.id,
          exempt_reason: null,
          settled_on: null,
          updated_at: now,
        },
        ['paid', 'exempt'],
      );
    }
  }

  /**
   * The payment is verified: every year of it is paid by it unless already paid or exempt,
   * also a year another payment of the member had reported or had left open when it was
   * rejected or refunded. Answers the years another payment or an exemption had settled
   * already: all of them means the member paid twice (ADR 029).
   */
  async paymentVerified(
    trx: Executor,
    payment: PaymentRow,
    at: Date,
    years: number[],
  ): Promise<number[]> {
    // Without a member the payment reported no years (`paymentReported`): nothing to settle.
    if (payment.member_id === null) return [];
    await lockDuesOf(trx, payment.member_id);
    await settleDuesByPayment(trx, {
      memberId: payment.member_id,
      years,
      paymentId: payment.id,
      method: dueMethodOfReference(payment.paypal_order_id),
      // The day the money came in, not the day it was recorded (ADR 029, 2026-11-27).
      settledOn: payment.received_on ?? romeDate(at),
      now: at.toISOString(),
    });
    return yearsSettledOtherwise(trx, payment.member_id, years, payment.id);
  }

  /** What a receipt prints of the ledger (ADR 030): the years paid, member number, codice fiscale. */
  async receiptFacts(trx: Executor, payment: PaymentRow) {
    const membership =
      payment.member_id === null ? undefined : await findMembership(trx, payment.member_id);
    return {
      years: await yearsSettledBy(trx, payment.id),
      memberNumber: membership?.member_number ?? null,
      fiscalCode: membership?.codice_fiscale ?? null,
    };
  }

  /** Refunded, reversed or rejected: the years it settled are open again. */
  async paymentUndone(trx: Executor, payment: PaymentRow, at: Date): Promise<void> {
    if (payment.member_id !== null) await lockDuesOf(trx, payment.member_id);
    await reopenDuesOfPayment(trx, payment.id, at.toISOString());
  }
}

/**
 * Membership work waiting for the secretariat (ADR 024), for the staff dashboard: applications
 * to examine and bank rows waiting for review (ADR 029).
 */
export async function membershipPendingWork(
  db: Executor,
  _now: Date,
): Promise<MembershipPendingWork> {
  return {
    applicationsWaiting: await countPendingApplications(db),
    transfersToReconcile: await countBankRowsToReview(db),
  };
}
