import type { MemberDuesView, MemberStandingView } from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { AuthenticatedMember } from '../accounts/service.js';
import { activeFeeOfAccess } from './dues/fee-years-repository.js';
import { feesOfYears } from './dues/year-fees.js';
import { dueCausale } from './bank-causale.js';
import { findMembership } from './repository.js';

/** The society's account for dues transfers (BANK_IBAN, BANK_HOLDER). */
export interface BankAccount {
  iban: string;
  holder: string;
}

/**
 * The member's fee page (ADR 029): every open year at its own year's fee for the member's kind
 * (`feesOfYears`, arrears too), the total one PayPal checkout pays, and the active fee the
 * order names.
 */
export async function memberDuesView(
  db: Executor,
  member: AuthenticatedMember,
  view: MemberStandingView | null,
  bankAccount: BankAccount | null,
): Promise<MemberDuesView> {
  const membership = await findMembership(db, member.id);
  if (membership === undefined || view === null) {
    throw new AppError('notFound', [
      { path: 'membership', message: 'Il tuo account non ha quote associative da pagare.' },
    ]);
  }
  const fee = await activeFeeOfAccess(db, membership.kind);
  const amounts = await feesOfYears(db, membership.kind, view.openYears);
  const openYears = view.openYears.map((year, index) => ({
    year,
    amountCents: amounts[index] ?? 0,
  }));
  return {
    memberNumber: membership.member_number,
    standing: view.standing,
    accountName: `${member.firstName} ${member.lastName}`.trim(),
    openYears,
    totalCents: openYears.reduce((sum, open) => sum + open.amountCents, 0),
    fee: fee === undefined ? null : { id: fee.id, title: fee.title, quota: fee.amount_cents / 100 },
    years: view.years,
    bankTransfer:
      bankAccount === null || membership.member_number === null || openYears.length === 0
        ? null
        : {
            ...bankAccount,
            causale: dueCausale(
              membership.member_number,
              openYears.map((open) => open.year),
            ),
          },
  };
}
