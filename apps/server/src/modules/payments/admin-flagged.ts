import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import { closeFlaggedPayment, closeRefundDue } from './flagged-repository.js';
import { findPayment } from './repository.js';
import type { PaymentService } from './service.js';

export interface FlaggedPaymentDeps {
  db: Kysely<Database>;
  clock: Clock;
  payments: Pick<PaymentService, 'settleVerified' | 'reopenYears' | 'cancelReceiptOf'>;
  notifyOutbox: () => void;
}

/**
 * Staff's decision on a payment (ADR 029): a "da controllare" one accepted with a note (its
 * years paid and its receipt numbered by the one settling function); a "da controllare" or a
 * verified one (a duplicate) marked "da rimborsare" (`to_refund`: the years it settled open
 * again, its receipt stays until the refund is recorded). Audited; of two staff members
 * deciding at once, the second is told.
 */
export async function decideFlaggedPayment(
  deps: FlaggedPaymentDeps,
  actor: Actor,
  id: number,
  decision: 'accept' | 'refund',
  note: string,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const payment = await findPayment(trx, id);
    if (payment === undefined) throw new AppError('notFound');
    const reason =
      decision === 'accept'
        ? `Accettato dalla segreteria: ${note}`
        : `Da rimborsare (segreteria): ${note}`;
    const closed = await closeFlaggedPayment(trx, id, {
      from: decision === 'accept' ? ['flagged'] : ['flagged', 'verified'],
      status: decision === 'accept' ? 'verified' : 'to_refund',
      reason,
      now: now.toISOString(),
    });
    if (!closed) {
      throw new AppError('invalidRequest', [
        {
          path: 'status',
          message:
            decision === 'accept'
              ? 'Il pagamento non è più da controllare.'
              : 'Solo un pagamento da controllare o verificato si può segnare da rimborsare.',
        },
      ]);
    }
    // Accepted, but every year it pays was settled meanwhile: the settling made it "da rimborsare".
    let outcome: 'verified' | 'to_refund' = decision === 'accept' ? 'verified' : 'to_refund';
    if (decision === 'accept') {
      const settled = await deps.payments.settleVerified(trx, payment, payment.payer_email, now);
      if (settled === 'paidTwice') outcome = 'to_refund';
    } else {
      await deps.payments.reopenYears(trx, payment, now);
    }
    await writeAudit(
      trx,
      actor,
      {
        action: decision === 'accept' ? 'accetta pagamento' : 'segna da rimborsare',
        entity: 'payment',
        entityId: id,
        summary: `Pagamento ${payment.paypal_order_id}: ${reason}`,
        before: { stato: payment.status, motivo: payment.flag_reason },
        after: { stato: outcome, motivo: reason },
      },
      now,
    );
  });
  deps.notifyOutbox();
}

/**
 * The refund of a payment "da rimborsare" made (ADR 029): `refunded` with staff's note, and a
 * cancelling receipt when the payment had a receipt (ADR 030, never a deletion). Audited; of two
 * staff members recording it at once, the second is told.
 */
export async function recordRefundMade(
  deps: FlaggedPaymentDeps,
  actor: Actor,
  id: number,
  note: string,
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction().execute(async (trx) => {
    const payment = await findPayment(trx, id);
    if (payment === undefined) throw new AppError('notFound');
    const reason = `Rimborsato (segreteria): ${note}`;
    if (!(await closeRefundDue(trx, id, { reason, now: now.toISOString() }))) {
      throw new AppError('invalidRequest', [
        { path: 'status', message: 'Il pagamento non è più da rimborsare.' },
      ]);
    }
    await deps.payments.cancelReceiptOf(trx, payment, now);
    await writeAudit(
      trx,
      actor,
      {
        action: 'registra rimborso',
        entity: 'payment',
        entityId: id,
        summary: `Pagamento ${payment.paypal_order_id}: ${reason}`,
        before: { stato: payment.status, motivo: payment.flag_reason },
        after: { stato: 'refunded', motivo: reason },
      },
      now,
    );
  });
  deps.notifyOutbox();
}
