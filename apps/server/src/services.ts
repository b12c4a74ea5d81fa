import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { ContentCache } from './cache/content-cache.js';
import type { AppConfig } from './config.js';
import type { DatabaseEngine } from './db/database.js';
import type { Database } from './db/schema.js';
import type { FileStore } from './files/file-store.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { MailUpClient } from './mailup/mailup-client.js';
import { MembersAdminService } from './modules/accounts/members-admin-service.js';
import { AccountService } from './modules/accounts/service.js';
import { TwoFactorService } from './modules/accounts/two-factor.js';
import { ContentAdminService } from './modules/content/admin-service.js';
import { ContentPublicReads } from './modules/content/public-reads.js';
import { ContentService } from './modules/content/service.js';
import { MagazineAdminService } from './modules/magazine/admin-service.js';
import { MagazineService } from './modules/magazine/service.js';
import { MembershipAdminService } from './modules/membership/admin-service.js';
import { MemberProfiles } from './modules/membership/profile.js';
import { MembershipService } from './modules/membership/service.js';
import { BankStatementService } from './modules/membership/bank-statement-import.js';
import { FeeYearsAdmin } from './modules/membership/dues/admin-fee-years.js';
import { OfflineDues } from './modules/membership/dues/offline-payment.js';
import { DuesPurpose } from './modules/membership/dues/purpose.js';
import type { HandPaymentDeps } from './modules/membership/hand-payments.js';
import type { FlaggedPaymentDeps } from './modules/payments/admin-flagged.js';
import { NewsAdminService } from './modules/news/admin-service.js';
import { NewsPublicationSchedule } from './modules/news/publication-schedule.js';
import { PeriodicJob } from './db/scheduled-runs.js';
import { NewsPublicReads } from './modules/news/public-reads.js';
import { NewsService } from './modules/news/service.js';
import { NewsletterAdminService } from './modules/newsletter/admin-service.js';
import { mailUpJobs } from './modules/newsletter/outbox-jobs.js';
import { NewsletterService } from './modules/newsletter/service.js';
import { OperationsService } from './modules/operations/service.js';
import { OutboxAdminService } from './modules/outbox/admin-service.js';
import { mailJob } from './modules/outbox/mail-job.js';
import { OutboxWorker } from './modules/outbox/worker.js';
import { PaymentsAdminService } from './modules/payments/admin-service.js';
import { paymentVerifyJob } from './modules/payments/outbox-jobs.js';
import { PaymentPurposes } from './modules/payments/purposes.js';
import { Receipts } from './modules/payments/receipts.js';
import { PaymentService } from './modules/payments/service.js';
import { ReservedAdminService } from './modules/reserved-area/admin-service.js';
import { ReservedAreaService } from './modules/reserved-area/service.js';
import { SearchAdminService } from './modules/search/admin-service.js';
import { SearchIndexer } from './modules/search/indexer.js';
import { searchExtractJob } from './modules/search/outbox-jobs.js';
import type { SearchSource } from './modules/search/sources.js';
import { unusedImageFiles } from './modules/content/repository.js';
import { contentSearchSource } from './modules/content/search-source.js';
import { magazineSearchSource } from './modules/magazine/search-source.js';
import { newsSearchSource } from './modules/news/search-source.js';
import { reservedSearchSource } from './modules/reserved-area/search-source.js';
import { transparencySearchSource } from './modules/transparency/search-source.js';
import { SearchService } from './modules/search/service.js';
import { SponsorshipAdminService } from './modules/sponsorship/admin-service.js';
import { SponsorshipService } from './modules/sponsorship/service.js';
import { TransparencyAdminService } from './modules/transparency/admin-service.js';
import { TransparencyReminders } from './modules/transparency/reminders.js';
import { DuesReminders } from './modules/membership/reminders.js';
import { DuesReminderTextsAdmin } from './modules/membership/admin-reminder-texts.js';
import { TransparencyService } from './modules/transparency/service.js';
import { PayPalClient } from './paypal/paypal-client.js';
import { loadJwtSecret, SessionTokens } from './security/session-tokens.js';
import { PasswordHashing } from './security/passwords.js';
import { PublicFormGate } from './security/public-forms.js';
import { Throttle } from './security/throttle.js';
import type { Clock } from './text/dates.js';

/** The back office's services, one per domain (ADR 013); only the staff routes use them. */
export interface StaffServices {
  news: NewsAdminService;
  members: MembersAdminService;
  magazine: MagazineAdminService;
  payments: PaymentsAdminService;
  /** The fee of each year, with the dues (ADR 029, ADR 045). */
  feeYears: FeeYearsAdmin;
  content: ContentAdminService;
  sponsorship: SponsorshipAdminService;
  newsletter: NewsletterAdminService;
  outbox: OutboxAdminService;
  reserved: ReservedAdminService;
  transparency: TransparencyAdminService;
  search: SearchAdminService;
  membership: MembershipAdminService;
  /** The texts of the dues reminders (ADR 030, amended 28 November 2026). */
  reminderTexts: DuesReminderTextsAdmin;
  bank: BankStatementService;
  handPayments: HandPaymentDeps;
  flaggedPayments: FlaggedPaymentDeps;
}

/** What the routes and the SSR loaders are given: services, never raw requests. */
export interface AppServices {
  config: AppConfig;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
  news: NewsService;
  newsReads: NewsPublicReads;
  /** Scheduled news go public at their time (ADR 023); started and stopped with the app. */
  newsSchedule: NewsPublicationSchedule;
  content: ContentService;
  contentReads: ContentPublicReads;
  reservedArea: ReservedAreaService;
  magazine: MagazineService;
  accounts: AccountService;
  /** argon2 through the bounded queue, with the decoy hash (ADR 021). */
  passwords: PasswordHashing;
  /** Two-factor sign-in of staff accounts (ADR 017). */
  twoFactor: TwoFactorService;
  newsletter: NewsletterService;
  sponsorship: SponsorshipService;
  /** The public forms' hourly limits and upload budget (ADR 040). */
  publicForms: PublicFormGate;
  /** Fee payments reported by the browser, verified with PayPal through the outbox. */
  payments: PaymentService;
  /** Dues ledger and good standing (ADR 024). */
  membership: MembershipService;
  /** Numbered receipts as PDFs, cancelling receipts (ADR 030). */
  receipts: Receipts;
  /** "Il mio profilo" (ADR 030). */
  memberProfiles: MemberProfiles;
  /** Delivers the outbox; started with the app, stopped before the database closes. */
  outbox: OutboxWorker;
  /** The site search and the index the content's saves keep in step (ADR 025). */
  search: SearchService;
  searchIndex: SearchIndexer;
  mailer: Mailer;
  staff: StaffServices;
  /** Readiness and metrics (ADR 028). */
  operations: OperationsService;
  /** "Società trasparente", the feeds, the sitemap (ADR 026). */
  transparency: TransparencyService;
  /** The hourly check that reminds staff of the yearly publications (ADR 026). */
  transparencyReminders: TransparencyReminders;
  duesReminders: DuesReminders;
  /** Deletes for good what has been in the bins 30 days, hourly, one instance (ADR 031, 033). */
  binPurge: PeriodicJob;
}

const BIN_PURGE_EVERY_MS = 3_600_000;

/**
 * The records the site search indexes, one source per domain that has them (ADR 025, 044):
 * search owns the interface and imports no domain.
 */
export const SEARCH_SOURCES: readonly SearchSource[] = [
  newsSearchSource,
  contentSearchSource,
  reservedSearchSource,
  magazineSearchSource,
  transparencySearchSource,
];

export interface ServiceDeps {
  config: AppConfig;
  db: Kysely<Database>;
  engine: DatabaseEngine;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  /** `manual` leaves delivery to explicit `outbox.runOnce()` calls (tests). */
  outboxMode: 'auto' | 'manual';
  /** `manual` leaves the transparency reminders to explicit `runOnce()` calls (tests). */
  remindersMode?: 'auto' | 'manual';
  /** A transport to use instead of the configured SMTP or `.eml` files (tests). */
  mailer?: Mailer;
}

/**
 * The composition root: every service of the application is built here, once, from the
 * configuration and the opened database; `app.ts` only registers plugins, hooks and routes.
 */
export function createServices(deps: ServiceDeps): AppServices {
  const { config, db, engine, files, clock, logger } = deps;
  const society = {
    acronym: config.societyAcronym,
    name: config.societyName,
    publicBaseUrl: config.publicBaseUrl,
  };
  // Services that queue messages wake the worker; it exists by the time anything is queued.
  const notifyOutbox = () => outbox.notify();

  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, mailDir: path.join(config.dataDir, 'mail') });
  const mailup = config.mailup === null ? null : new MailUpClient(config.mailup, clock);
  const standingRules = {
    graceUntil: config.membership.graceUntil,
    lapseAfterYears: config.membership.lapseAfterYears,
  };
  const throttle = new Throttle(db, clock);
  const publicForms = new PublicFormGate(
    throttle,
    config.publicForms,
    config.publicUploadBytesPerHour,
  );
  const membership = new MembershipService({
    db,
    files,
    clock,
    publicForms,
    logger: logger.child({ component: 'membership' }),
    rules: standingRules,
    bankAccount: config.membership.bankAccount,
    secretariat: config.mail.secretariat,
    society: { acronym: config.societyAcronym },
    notifyOutbox,
  });
  // Payments know no domain: each owner registers what payments may be for (ADR 045).
  const dues = new DuesPurpose(membership);
  const purposes = new PaymentPurposes().register(dues);
  const receipts = new Receipts({
    db,
    files,
    issuer: {
      name: config.societyName,
      acronym: config.societyAcronym,
      ...config.societyLegal,
    },
    stampDutyExempt: config.societyStatus.stampDutyExempt,
    purposes,
  });
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
    notifyOutbox,
    purposes,
    checkout: dues,
    receipts,
  });
  const offlineDues = new OfflineDues(payments, dues);
  const searchIndex = new SearchIndexer({
    db,
    files,
    clock,
    logger: logger.child({ component: 'search' }),
    context: { societyAcronym: config.societyAcronym },
    sources: SEARCH_SOURCES,
    notifyOutbox,
  });
  const outbox = new OutboxWorker({
    db,
    clock,
    logger: logger.child({ component: 'outbox' }),
    maxAttempts: config.outboxMaxAttempts,
    mode: deps.outboxMode,
    // Each kind of job from its owner (ADR 044): the outbox runs what it is given.
    handlers: [
      mailJob({ files, mailer, mail: config.mail }),
      ...mailUpJobs({ db, mailup }),
      paymentVerifyJob((paymentId) => payments.verify(paymentId)),
      searchExtractJob((attachmentId) => searchIndex.extractDocument(attachmentId)),
    ],
  });
  const newsletter = new NewsletterService({
    db,
    clock,
    logger,
    publicForms,
    society,
    mailupEnabled: mailup !== null,
    notifyOutbox,
  });

  const jwtSecret = loadJwtSecret(config.jwtSecret, config.dataDir);
  const tokens = new SessionTokens(jwtSecret, clock, config.staff.sessionMinutes * 60);
  const passwords = new PasswordHashing(config.passwordHashing);
  const twoFactor = new TwoFactorService({
    db,
    clock,
    tokens,
    throttle,
    logger: logger.child({ component: 'two-factor' }),
    serverSecret: jwtSecret,
    issuer: config.societyAcronym,
    required: config.staff.twoFactorRequired,
  });

  // Several instances share PostgreSQL: each cached answer checks the version row (ADR 033).
  const contentCache = new ContentCache(db, {
    maxBytes: config.contentCacheBytes,
    ...(engine === 'postgres' ? { versionCheckMs: 0 } : {}),
  });
  const news = new NewsService({
    db,
    engine,
    files,
    clock,
    articleParts: contentCache.sharedParts(),
  });
  const content = new ContentService({ db, files, clock });
  const transparency = new TransparencyService({
    db,
    clock,
    cache: contentCache,
    news,
    society,
    status: config.societyStatus,
  });
  const transparencyReminders = new TransparencyReminders({
    db,
    clock,
    logger: logger.child({ component: 'transparency' }),
    recipients: config.mail.secretariat,
    society,
    notifyOutbox,
    mode: deps.remindersMode ?? deps.outboxMode,
  });

  // The bins' purge runs over every bin: news and categories, the reserved area's records, the
  // bulletin's issues, the board (ADR 031).
  const newsAdmin = new NewsAdminService({
    db,
    files,
    clock,
    contentCache,
    searchIndex,
    publicNews: news,
    unusedImageFiles,
  });
  const reservedAdmin = new ReservedAdminService({ db, files, clock, searchIndex });
  const magazineAdmin = new MagazineAdminService({ db, files, clock, searchIndex });
  const transparencyAdmin = new TransparencyAdminService({
    db,
    files,
    clock,
    contentCache,
    searchIndex,
  });
  const contentAdmin = new ContentAdminService({
    db,
    files,
    clock,
    contentCache,
    societyAcronym: config.societyAcronym,
    searchIndex,
  });
  return {
    config,
    db,
    engine,
    files,
    clock,
    publicForms,
    contentCache,
    news,
    newsReads: new NewsPublicReads(news, contentCache, clock),
    newsSchedule: new NewsPublicationSchedule({ db, news, clock, contentCache }),
    binPurge: new PeriodicJob({
      db,
      name: 'bin-purge',
      clock,
      everyMs: BIN_PURGE_EVERY_MS,
      logger: logger.child({ component: 'bin' }),
      failureMessage: 'svuotamento dei cestini non riuscito',
      work: async () =>
        (await newsAdmin.purgeExpired()) +
        (await reservedAdmin.purgeExpired()) +
        (await magazineAdmin.purgeExpired()) +
        (await transparencyAdmin.purgeExpired()) +
        (await contentAdmin.purgeExpired()),
    }),
    content,
    contentReads: new ContentPublicReads(content, contentCache),
    reservedArea: new ReservedAreaService({ db, engine, files, clock }),
    magazine: new MagazineService({ db, engine, clock }),
    accounts: new AccountService({
      db,
      clock,
      tokens,
      throttle,
      passwords,
      twoFactor,
      logger: logger.child({ component: 'account' }),
      society,
      notifyOutbox,
    }),
    passwords,
    twoFactor,
    newsletter,
    sponsorship: new SponsorshipService({
      db,
      engine,
      files,
      publicForms,
      clock,
      logger,
      maxFileBytes: config.sponsorship.maxFileBytes,
      maxFileMb: config.sponsorship.maxFileMb,
      secretariat: config.mail.secretariat,
      society,
      notifyOutbox,
    }),
    payments,
    membership,
    receipts,
    memberProfiles: new MemberProfiles({
      db,
      clock,
      logger: logger.child({ component: 'membership' }),
      rules: standingRules,
    }),
    outbox,
    search: new SearchService({ db, engine, clock }),
    searchIndex,
    mailer,
    operations: new OperationsService({ db, engine, dataDir: config.dataDir }),
    transparency,
    transparencyReminders,
    duesReminders: new DuesReminders({
      db,
      clock,
      logger: logger.child({ component: 'membership' }),
      rules: standingRules,
      schedule: {
        days: config.membership.reminderDays,
        lapseWarningDays: config.membership.lapseWarningDays,
        arrearsDay: config.membership.arrearsReminderDay,
      },
      society,
      notifyOutbox,
      mode: deps.remindersMode ?? deps.outboxMode,
    }),
    staff: {
      news: newsAdmin,
      members: new MembersAdminService({
        db,
        clock,
        society: { acronym: config.societyAcronym, publicBaseUrl: config.publicBaseUrl },
        notifyOutbox,
      }),
      magazine: magazineAdmin,
      payments: new PaymentsAdminService({
        db,
        clock,
        contentCache,
        receipts: payments,
        receiptDocuments: receipts,
        notifyOutbox,
      }),
      content: contentAdmin,
      sponsorship: new SponsorshipAdminService({
        db,
        clock,
        secretariat: config.mail.secretariat,
        societyName: config.societyName,
        notifyOutbox,
      }),
      newsletter: new NewsletterAdminService({ db, clock, newsletter }),
      outbox: new OutboxAdminService({ db, clock, notifyOutbox }),
      transparency: transparencyAdmin,
      reserved: reservedAdmin,
      search: new SearchAdminService({ db, searchIndex }),
      membership: new MembershipAdminService({
        db,
        logger: logger.child({ component: 'membership' }),
        files,
        clock,
        rules: standingRules,
        memberNumberFormat: config.membership.memberNumberFormat,
        society: { acronym: config.societyAcronym, publicBaseUrl: config.publicBaseUrl },
        notifyOutbox,
      }),
      reminderTexts: new DuesReminderTextsAdmin({ db, clock, society }),
      feeYears: new FeeYearsAdmin({ db, clock }),
      bank: new BankStatementService({
        db,
        clock,
        logger: logger.child({ component: 'bank' }),
        payments: offlineDues,
      }),
      handPayments: { db, clock, payments: offlineDues },
      flaggedPayments: { db, clock, payments, notifyOutbox },
    },
  };
}
