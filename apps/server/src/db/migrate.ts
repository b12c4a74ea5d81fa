import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseEngine } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';
import { contentVersionMigration } from './migrations/0002-content-version.js';
import { mailAndFormsMigration } from './migrations/0003-mail-and-forms.js';
import { siteContentsMigration } from './migrations/0004-site-contents.js';
import { accountsMigration } from './migrations/0005-accounts.js';
import { paymentsMigration } from './migrations/0006-payments.js';
import { auditLogMigration } from './migrations/0007-audit-log.js';
import { sponsorshipHandlingMigration } from './migrations/0007-sponsorship-handling.js';
import { staffTwoFactorMigration } from './migrations/0008-staff-two-factor.js';
import { articleInternalNoteMigration } from './migrations/0009-article-internal-note.js';
import { memberSessionsMigration } from './migrations/0010-member-sessions.js';
import { listIndexesMigration } from './migrations/0013-list-indexes.js';
import { transparencyMigration } from './migrations/0014-transparency.js';
import { searchIndexMigration } from './migrations/0015-search-index.js';
import { membershipMigration } from './migrations/0016-membership.js';
import { newsPublishTimeMigration } from './migrations/0017a-news-publish-time.js';
import { newsBinMigration } from './migrations/0017b-news-bin.js';
import { paymentYearsMigration } from './migrations/0018a-payment-years.js';
import { bankStatementsMigration } from './migrations/0018b-bank-statements.js';
import { receiptsMigration } from './migrations/0019-receipts.js';
import { memberContactsMigration } from './migrations/0019b-member-contacts.js';
import { magazineIssueNumberMigration } from './migrations/0021a-magazine-issue-number.js';
import { sponsorshipNoteMigration } from './migrations/0021b-sponsorship-note.js';
import { scheduledRunsMigration } from './migrations/0023-scheduled-runs.js';
import { duesRemindersMigration } from './migrations/0025-dues-reminders.js';
import { newsCoversMigration } from './migrations/0026-news-covers.js';
import { siteTextsMigration } from './migrations/0027-site-texts.js';
import { reservedUndoMigration } from './migrations/0028-reserved-undo.js';
import { feeYearsMigration } from './migrations/0029a-fee-years.js';
import { paymentsToRefundMigration } from './migrations/0029b-payments-to-refund.js';
import { magazineUndoMigration } from './migrations/0030-magazine-undo.js';
import { searchRankingIndexMigration } from './migrations/0031-search-ranking-index.js';
import { boardCategoriesBinMigration } from './migrations/0032-board-categories-bin.js';
import { transparencyBinMigration } from './migrations/0033-transparency-bin.js';
import { shareImageMigration } from './migrations/0034-share-image.js';
import { magazineArticlesBinMigration } from './migrations/0035-magazine-articles-bin.js';
import { visibleNewsIndexMigration } from './migrations/0036-visible-news-index.js';
import { searchRecordPagesIndexMigration } from './migrations/0037-search-record-pages-index.js';
import { featuredNewsIndexMigration } from './migrations/0038-featured-news-index.js';
import { paymentsReceivedOnMigration } from './migrations/0039-payments-received-on.js';
import { bankRowsPayerIbanMigration } from './migrations/0040-bank-rows-payer-iban.js';
import { recordVersionsMigration } from './migrations/0041-record-versions.js';
import { moreRecordVersionsMigration } from './migrations/0042-more-record-versions.js';
import { duesReminderTextsMigration } from './migrations/0043-dues-reminder-texts.js';
import { paymentItemsMigration } from './migrations/0044-payment-items.js';
import { eventsMigration } from './migrations/0045-events.js';
import { eventPricesMigration } from './migrations/0046-event-prices.js';
import { eventRegistrationsMigration } from './migrations/0047-event-registrations.js';
import { eventParticipantsMigration } from './migrations/0056-event-participants.js';
import { eventRegistrationInvoicesMigration } from './migrations/0057-event-registration-invoices.js';
import { paymentsAnyPurposeMigration } from './migrations/0048-payments-any-purpose.js';
import { searchVocabularyMigration } from './migrations/0049-search-vocabulary.js';
import { eventRegistrationMailingsMigration } from './migrations/0050-event-registration-mailings.js';
import { eventCalendarFeedsAndCoversMigration } from './migrations/0051-event-calendars-and-covers.js';
import { eventCheckinsMigration } from './migrations/0052-event-checkins.js';
import { eventCertificatesMigration } from './migrations/0053-event-certificates.js';
import { eventSessionsMigration } from './migrations/0055-event-sessions.js';
import { eventRegistrationApprovalMigration } from './migrations/0054-event-registration-approval.js';
import { eventEcmMigration } from './migrations/0058-event-ecm.js';
import { eventEcmTestsMigration } from './migrations/0059-event-ecm-tests.js';
import { eventEcmQuestionnaireMigration } from './migrations/0060-event-ecm-questionnaire.js';
import { ecmProfessionalFactsMigration } from './migrations/0061-ecm-professional-facts.js';
import { eventEcmCreditsMigration } from './migrations/0062-event-ecm-credits.js';
import { communicationChoicesMigration } from './migrations/0063-communication-choices.js';
import { communicationSegmentsMigration } from './migrations/0064-communication-segments.js';

/** Every migration, in order. Static imports so the build carries them (no folder scanning). */
export function migrationsFor(engine: DatabaseEngine): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(engine),
    '0002-content-version': contentVersionMigration,
    '0003-mail-and-forms': mailAndFormsMigration,
    '0004-site-contents': siteContentsMigration,
    '0005-accounts': accountsMigration,
    '0006-payments': paymentsMigration(engine),
    '0007-audit-log': auditLogMigration(engine),
    '0007-sponsorship-handling': sponsorshipHandlingMigration,
    '0008-staff-two-factor': staffTwoFactorMigration(engine),
    '0009-article-internal-note': articleInternalNoteMigration,
    '0010-member-sessions': memberSessionsMigration,
    '0013-list-indexes': listIndexesMigration,
    '0014-transparency': transparencyMigration(engine),
    '0015-search-index': searchIndexMigration(engine),
    '0016-membership': membershipMigration(engine),
    '0017a-news-publish-time': newsPublishTimeMigration,
    '0017b-news-bin': newsBinMigration,
    '0018a-payment-years': paymentYearsMigration,
    '0018b-bank-statements': bankStatementsMigration(engine),
    '0019-receipts': receiptsMigration(engine),
    '0019b-member-contacts': memberContactsMigration,
    '0021a-magazine-issue-number': magazineIssueNumberMigration,
    '0021b-sponsorship-note': sponsorshipNoteMigration,
    '0023-scheduled-runs': scheduledRunsMigration,
    '0025-dues-reminders': duesRemindersMigration,
    '0026-news-covers': newsCoversMigration,
    '0027-site-texts': siteTextsMigration,
    '0028-reserved-undo': reservedUndoMigration,
    '0029a-fee-years': feeYearsMigration(engine),
    '0029b-payments-to-refund': paymentsToRefundMigration,
    '0030-magazine-undo': magazineUndoMigration,
    '0031-search-ranking-index': searchRankingIndexMigration(engine),
    '0032-board-categories-bin': boardCategoriesBinMigration,
    '0033-transparency-bin': transparencyBinMigration,
    '0034-share-image': shareImageMigration,
    '0035-magazine-articles-bin': magazineArticlesBinMigration,
    '0036-visible-news-index': visibleNewsIndexMigration,
    '0037-search-record-pages-index': searchRecordPagesIndexMigration(engine),
    '0038-featured-news-index': featuredNewsIndexMigration,
    '0039-payments-received-on': paymentsReceivedOnMigration,
    '0040-bank-rows-payer-iban': bankRowsPayerIbanMigration,
    '0041-record-versions': recordVersionsMigration,
    '0042-more-record-versions': moreRecordVersionsMigration,
    '0043-dues-reminder-texts': duesReminderTextsMigration(engine),
    '0044-payment-items': paymentItemsMigration(engine),
    '0045-events': eventsMigration(engine),
    '0046-event-prices': eventPricesMigration(engine),
    '0047-event-registrations': eventRegistrationsMigration(engine),
    '0048-payments-any-purpose': paymentsAnyPurposeMigration(engine),
    '0049-search-vocabulary': searchVocabularyMigration(engine),
    '0050-event-registration-mailings': eventRegistrationMailingsMigration(engine),
    '0051-event-calendars-and-covers': eventCalendarFeedsAndCoversMigration(),
    '0052-event-checkins': eventCheckinsMigration(engine),
    '0053-event-certificates': eventCertificatesMigration(engine),
    '0054-event-registration-approval': eventRegistrationApprovalMigration(),
    '0055-event-sessions': eventSessionsMigration(engine),
    '0056-event-participants': eventParticipantsMigration(),
    '0057-event-registration-invoices': eventRegistrationInvoicesMigration(),
    '0058-event-ecm': eventEcmMigration(engine),
    '0059-event-ecm-tests': eventEcmTestsMigration(engine),
    '0060-event-ecm-questionnaire': eventEcmQuestionnaireMigration(engine),
    '0061-ecm-professional-facts': ecmProfessionalFactsMigration(engine),
    '0062-event-ecm-credits': eventEcmCreditsMigration(engine),
    '0063-communication-choices': communicationChoicesMigration(engine),
    '0064-communication-segments': communicationSegmentsMigration(engine),
  };
}

function migratorFor<DB>(db: Kysely<DB>, engine: DatabaseEngine): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(engine) };
  return new Migrator({ db, provider });
}

/** Migrations this code knows and the database has not run (readiness, ADR 028). */
export async function pendingMigrations<DB>(
  db: Kysely<DB>,
  engine: DatabaseEngine,
): Promise<string[]> {
  const migrations = await migratorFor(db, engine).getMigrations();
  return migrations
    .filter((migration) => migration.executedAt === undefined)
    .map((migration) => migration.name);
}

/** Brings the schema up to date; runs at every start, on both engines. */
export async function migrateToLatest<DB>(db: Kysely<DB>, engine: DatabaseEngine): Promise<void> {
  const migrator = migratorFor(db, engine);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error !== undefined || failed !== undefined) {
    const name = failed?.migrationName ?? 'sconosciuta';
    throw new Error(`Migrazione del database non riuscita (${name})`, { cause: error });
  }
}
