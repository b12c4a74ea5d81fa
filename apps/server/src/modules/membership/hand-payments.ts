import { randomUUID } from 'node:crypto';
import {
  italianDate,
  italianEuroText,
  paidOnInFutureRefusal,
  romeDate,
  type HandPaymentBody,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import type { OfflinePaymentRecorder } from './dues/offline-payment.js';
import { activeFeeOfAccess } from './dues/fee-years-repository.js';
import { duesOf, findMembershipWithMember, lockDuesOf } from './repository.js';

export interface HandPaymentDeps {
  db: Kysely<Database>;
  clock: Clock;
  payments: OfflinePaymentRecorder;
}

/**
 * Cash or card taken by staff at a congress (ADR 029): member, years, amount, method, date and
 * note, a verified payment at once through the one settling function, audited. A year already
 * settled is refused: the secretariat gives the money back instead.
 */
export async function recordHandPayment(
  deps: HandPaymentDeps,
  actor: Actor,
  memberId: number,
  body: HandPaymentBody,
): Promise<{ paymentId: number }> {
  const now = deps.clock();
  const years = [...new Set(body.years)].sort((a, b) => a - b);
  return deps.db.transaction().execute(async (trx) => {
    const membership = await findMembershipWithMember(trx, memberId);
    if (membership === undefined) throw new AppError('notFound');
    const refusal = paidOnRefusal(body.paidOn, romeDate(now), membership.since_year);
    if (refusal !== null)
      throw new AppError('invalidRequest', [{ path: 'paidOn', message: refusal }]);
    // The check below and the payment are one step for this member (ADR 029).
    await lockDuesOf(trx, memberId);
    const settled = (await duesOf(trx, memberId)).filter(
      (due) => years.includes(due.year) && due.status !== 'unpaid',
    );
    if (settled.length > 0) {
      throw new AppError('invalidRequest', [
        {
          path: 'years',
          message: `${yearsPaidOrExemptText(settled.map((due) => due.year))}.`,
        },
      ]);
    }
    const fee = await activeFeeOfAccess(trx, membership.kind);
    if (fee === undefined) {
      throw new AppError('invalidRequest', [
        { path: 'years', message: `Nessuna quota attiva per i soci di tipo ${membership.kind}.` },
      ]);
    }
    const note = body.note === undefined || body.note === '' ? null : body.note;
    const paymentId = await deps.payments.recordOfflinePayment(trx, {
      method: body.method,
      reference: `${body.paidOn}:${randomUUID()}`,
      memberId,
      accountName: `${membership.first_name} ${membership.last_name}`,
      fee,
      years,
      amountCents: body.amount,
      at: now,
      // The day staff say the money came in: the receipt's year and date (ADR 029, 2026-11-27).
      receivedOn: body.paidOn,
      note,
    });
    if (paymentId === null) throw new Error('pagamento a mano non registrato');
    await writeAudit(
      trx,
      actor,
      {
        action: 'registra pagamento',
        entity: 'payment',
        entityId: paymentId,
        summary: `Quota ${years.join(', ')} di ${membership.email}: ${italianEuroText(body.amount)} (${body.method}, ${body.paidOn})`,
        after: {
          anni: years,
          importo: body.amount,
          metodo: body.method,
          data: body.paidOn,
          nota: note,
        },
      },
      now,
    );
    return { paymentId };
  });
}

/**
 * Why the day entered for cash or card cannot be the day the money came in (ADR 029,
 * 2026-11-27), or null: never after today (Rome), never before the member's first year. The
 * receipt's fiscal year follows this day, so a typo must not move money between years.
 */
export function paidOnRefusal(paidOn: string, today: string, sinceYear: number): string | null {
  const future = paidOnInFutureRefusal(paidOn, today);
  if (future !== null) return future;
  if (Number(paidOn.slice(0, 4)) < sinceYear) {
    return `La data dell’incasso (${italianDate(paidOn)}) è precedente al primo anno del socio (${sinceYear}).`;
  }
  return null;
}

/** "La quota 2025 risulta già pagata o esonerata", with the plural for several years. */
export function yearsPaidOrExemptText(years: number[]): string {
  const list = years.join(', ');
  return years.length === 1
    ? `La quota ${list} risulta già pagata o esonerata`
    : `Le quote ${list} risultano già pagate o esonerate`;
}
