import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { AppConfig } from './config.js';
import type { DatabaseEngine } from './db/database.js';
import type { Database } from './db/schema.js';
import type { FileStore } from './files/file-store.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { MailUpClient } from './mailup/mailup-client.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { PaymentService } from './modules/payments/service.js';
import { PayPalClient } from './paypal/paypal-client.js';
import { SponsorshipService } from './modules/sponsorship/service.js';
import { outboxHandlers } from './modules/outbox/handlers.js';
import { OutboxWorker } from './modules/outbox/worker.js';
import type { Clock } from './text/dates.js';

export interface MailServices {
  /** Delivers the outbox; started with the app, stopped before the database closes. */
  outbox: OutboxWorker;
  mailer: Mailer;
  newsletter: NewsletterService;
  sponsorship: SponsorshipService;
  /** Fee payments reported by the browser, verified with PayPal through the outbox. */
  payments: PaymentService;
}

export interface MailServicesDeps {
  config: AppConfig;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  /** `manual` leaves delivery to explicit `outbox.runOnce()` calls (tests). */
  outboxMode: 'auto' | 'manual';
  /** A transport to use instead of the configured one (tests). */
  mailer?: Mailer;
}

/** Everything that sends something out (issue 5): the outbox, and the forms that feed it. */
export function createMailServices(deps: MailServicesDeps): MailServices {
  const { config, db, engine, files, clock, logger } = deps;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') });
  const mailup = config.mailup === null ? null : new MailUpClient(config.mailup, clock);
  const { credentials } = config.paypal;
  const payments = new PaymentService({
    db,
    clock,
    logger: logger.child({ component: 'payments' }),
    paypal:
      credentials === null
        ? null
        : new PayPalClient({ apiBaseUrl: config.paypal.apiBaseUrl, ...credentials, now: clock }),
    webhookId: config.paypal.webhookId,
    secretariat: config.mail.secretariat,
    society: { acronym: config.societyAcronym, name: config.societyName },
    // The worker below exists by the time a payment is recorded.
    notifyOutbox: () => outbox.notify(),
  });
  const outbox = new OutboxWorker({
    db,
    clock,
    logger: logger.child({ component: 'outbox' }),
    maxAttempts: config.outboxMaxAttempts,
    mode: deps.outboxMode,
    handlers: outboxHandlers({
      db,
      files,
      mailer,
      mail: config.mail,
      mailup,
      verifyPayment: (paymentId) => payments.verify(paymentId),
    }),
  });
  const notifyOutbox = () => outbox.notify();
  const society = {
    acronym: config.societyAcronym,
    name: config.societyName,
    publicBaseUrl: config.publicBaseUrl,
  };
  return {
    outbox,
    mailer,
    payments,
    newsletter: new NewsletterService({
      db,
      clock,
      logger,
      society,
      mailupEnabled: mailup !== null,
      notifyOutbox,
    }),
    sponsorship: new SponsorshipService({
      db,
      engine,
      files,
      clock,
      logger,
      maxFileBytes: config.sponsorship.maxFileBytes,
      maxFileMb: config.sponsorship.maxFileMb,
      secretariat: config.mail.secretariat,
      society,
      notifyOutbox,
    }),
  };
}
