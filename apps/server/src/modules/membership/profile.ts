import {
  romeDate,
  type MemberProfile,
  type MemberProfileUpdate,
  type MembershipKind,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import {
  consentsOf,
  findMemberPhone,
  saveMemberPhone,
  updateMembershipWork,
} from './profile-repository.js';
import { duesOf, findMembershipWithMember } from './repository.js';
import { standingView, toDueYear } from './service.js';
import type { StandingRules } from './standing.js';

export interface MemberProfilesDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  rules: StandingRules;
}

/**
 * "Il mio profilo" (ADR 030): the member's data, standing, years and consents; the member
 * changes contacts and work data, never the member number or the e-mail (the username).
 */
export class MemberProfiles {
  constructor(private readonly deps: MemberProfilesDeps) {}

  /** The profile; 404 with an Italian message for an account without a membership (staff). */
  async get(memberId: number): Promise<MemberProfile> {
    const { db, clock, rules } = this.deps;
    const membership = await findMembershipWithMember(db, memberId);
    if (membership === undefined) {
      throw new AppError('notFound', [{ path: 'profilo', message: 'Nessuna iscrizione.' }]);
    }
    const dues = await duesOf(db, memberId);
    const view = standingView(membership, dues, romeDate(clock()), rules);
    const consents = await consentsOf(db, memberId);
    return {
      firstName: membership.first_name,
      lastName: membership.last_name,
      email: membership.email,
      memberNumber: membership.member_number,
      kind: membership.kind as MembershipKind,
      section: membership.section,
      sinceYear: membership.since_year,
      standing: view.standing,
      codiceFiscale: membership.codice_fiscale,
      phone: await findMemberPhone(db, memberId),
      qualification: membership.qualification,
      workplace: membership.workplace,
      centre: membership.centre,
      region: membership.region,
      years: dues.map((due) => ({ ...toDueYear(due), paymentId: due.payment_id })).reverse(),
      consents: consents.map((consent) => ({
        what: 'Informativa sulla privacy (domanda di iscrizione)',
        version: consent.privacy_text_version,
        acceptedAt: consent.privacy_accepted_at,
      })),
    };
  }

  /** Saves contacts and work data (already checked by the contracts' schema). */
  async update(memberId: number, change: MemberProfileUpdate): Promise<MemberProfile> {
    const { db, clock, logger } = this.deps;
    if ((await findMembershipWithMember(db, memberId)) === undefined) {
      throw new AppError('notFound', [{ path: 'profilo', message: 'Nessuna iscrizione.' }]);
    }
    const now = clock().toISOString();
    await db.transaction().execute(async (trx) => {
      await saveMemberPhone(trx, memberId, change.phone, now);
      await updateMembershipWork(
        trx,
        memberId,
        {
          qualification: change.qualification,
          workplace: change.workplace,
          centre: change.centre,
          region: change.region,
        },
        now,
      );
    });
    logger.info({ memberId }, 'profilo aggiornato dal socio');
    return this.get(memberId);
  }
}
