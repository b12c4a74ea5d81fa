import {
  adminListHref,
  type AdminListQuery,
  type AdminOutboxMessage,
  type AdminPage,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { countDead, deadPage, deleteDead, findRow, requeueDead } from './repository.js';

/** The dashboard's count (ADR 023): e-mails the server gave up delivering. */
export const outboxPendingWork: PendingWorkProvider = async (db) => [
  {
    key: 'email-non-consegnate',
    label: 'E-mail non consegnate',
    count: await countDead(db),
    href: adminListHref('posta-non-consegnata'),
  },
];

export interface OutboxAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Wakes the worker after a retry is committed. */
  notifyOutbox: () => void;
}

/**
 * The messages the outbox gave up on, in the back office (ADR 008, ADR 013): listed without
 * their text, retried or discarded. Every change has its audit entry in its transaction.
 */
export class OutboxAdminService {
  constructor(private readonly deps: OutboxAdminDeps) {}

  async listDeadMessages(query: AdminListQuery): Promise<AdminPage<AdminOutboxMessage>> {
    const { rows, total } = await deadPage(this.deps.db, query);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        ...describePayload(row.kind, row.payload_json),
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at,
      })),
      total,
    };
  }

  /** Puts a dead message back in the queue, as new: the worker tries it at once. */
  async retryMessage(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await deadRow(trx, id);
      await requeueDead(trx, id, now.toISOString());
      await writeAudit(
        trx,
        actor,
        {
          action: 'riprova',
          entity: 'outbox',
          entityId: id,
          summary: `Messaggio rimesso in coda (${row.kind}): ${describePayload(row.kind, row.payload_json).recipients}`,
        },
        now,
      );
    });
    this.deps.notifyOutbox();
  }

  async discardMessage(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await deadRow(trx, id);
      await deleteDead(trx, id);
      await writeAudit(
        trx,
        actor,
        {
          action: 'scarta',
          entity: 'outbox',
          entityId: id,
          summary: `Messaggio scartato (${row.kind}): ${describePayload(row.kind, row.payload_json).recipients}`,
          before: { errore: row.last_error, tentativi: row.attempts },
        },
        now,
      );
    });
  }
}

/** The row of a message given up on: 404 when unknown, 400 when it is not dead. */
async function deadRow(trx: Transaction<Database>, id: number) {
  const row = await findRow(trx, id);
  if (row === undefined) throw new AppError('notFound');
  if (row.status !== 'dead') {
    throw new AppError('invalidRequest', [
      { path: 'id', message: 'Il messaggio non è tra quelli non consegnati.' },
    ]);
  }
  return row;
}

/** Who a message was for and its subject: never its text (reset links carry tokens). */
function describePayload(
  kind: string,
  payloadJson: string,
): { recipients: string; subject: string | null } {
  try {
    const payload = JSON.parse(payloadJson) as {
      to?: unknown;
      subject?: unknown;
      subscriptionId?: unknown;
      paymentId?: unknown;
    };
    if (kind === 'mail') {
      return {
        recipients: Array.isArray(payload.to) ? payload.to.map(String).join(', ') : '',
        subject: typeof payload.subject === 'string' ? payload.subject : null,
      };
    }
    if (typeof payload.subscriptionId === 'number') {
      return { recipients: `iscrizione n. ${payload.subscriptionId}`, subject: null };
    }
    if (typeof payload.paymentId === 'number') {
      return { recipients: `pagamento n. ${payload.paymentId}`, subject: null };
    }
    return { recipients: '', subject: null };
  } catch {
    return { recipients: '', subject: null };
  }
}
