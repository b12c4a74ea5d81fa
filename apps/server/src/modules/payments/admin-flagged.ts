import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import { closeFlaggedPayment } from './flagged-repository.js';
import { findPayment } from './repository.js';
import type { PaymentService } from './service.js';

export interface FlaggedPaymentDeps {
  db: Kysely<Database>;
  clock: Clock;
  payments: Pick<PaymentService, 'settleVerified' | 'reopenYears'>;
  notifyOutbox: () => void;
}

/**
 * Staff's decision on a "da controllare" payment (ADR 029): accepted with a note (its years
 * paid and its receipt numbered by the one settling function), or marked to be refunded (its
 * years open again). Audited; of two staff members deciding at once, the second is told.
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
      status: decision === 'accept' ? 'verified' : 'rejected',
      reason,
      now: now.toISOString(),
    });
    if (!closed) {
      throw new AppError('invalidRequest', [
        { path: 'status', message: 'Il pagamento non è più da controllare.' },
      ]);
    }
    if (decision === 'accept') {
      await deps.payments.settleVerified(trx, payment, payment.payer_email, now);
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
        after: { stato: decision === 'accept' ? 'verified' : 'rejected', motivo: reason },
      },
      now,
    );
  });
  deps.notifyOutbox();
}
