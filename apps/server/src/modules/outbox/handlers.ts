import type { Kysely } from 'kysely';
import type { MailConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import type { Mailer } from '../../mail/mailer.js';
import type { MailUpClient } from '../../mailup/mailup-client.js';
import { findSubscription, setMailUpRecipient } from '../newsletter/repository.js';
import { PermanentDeliveryError, type ClaimedRow, type OutboxHandlers } from './worker.js';

export interface OutboxHandlerDeps {
  db: Kysely<Database>;
  files: FileStore;
  mailer: Mailer;
  mail: MailConfig;
  /** Null when MailUp is not configured: its jobs are never queued then. */
  mailup: MailUpClient | null;
  /** Checks reported fee payments with PayPal (ADR 012). */
  verifyPayment: (paymentId: number) => Promise<void>;
  /** Reads a saved PDF's text into the site search's index (ADR 025). */
  extractSearchDocument: (attachmentId: number) => Promise<void>;
}

/** The domain of the sender's address, for Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'localhost';
}

/** `20261122T101500123Z-42`: sorts by creation, unique per row, safe as a file name. */
function messageKey(row: ClaimedRow): string {
  return `${row.createdAt.replace(/[-:.]/g, '')}-${row.id}`;
}

/** What each kind of outbox row does when its turn comes. */
export function outboxHandlers(deps: OutboxHandlerDeps): OutboxHandlers {
  const { db, files, mailer, mail, mailup, verifyPayment, extractSearchDocument } = deps;
  const domain = senderDomain(mail.from);

  return {
    async mail(job, row) {
      const attachments = await Promise.all(
        (job.attachments ?? []).map(async (attachment) => {
          let content: Buffer;
          try {
            content = await files.read(attachment.sha256);
          } catch (error) {
            throw new PermanentDeliveryError(`allegato mancante: ${attachment.fileName}`, {
              cause: error,
            });
          }
          return { filename: attachment.fileName, content, contentType: 'application/pdf' };
        }),
      );
      await mailer.send({
        from: mail.from,
        to: job.to,
        ...(job.replyTo ? { replyTo: job.replyTo } : {}),
        subject: job.subject,
        text: job.text,
        // The same id on every attempt: a message delivered twice reads as one.
        messageId: `<outbox-${messageKey(row)}@${domain}>`,
        key: messageKey(row),
        attachments,
      });
    },

    async 'mailup.subscribe'(job) {
      if (mailup === null) throw new PermanentDeliveryError('MailUp non è configurato');
      const subscription = await findSubscription(db, 'id', job.subscriptionId);
      // Withdrawn meanwhile, or already forwarded: nothing to do.
      if (subscription?.status !== 'confirmed' || subscription.mailup_recipient_id !== null) return;
      const recipientId = await mailup.subscribe(subscription.email);
      await setMailUpRecipient(db, job.subscriptionId, recipientId);
    },

    async 'mailup.unsubscribe'(job) {
      if (mailup === null) throw new PermanentDeliveryError('MailUp non è configurato');
      const subscription = await findSubscription(db, 'id', job.subscriptionId);
      // Never forwarded, or subscribed again meanwhile: nothing to withdraw.
      if (
        subscription === undefined ||
        subscription.mailup_recipient_id === null ||
        subscription.status === 'confirmed'
      )
        return;
      await mailup.unsubscribe(subscription.mailup_recipient_id);
      await setMailUpRecipient(db, job.subscriptionId, null);
    },

    async 'payment.verify'(job) {
      await verifyPayment(job.paymentId);
    },

    async 'search.extract'(job) {
      await extractSearchDocument(job.attachmentId);
    },
  };
}
