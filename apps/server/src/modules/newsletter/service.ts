import {
  NEWSLETTER_CONFIRM_LINK_DAYS,
  NEWSLETTER_CONSENT,
  NEWSLETTER_PATHS,
  type NewsletterConfirmState,
  type NewsletterUnsubscribeState,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { maskEmail } from '../../mail/mask.js';
import { enqueue } from '../outbox/outbox.js';
import { AppError } from '../../http/app-error.js';
import type { PublicFormGate } from '../../security/public-forms.js';
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from '../../security/tokens.js';
import type { Clock } from '../../text/dates.js';
import {
  findSubscription,
  insertPending,
  markConfirmed,
  markUnsubscribed,
  renewPending,
  type PendingValues,
  type SubscriptionRow,
} from './repository.js';

/** A repeated signup of a pending address mails it again only after this long. */
export const CONFIRMATION_RESEND_MS = 15 * 60_000;
const CONFIRM_LINK_MS = NEWSLETTER_CONFIRM_LINK_DAYS * 86_400_000;

export interface NewsletterServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  society: { acronym: string; name: string; publicBaseUrl: string };
  /** Whether confirmed addresses are forwarded to MailUp (credentials configured). */
  mailupEnabled: boolean;
  /** Wakes the outbox worker after a commit. */
  notifyOutbox: () => void;
  /** The public forms' hourly limits (ADR 040): each sign-up may send a confirmation mail. */
  publicForms: PublicFormGate;
}

/**
 * Newsletter signup with double opt-in (ADR 008): a signup stores a pending subscription with
 * its consent record and queues a confirmation e-mail; only confirmed addresses count, and
 * only those are forwarded to MailUp (when configured).
 */
export class NewsletterService {
  constructor(private readonly deps: NewsletterServiceDeps) {}

  /**
   * POST /Account/SubscribeMailUp. Idempotent: a confirmed address is left as it is; a pending
   * one is mailed again only after CONFIRMATION_RESEND_MS, so the form cannot be used to flood
   * someone's mailbox.
   */
  async subscribe(rawEmail: string, ip: string | null): Promise<void> {
    const email = rawEmail.trim().toLowerCase();
    const wait = await this.deps.publicForms.admit('newsletter', ip);
    if (wait !== null) throw new AppError('tooManyRequests', undefined, wait);
    const now = this.deps.clock();
    const queued = await this.deps.db.transaction().execute(async (trx) => {
      const existing = await findSubscription(trx, 'email', email);
      if (existing?.status === 'confirmed') return false;
      if (
        existing?.status === 'pending' &&
        existing.confirmation_sent_at !== null &&
        now.getTime() - Date.parse(existing.confirmation_sent_at) < CONFIRMATION_RESEND_MS
      ) {
        return false;
      }
      const confirmToken = newLinkToken();
      const unsubscribeToken = newLinkToken();
      const values: PendingValues = {
        email,
        confirmHash: hashLinkToken(confirmToken),
        unsubscribeHash: hashLinkToken(unsubscribeToken),
        consentTextVersion: NEWSLETTER_CONSENT.version,
        consentIp: ip,
        now: now.toISOString(),
      };
      const stored =
        existing === undefined
          ? (await insertPending(trx, values)) !== null
          : await renewPending(trx, existing.id, existing.updated_at, values);
      if (!stored) return false; // a simultaneous request got there first and mails instead
      await enqueue(trx, 'mail', this.confirmationMail(email, confirmToken, unsubscribeToken), now);
      return true;
    });
    if (queued) {
      this.deps.notifyOutbox();
      this.deps.logger.info({ email: maskEmail(email) }, 'newsletter: conferma richiesta');
    }
  }

  async confirmState(token: string): Promise<NewsletterConfirmState> {
    const row = await this.byToken('confirm_token_hash', token);
    if (row === undefined) return 'non-valido';
    if (row.status === 'confirmed') return 'confermata';
    return this.confirmable(row) ? 'da-confermare' : 'non-valido';
  }

  /** Confirms the address of a valid link; forwards it to MailUp when configured. */
  async confirm(token: string): Promise<NewsletterConfirmState> {
    const row = await this.byToken('confirm_token_hash', token);
    if (row === undefined) return 'non-valido';
    if (row.status === 'confirmed') return 'confermata';
    if (!this.confirmable(row)) return 'non-valido';
    const now = this.deps.clock();
    const confirmed = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await markConfirmed(trx, row.id, now.toISOString()))) return false;
      if (this.deps.mailupEnabled)
        await enqueue(trx, 'mailup.subscribe', { subscriptionId: row.id }, now);
      return true;
    });
    if (confirmed) {
      if (this.deps.mailupEnabled) this.deps.notifyOutbox();
      this.deps.logger.info({ subscriptionId: row.id }, 'newsletter: iscrizione confermata');
    }
    return this.confirmState(token);
  }

  async unsubscribeState(token: string): Promise<NewsletterUnsubscribeState> {
    const row = await this.byToken('unsubscribe_token_hash', token);
    if (row === undefined) return 'non-valido';
    return row.status === 'unsubscribed' ? 'annullata' : 'attiva';
  }

  /** Withdraws the subscription (pending or confirmed); withdraws it at MailUp too. */
  async unsubscribe(token: string): Promise<NewsletterUnsubscribeState> {
    const row = await this.byToken('unsubscribe_token_hash', token);
    if (row === undefined) return 'non-valido';
    if (row.status === 'unsubscribed') return 'annullata';
    if (await this.withdraw(row)) {
      this.deps.logger.info({ subscriptionId: row.id }, 'newsletter: iscrizione annullata');
    }
    return this.unsubscribeState(token);
  }

  /**
   * Withdraws a subscription on the subscriber's request, from the back office (ADR 013): the
   * same change as the unsubscribe link, and `record` (the audit entry) in its transaction.
   * False when it was already withdrawn or does not exist.
   */
  async withdrawById(
    id: number,
    record: (trx: Transaction<Database>, email: string) => Promise<void>,
  ): Promise<boolean> {
    const row = await findSubscription(this.deps.db, 'id', id);
    if (row === undefined || row.status === 'unsubscribed') return false;
    return this.withdraw(row, record);
  }

  /**
   * Withdraws a pending or confirmed subscription, at MailUp too when it was forwarded there,
   * with `record` in the same transaction. False when a simultaneous change got there first.
   */
  private async withdraw(
    row: SubscriptionRow,
    record?: (trx: Transaction<Database>, email: string) => Promise<void>,
  ): Promise<boolean> {
    const now = this.deps.clock();
    const forward = this.deps.mailupEnabled && row.status === 'confirmed';
    const withdrawn = await this.deps.db.transaction().execute(async (trx) => {
      if (!(await markUnsubscribed(trx, row.id, row.status, now.toISOString()))) return false;
      if (forward) await enqueue(trx, 'mailup.unsubscribe', { subscriptionId: row.id }, now);
      await record?.(trx, row.email);
      return true;
    });
    if (withdrawn && forward) this.deps.notifyOutbox();
    return withdrawn;
  }

  private confirmable(row: { status: string; confirmation_sent_at: string | null }): boolean {
    if (row.status !== 'pending' || row.confirmation_sent_at === null) return false;
    return this.deps.clock().getTime() - Date.parse(row.confirmation_sent_at) <= CONFIRM_LINK_MS;
  }

  /** The subscription of a confirm or unsubscribe link's token (only its hash is stored). */
  private byToken(column: 'confirm_token_hash' | 'unsubscribe_token_hash', token: string) {
    if (!isLinkTokenShaped(token)) return Promise.resolve(undefined);
    return findSubscription(this.deps.db, column, hashLinkToken(token));
  }

  private confirmationMail(email: string, confirmToken: string, unsubscribeToken: string) {
    const { acronym, name, publicBaseUrl } = this.deps.society;
    const link = (path: string, token: string) =>
      `${publicBaseUrl}${path}?token=${encodeURIComponent(token)}`;
    return {
      to: [email],
      subject: `Conferma l’iscrizione alla newsletter ${acronym}`,
      text: [
        'Gentile lettrice, gentile lettore,',
        '',
        `abbiamo ricevuto una richiesta di iscrizione alla newsletter della ${name} (${acronym}) per questo indirizzo e-mail.`,
        '',
        `Per confermarla apri questo link entro ${NEWSLETTER_CONFIRM_LINK_DAYS} giorni e premi "Conferma l’iscrizione":`,
        link(NEWSLETTER_PATHS.confirm, confirmToken),
        '',
        'Se non hai chiesto tu l’iscrizione, ignora questo messaggio: senza conferma non riceverai la newsletter.',
        'Per annullare la richiesta, o in seguito l’iscrizione, apri questo link:',
        link(NEWSLETTER_PATHS.unsubscribe, unsubscribeToken),
        '',
        name,
      ].join('\n'),
    };
  }
}
