import {
  romeDate,
  type AdminMembership,
  type AdminMembershipListQuery,
  type AdminPage,
  type DueExemptionBody,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import {
  duesOf,
  duesOfMembers,
  findDue,
  findMembershipWithMember,
  listMembershipsWithMember,
  writeDue,
  type DueRow,
} from './repository.js';
import { standingView } from './service.js';
import type { StandingRules } from './standing.js';

export interface MembershipAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  rules: StandingRules;
}

type MembershipWithMember = NonNullable<Awaited<ReturnType<typeof findMembershipWithMember>>>;

/** The staff's side of membership (ADR 024): every member's years, exemptions. */
export class MembershipAdminService {
  constructor(private readonly deps: MembershipAdminDeps) {}

  private toAdmin(row: MembershipWithMember, dues: DueRow[]): AdminMembership {
    return {
      ...standingView(row, dues, romeDate(this.deps.clock()), this.deps.rules),
      id: row.member_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      kind: row.kind,
      section: row.section,
    };
  }

  async list(query: AdminMembershipListQuery): Promise<AdminPage<AdminMembership>> {
    const { rows, total } = await listMembershipsWithMember(
      this.deps.db,
      (query.page - 1) * query.perPage,
      query.perPage,
    );
    const dues = await duesOfMembers(
      this.deps.db,
      rows.map((row) => row.member_id),
    );
    return {
      items: rows.map((row) =>
        this.toAdmin(
          row,
          dues.filter((due) => due.member_id === row.member_id),
        ),
      ),
      total,
    };
  }

  async get(memberId: number): Promise<AdminMembership> {
    const row = await findMembershipWithMember(this.deps.db, memberId);
    if (row === undefined) throw new AppError('notFound');
    return this.toAdmin(row, await duesOf(this.deps.db, memberId));
  }

  /**
   * A year set as exempt with its reason (honorary members, ADR 024), or an exemption taken
   * back (the year is unpaid again). A paid year is never overwritten.
   */
  async setExemption(
    actor: Actor,
    memberId: number,
    year: number,
    body: DueExemptionBody,
  ): Promise<AdminMembership> {
    const reason = body.reason?.trim() ?? '';
    if (body.exempt && reason === '') {
      throw new AppError('invalidRequest', [
        { path: 'reason', message: 'Indica il motivo dell’esonero.' },
      ]);
    }
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const membership = await findMembershipWithMember(trx, memberId);
      if (membership === undefined) throw new AppError('notFound');
      const before = await findDue(trx, memberId, year);
      if (before?.status === 'paid' || before?.status === 'reported') {
        throw new AppError('invalidRequest', [
          { path: 'exempt', message: `La quota ${year} risulta già pagata o segnalata.` },
        ]);
      }
      if (!body.exempt && before?.status !== 'exempt') return;
      await writeDue(trx, {
        member_id: memberId,
        year,
        status: body.exempt ? 'exempt' : 'unpaid',
        amount_cents: before?.amount_cents ?? null,
        method: null,
        payment_id: null,
        exempt_reason: body.exempt ? reason : null,
        settled_on: body.exempt ? romeDate(now) : null,
        updated_at: now.toISOString(),
      });
      await writeAudit(
        trx,
        actor,
        {
          action: body.exempt ? 'esonera' : 'revoca esonero',
          entity: 'due',
          entityId: `${memberId}:${year}`,
          summary: body.exempt
            ? `Quota ${year} di ${membership.email}: esonero (${reason})`
            : `Quota ${year} di ${membership.email}: esonero revocato`,
          before:
            before === undefined ? null : { stato: before.status, motivo: before.exempt_reason },
          after: { stato: body.exempt ? 'exempt' : 'unpaid', motivo: body.exempt ? reason : null },
        },
        now,
      );
    });
    return this.get(memberId);
  }
}
