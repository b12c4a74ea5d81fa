import { z } from 'zod';
import type { MailConfig } from '../../config.js';
import type { FileStore } from '../../files/file-store.js';
import type { Mailer } from '../../mail/mailer.js';
import {
  outboxJob,
  PermanentDeliveryError,
  type ClaimedRow,
  type OutboxJobHandler,
} from './worker.js';

/** A mail row's payload as `enqueue` wrote it (`MailJob`). */
const MailJobSchema = z.object({
  to: z.array(z.string()),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ fileName: z.string(), sha256: z.string() })).optional(),
});

export interface MailJobDeps {
  files: FileStore;
  mailer: Mailer;
  mail: MailConfig;
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

/** The outbox's own job: an e-mail, its attachments read from the file store at send time. */
export function mailJob(deps: MailJobDeps): OutboxJobHandler {
  const { files, mailer, mail } = deps;
  const domain = senderDomain(mail.from);
  return outboxJob({
    kind: 'mail',
    payload: MailJobSchema,
    async handle(job, row) {
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
  });
}
