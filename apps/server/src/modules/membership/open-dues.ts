import type { MemberDuesView, MemberStandingView } from '@sodalis/contracts';
import type { Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { AuthenticatedMember } from '../accounts/service.js';
import { listFees, type FeeRow } from '../payments/repository.js';
import { dueCausale } from './bank-causale.js';
import { findMembership, type MembershipRow } from './repository.js';

/** The society's account for dues transfers (BANK_IBAN, BANK_HOLDER). */
export interface BankAccount {
  iban: string;
  holder: string;
}

/** The fee a membership's years are paid with: the first active one of its kind (ADR 029). */
export async function activeFeeOf(
  db: Executor,
  kind: MembershipRow['kind'],
): Promise<FeeRow | undefined> {
  return (await listFees(db)).find((fee) => fee.active === 1 && fee.access === kind);
}

/**
 * The member's fee page (ADR 029): every open year at the active fee of the member's kind (the
 * fee of today, also for arrears) and the total one PayPal checkout pays.
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
  const fee = await activeFeeOf(db, membership.kind);
  const amountCents = fee?.amount_cents ?? 0;
  const openYears = view.openYears.map((year) => ({ year, amountCents }));
  return {
    memberNumber: membership.member_number,
    standing: view.standing,
    accountName: `${member.firstName} ${member.lastName}`.trim(),
    openYears,
    totalCents: amountCents * openYears.length,
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
