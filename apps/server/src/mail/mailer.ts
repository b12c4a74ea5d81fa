import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from '../files/data-dir.js';

/** One message, ready to go: addresses, text and attachments' bytes. */
export interface OutgoingMail {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  text: string;
  /** Stable per outbox row, so a message delivered twice can be recognised as one. */
  messageId: string;
  /** A file-name-safe key of the message (used by the offline transport). */
  key: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** Delivers messages; a rejected promise means "not delivered, try again later". */
export interface Mailer {
  readonly kind: 'smtp' | 'files';
  send(message: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Timeouts shorter than nodemailer's defaults (up to 10 minutes of silence): a stuck server
 * fails the attempt, the outbox tries again later.
 */
const SMTP_TIMEOUTS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
  dnsTimeout: 30_000,
};

/**
 * The mail transport of docs/architecture.md, "Side effects: nothing lost": SMTP when `SMTP_URL` is set; otherwise each
 * message is written as an `.eml` file under `DATA_DIR/mail/`, so a fresh install works offline
 * and nothing is lost.
 */
export function createMailer(options: { smtpUrl: string | null; mailDir: string }): Mailer {
  if (options.smtpUrl !== null) return smtpMailer(options.smtpUrl);
  return fileMailer(options.mailDir);
}

/** The message as nodemailer takes it, for both transports (so the `.eml` is what SMTP gets). */
function nodemailerMessage(message: OutgoingMail): SendMailOptions {
  return {
    from: message.from,
    to: message.to,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    subject: message.subject,
    text: message.text,
    messageId: message.messageId,
    attachments: message.attachments,
  };
}

function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail(nodemailerMessage(message));
    },
    close: () => transport.close(),
  };
}

function fileMailer(mailDir: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'files',
    async send(message) {
      const info = await transport.sendMail(nodemailerMessage(message));
      await fsp.mkdir(mailDir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
      // The name comes from the outbox row (never from request input); writing aside then
      // renaming means a reader never sees half a message, and a retry replaces, not duplicates.
      const target = path.join(mailDir, `${message.key}.eml`);
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fsp.writeFile(temporary, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
      await fsp.rename(temporary, target);
    },
    close: () => transport.close(),
  };
}
