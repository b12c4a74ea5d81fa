import type { SodalisLoadContext } from '@sodalis/contracts';
import { cachedData, unlessUnavailable } from '../../http/page-reads.js';
import { defineModule, type Kernel } from '../module.js';
import { eventsAdminRoutes } from './admin-routes.js';
import { EventsAdminService, type EventsAdminDeps } from './admin-service.js';
import { demoEvents } from './demo.js';
import { eventsRoutes } from './routes.js';
import { registrationPages } from './registrations/page-context.js';
import { EventAccounts, type RegistrantProfiles } from './participants/service.js';
import { eventAccountPages, participantRoutes } from './participants/routes.js';
import { registrationRoutes } from './registrations/routes.js';
import { RegistrationsAdmin, registrationsPendingWork } from './registrations/admin-service.js';
import { RegistrationMailings } from './registrations/mailings.js';
import { RegistrationPurpose } from './registrations/purpose.js';
import { RegistrationTransferClaim } from './registrations/transfer-claim.js';
import {
  EventRegistrations,
  type MemberDuesForEvents,
  type PaymentsForRegistrations,
} from './registrations/service.js';
import type { PaymentPurposes } from '../payments/purposes.js';
import { eventsSearchSource } from './search-source.js';
import { eventCoverFilesAmong } from './repository.js';
import { PeriodicJob } from '../../db/scheduled-runs.js';
import type { AccountService } from '../accounts/service.js';
import { EventsService } from './service.js';
import { calendarPages } from './calendar/page-context.js';
import { calendarApiRoutes, calendarSiteRoutes } from './calendar/routes.js';
import { EventCalendars } from './calendar/service.js';
import { AttendanceAdmin } from './attendance/admin-service.js';
import { attendanceAdminRoutes } from './attendance/admin-routes.js';
import { attendanceJobs } from './attendance/outbox-jobs.js';
import { attendanceRoutes } from './attendance/routes.js';
import { AttendanceService, queueBadgeMail } from './attendance/service.js';
import { EcmAdmin } from './ecm/admin-service.js';
import { ecmAdminRoutes } from './ecm/admin-routes.js';
import { EcmAttendance } from './ecm/attendance-service.js';
import { LearningTestAdmin } from './ecm/learning-test/admin-service.js';
import { learningTestAdminRoutes } from './ecm/learning-test/admin-routes.js';
import { learningTestPages } from './ecm/learning-test/page-context.js';
import { learningTestRoutes } from './ecm/learning-test/routes.js';
import { LearningTests, professionByCodes } from './ecm/learning-test/service.js';
import { ecmCreditSources, ecmSpeakersForReport } from './ecm/credits/sources.js';
import { EcmCredits } from './ecm/credits/service.js';
import { ecmCreditsAdminRoutes } from './ecm/credits/admin-routes.js';
import { ecmCreditsRoutes } from './ecm/credits/routes.js';
import { EcmReport, ecmReportsPendingWork } from './ecm/report/admin-service.js';
import { questionnaireAdminRoutes } from './ecm/questionnaire/admin-routes.js';
import { questionnairePages } from './ecm/questionnaire/page-context.js';
import { questionnaireRoutes } from './ecm/questionnaire/routes.js';
import { EcmQuestionnaire } from './ecm/questionnaire/service.js';
import { ecmSpeakerRoutes } from './ecm/speakers/admin-routes.js';
import { EcmSpeakers } from './ecm/speakers/service.js';

/** Registrations' deadlines are looked at every few minutes (ADR 049). */
const REGISTRATIONS_EVERY_MS = 5 * 60_000;

/** The events: congresses, courses, webinars (ADR 047), and their registrations (ADR 049). */
export const eventsModule = defineModule<
  Kernel &
    Pick<EventsAdminDeps, 'searchIndex' | 'imageFiles'> & {
      accounts: AccountService;
      duesForEvents: MemberDuesForEvents;
      payments: PaymentsForRegistrations;
      paymentPurposes: Pick<PaymentPurposes, 'register' | 'registerTransferClaim'>;
      /** A member's facts the registration form prefills (ADR 030). */
      memberProfiles: RegistrantProfiles;
    }
>()({
  name: 'events',
  services: (deps) => {
    const { db, clock, contentCache, config, logger, notifyOutbox, society, files } = deps;
    // An event's cover keeps its files in the store as other images do (ADR 052).
    deps.imageFiles.register(eventCoverFilesAmong);
    // Badges, check-in and certificates (ADR 051).
    const attendance = new AttendanceService({
      db,
      clock,
      logger: logger.child({ component: 'events.attendance' }),
      files,
      notifyOutbox,
      society,
      issuer: {
        name: config.societyName,
        acronym: config.societyAcronym,
        address: config.societyLegal.address,
      },
    });
    // Attendance for ECM (ADR 056), shown with the badge in "Le mie iscrizioni".
    const ecmAttendance = new EcmAttendance({ db, clock, attendance });
    // The learning test (ADR 057): its eligibility reads that attendance and the registration's
    // national codes of profession and discipline (ADR 059).
    const learningTests = new LearningTests({
      db,
      clock,
      ecmAttendance,
      professionEligibility: professionByCodes(db),
    });
    // The credits, the ECM certificates and the report to Age.Na.S. (ADR 060).
    const ecmCredits = new EcmCredits({
      db,
      clock,
      attendance,
      ecmAttendance,
      sources: ecmCreditSources,
      issuer: {
        name: config.societyName,
        acronym: config.societyAcronym,
        address: config.societyLegal.address,
      },
      society,
    });
    // The satisfaction questionnaire and the sponsor declaration (ADR 058), in the same list.
    const ecmQuestionnaire = new EcmQuestionnaire({ db, clock, settings: config.events });
    const registrations = new EventRegistrations({
      db,
      clock,
      logger: logger.child({ component: 'events' }),
      notifyOutbox,
      society,
      members: deps.duesForEvents,
      payments: deps.payments,
      settings: config.events,
      badges: {
        confirmed: (trx, registrationId, at) => queueBadgeMail(trx, registrationId, at),
        withBadges: async (rows) =>
          ecmCredits.mine(
            await ecmQuestionnaire.withStates(
              await learningTests.mine(await ecmAttendance.mine(await attendance.withBadges(rows))),
            ),
          ),
      },
    });
    // A registration is something payments may be for (ADR 045, 049).
    deps.paymentPurposes
      .register(new RegistrationPurpose(registrations))
      .registerTransferClaim(new RegistrationTransferClaim(registrations));
    return {
      events: new EventsService({ db, clock, contentCache, files }),
      /** Accounts of people who are not members, for the events (ADR 055). */
      participants: new EventAccounts({
        db,
        clock,
        logger: logger.child({ component: 'events' }),
        notifyOutbox,
        society,
        publicForms: deps.publicForms,
        memberProfiles: deps.memberProfiles,
      }),
      /** An event's `.ics`, the feed of every event, a person's registrations (ADR 052). */
      eventCalendars: new EventCalendars({
        db,
        clock,
        contentCache,
        logger: logger.child({ component: 'events' }),
        society,
      }),
      registrations,
      attendance,
      ecmAttendance,
      learningTests,
      ecmCredits,
      ecmQuestionnaire,
      /** Offers and unpaid places past their time, reminders before (ADR 049). */
      registrationDeadlines: new PeriodicJob({
        db,
        name: 'events.registrations',
        clock,
        everyMs: REGISTRATIONS_EVERY_MS,
        logger,
        failureMessage: 'scadenze delle iscrizioni agli eventi non controllate',
        work: () => registrations.runDue(),
      }),
    };
  },
  staff: ({
    db,
    clock,
    contentCache,
    searchIndex,
    files,
    imageFiles,
    logger,
    notifyOutbox,
    society,
    attendance,
    ecmCredits,
  }) => ({
    events: new EventsAdminService({ db, clock, contentCache, searchIndex, files, imageFiles }),
    registrations: new RegistrationsAdmin({ db, clock }),
    mailings: new RegistrationMailings({
      db,
      clock,
      logger: logger.child({ component: 'events' }),
      notifyOutbox,
      society,
    }),
    attendance: new AttendanceAdmin(attendance),
    /** An event's ECM accreditation (ADR 056). */
    ecm: new EcmAdmin({ db, clock }),
    /** An event's ECM learning test: the bank, its settings and opening (ADR 057). */
    learningTest: new LearningTestAdmin({ db, clock }),
    /** The participants' report to Age.Na.S. (ADR 060). */
    ecmReport: new EcmReport({ db, clock, credits: ecmCredits, speakers: ecmSpeakersForReport }),
    /** An event's speakers for ECM (ADR 059). */
    ecmSpeakers: new EcmSpeakers({ db, clock }),
  }),
  apiRoutes: async (
    api,
    {
      events,
      accounts,
      registrations,
      participants,
      eventCalendars,
      attendance,
      learningTests,
      ecmCredits,
      ecmQuestionnaire,
    },
  ) => {
    await api.register(eventsRoutes, { prefix: '/Events', events });
    await api.register(registrationRoutes, {
      prefix: '/Events',
      accounts,
      registrations,
      registrants: participants,
    });
    await api.register(participantRoutes, { prefix: '/Events', accounts, participants });
    await api.register(calendarApiRoutes, {
      prefix: '/Events',
      accounts,
      calendars: eventCalendars,
    });
    await api.register(attendanceRoutes, { prefix: '/Events', accounts, attendance });
    await api.register(learningTestRoutes, { prefix: '/Events', accounts, tests: learningTests });
    await api.register(ecmCreditsRoutes, { prefix: '/Events', accounts, credits: ecmCredits });
    await api.register(questionnaireRoutes, {
      prefix: '/Events',
      accounts,
      questionnaire: ecmQuestionnaire,
    });
  },
  // The calendars' files at the site's root, beside the events' pages (ADR 052).
  siteRoutes: async (app, { eventCalendars }) => {
    await app.register(calendarSiteRoutes, { calendars: eventCalendars });
  },
  // Events
  staffRoutes: async (
    admin,
    { staff, registrations, ecmAttendance, ecmCredits, ecmQuestionnaire },
  ) => {
    await admin.register(eventsAdminRoutes, {
      events: staff.events,
      registrations,
      registrationsAdmin: staff.registrations,
      mailings: staff.mailings,
    });
    await admin.register(attendanceAdminRoutes, { attendance: staff.attendance });
    await admin.register(ecmAdminRoutes, {
      ecm: staff.ecm,
      ecmAttendance,
      attendance: staff.attendance,
    });
    await admin.register(learningTestAdminRoutes, { tests: staff.learningTest });
    await admin.register(ecmCreditsAdminRoutes, {
      credits: ecmCredits,
      report: staff.ecmReport,
      attendance: staff.attendance,
    });
    await admin.register(questionnaireAdminRoutes, { questionnaire: ecmQuestionnaire });
    await admin.register(ecmSpeakerRoutes, { speakers: staff.ecmSpeakers });
  },
  pendingWork: [registrationsPendingWork, ecmReportsPendingWork],
  searchSources: [eventsSearchSource],
  sitemap:
    ({ events }) =>
    (contentDay) =>
      events.sitemapPages(contentDay),
  // `/eventi` and an event's page, through the same cached answers as the API; the
  // registration pages for a cookie session, by the API's checks (ADR 049, ADR 022).
  pageContext: (
    {
      events,
      accounts,
      registrations,
      participants,
      eventCalendars,
      attendance,
      learningTests,
      ecmCredits,
      ecmQuestionnaire,
    },
    request,
  ): Pick<
    SodalisLoadContext,
    | 'events'
    | 'eventRegistrations'
    | 'eventAccounts'
    | 'eventCalendars'
    | 'certificates'
    | 'ecmTests'
    | 'ecmQuestionnaire'
  > => ({
    events: {
      list: () => cachedData(events.listJson()),
      event: (id) => cachedData(events.eventJson(id)),
      anyPublished: () => unlessUnavailable(events.anyPublished()),
    },
    eventRegistrations: registrationPages({
      accounts,
      registrations,
      registrants: participants,
    }),
    // `/eventi/account`, for this client's hourly limits (ADR 055, 040).
    eventAccounts: eventAccountPages(participants, request.ip),
    eventCalendars: calendarPages({ accounts, calendars: eventCalendars }),
    // `/verifica-attestato/<code>` (ADR 051): read afresh, a revocation shows at once.
    // An ECM certificate is verified at the same address (ADR 060).
    certificates: {
      verify: (code) =>
        unlessUnavailable(
          attendance.verify(code).then(async (found) => found ?? ecmCredits.verify(code)),
        ),
    },
    // A registration's ECM questionnaire in "Le mie iscrizioni" (ADR 058).
    ecmQuestionnaire: questionnairePages({ accounts, questionnaire: ecmQuestionnaire }),
    // The learning test's page without scripts (ADR 057).
    ecmTests: learningTestPages({ accounts, tests: learningTests }),
  }),
  outboxJobs: ({ attendance }) => attendanceJobs(attendance),
  bins: ({ staff }) => [staff.events],
  periodicWork: ({ registrationDeadlines, remindersMode }) =>
    remindersMode === 'auto' ? [registrationDeadlines] : [],
  demoContent: demoEvents,
});
