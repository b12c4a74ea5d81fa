import type { AdminListQuery, AdminNewsletterSubscriber, AdminPage } from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { toCsv } from '../../text/csv.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import {
  allSubscriptions,
  subscriptionPage,
  type SubscriberFilter,
  type SubscriptionRow,
} from './repository.js';
import type { NewsletterService } from './service.js';

const SUBSCRIBER_LABEL: Record<AdminNewsletterSubscriber['status'], string> = {
  pending: 'in attesa di conferma',
  confirmed: 'confermata',
  unsubscribed: 'annullata',
};

export interface NewsletterAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The signup's own withdrawal (one rule for the link and the back office, ADR 008). */
  newsletter: Pick<NewsletterService, 'withdrawById'>;
}

/**
 * The newsletter subscribers in the back office (ADR 013): read, withdrawn on the subscriber's
 * request, exported. Every change and every export has its audit entry.
 */
export class NewsletterAdminService {
  constructor(private readonly deps: NewsletterAdminDeps) {}

  async listSubscribers(
    query: AdminListQuery & SubscriberFilter,
  ): Promise<AdminPage<AdminNewsletterSubscriber>> {
    const { rows, total } = await subscriptionPage(this.deps.db, query);
    return { items: rows.map(toSubscriber), total };
  }

  /** Withdraws a subscription at the subscriber's request (also at MailUp when forwarded). */
  async withdrawSubscriber(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    const withdrawn = await this.deps.newsletter.withdrawById(id, async (trx, email) => {
      await writeAudit(
        trx,
        actor,
        {
          action: 'annulla iscrizione',
          entity: 'newsletter',
          entityId: id,
          summary: `Iscrizione alla newsletter annullata su richiesta: ${email}`,
        },
        now,
      );
    });
    if (!withdrawn) {
      throw new AppError('invalidRequest', [
        { path: 'id', message: 'L’iscrizione non esiste o è già annullata.' },
      ]);
    }
  }

  async exportSubscribers(actor: Actor, filter: SubscriberFilter): Promise<string> {
    const rows = await allSubscriptions(this.deps.db, filter);
    // An export of personal data is itself a staff action worth recording.
    await writeAudit(
      this.deps.db,
      actor,
      {
        action: 'esporta',
        entity: 'newsletter',
        entityId: null,
        summary: `Esportati ${rows.length} iscritti alla newsletter${filter.status ? ` (${SUBSCRIBER_LABEL[filter.status]})` : ''}`,
      },
      this.deps.clock(),
    );
    return toCsv([
      ['email', 'stato', 'consenso', 'conferma', 'annullamento'],
      ...rows.map((row) => [
        row.email,
        SUBSCRIBER_LABEL[row.status],
        row.consent_at,
        row.confirmed_at ?? '',
        row.unsubscribed_at ?? '',
      ]),
    ]);
  }
}

function toSubscriber(row: SubscriptionRow): AdminNewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    consentAt: row.consent_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
  };
}
