import type { Executor } from '../../../db/schema.js';
import type { PaymentItemInput } from '../../payments/purposes.js';
import { findMembership } from '../repository.js';
import type { MembershipService } from '../service.js';
import { activeFeeOfAccess } from './fee-years-repository.js';
import { DUES_PURPOSE, type DuesPurpose } from './purpose.js';

/**
 * What an event's members' type asks of the dues (ADR 049): whether the registrant is a
 * member in good standing, from the ledger alone, and otherwise the open years as the dues
 * items of a payment, each at its own year's fee as on the fee page (ADR 029), so a member in
 * arrears renews and registers in one payment. Null for an account without a membership.
 */
export class DuesStandingForEvents {
  constructor(
    private readonly membership: Pick<MembershipService, 'standingOf'>,
    private readonly dues: Pick<DuesPurpose, 'items'>,
  ) {}

  async duesStanding(
    db: Executor,
    memberId: number,
  ): Promise<{ inGoodStanding: boolean; openDues: PaymentItemInput[] } | null> {
    const [membership, view] = await Promise.all([
      findMembership(db, memberId),
      this.membership.standingOf(memberId, db),
    ]);
    if (membership === undefined || view === null) return null;
    if (view.standing === 'good') return { inGoodStanding: true, openDues: [] };
    const fee = await activeFeeOfAccess(db, membership.kind);
    const items = await this.dues.items(
      db,
      { access: membership.kind, amount_cents: fee?.amount_cents ?? 0 },
      view.openYears,
      false,
    );
    return {
      inGoodStanding: false,
      openDues: items.map((item) => ({ ...item, purpose: DUES_PURPOSE })),
    };
  }
}
