import type { SodalisLoadContext } from '@sodalis/contracts';
import type { PaymentPurposes } from '../payments/purposes.js';
import { defineModule, type Kernel } from '../module.js';
import { bankAdminRoutes } from './admin-bank-routes.js';
import { duesReportAdminRoutes } from './admin-dues-report-routes.js';
import { duesReminderAdminRoutes } from './admin-reminder-routes.js';
import { DuesReminderTextsAdmin } from './admin-reminder-texts.js';
import { membershipAdminRoutes } from './admin-routes.js';
import { MembershipAdminService, membershipDashboardWork } from './admin-service.js';
import { BankStatementService } from './bank-statement-import.js';
import { feeYearsAdminRoutes } from './dues/admin-fee-years-routes.js';
import { FeeYearsAdmin } from './dues/admin-fee-years.js';
import { DuesStandingForEvents } from './dues/for-events.js';
import { OfflineDues } from './dues/offline-payment.js';
import { DuesPurpose } from './dues/purpose.js';
import type { HandPaymentDeps } from './hand-payments.js';
import { MemberProfiles } from './profile.js';
import { DuesReminders } from './reminders.js';
import { applicationForm } from './page-context.js';
import { membershipRoutes } from './routes.js';
import { MembershipService } from './service.js';

/** What the membership module takes from payments: where dues are recorded and registered. */
export interface PaymentsForDues {
  payments: ConstructorParameters<typeof OfflineDues>[0];
  paymentPurposes: Pick<PaymentPurposes, 'register' | 'registerFeeCheckout' | 'transferClaims'>;
}

/**
 * Membership (applications, member numbers, the dues ledger, good standing; ADR 024) and dues
 * in one home (ADR 045): the dues purpose of payments, fee years, offline and hand payments,
 * bank statements, reminders, the dues report. After payments in the list: it registers dues
 * as a purpose of payments, and records the dues received outside PayPal through them.
 */
export const membershipModule = defineModule<
  Kernel & PaymentsForDues & Pick<Parameters<typeof membershipRoutes>[1], 'accounts'>
>()({
  name: 'membership',
  services: (deps) => {
    const { config, db, files, clock, logger, publicForms, society, notifyOutbox } = deps;
    const rules = {
      graceUntil: config.membership.graceUntil,
      lapseAfterYears: config.membership.lapseAfterYears,
    };
    /** Dues ledger and good standing (ADR 024). */
    const membership = new MembershipService({
      db,
      files,
      clock,
      publicForms,
      logger: logger.child({ component: 'membership' }),
      rules,
      bankAccount: config.membership.bankAccount,
      secretariat: config.mail.secretariat,
      society,
      notifyOutbox,
    });
    // Payments know no domain: dues register themselves as what payments may be for, and as
    // the spec's fee payment (ADR 045).
    const dues = new DuesPurpose(membership);
    deps.paymentPurposes.register(dues).registerFeeCheckout(dues);
    return {
      membership,
      /** A members' type of an event asks the dues (ADR 049). */
      duesForEvents: new DuesStandingForEvents(membership, dues),
      /** "Il mio profilo" (ADR 030). */
      memberProfiles: new MemberProfiles({
        db,
        clock,
        logger: logger.child({ component: 'membership' }),
        rules,
      }),
      duesReminders: new DuesReminders({
        db,
        clock,
        logger: logger.child({ component: 'membership' }),
        rules,
        schedule: {
          days: config.membership.reminderDays,
          lapseWarningDays: config.membership.lapseWarningDays,
          arrearsDay: config.membership.arrearsReminderDay,
        },
        society,
        notifyOutbox,
        mode: deps.remindersMode,
      }),
      /** Dues received outside PayPal, recorded by payments (ADR 029, 045). */
      offlineDues: new OfflineDues(deps.payments, dues),
    };
  },
  staff: ({
    config,
    db,
    files,
    clock,
    logger,
    society,
    notifyOutbox,
    membership,
    offlineDues,
    paymentPurposes,
  }) => {
    const handPayments: HandPaymentDeps = { db, clock, payments: offlineDues };
    return {
      membership: new MembershipAdminService({
        db,
        logger: logger.child({ component: 'membership' }),
        files,
        clock,
        rules: membership.rules,
        memberNumberFormat: config.membership.memberNumberFormat,
        society: { acronym: config.societyAcronym, publicBaseUrl: config.publicBaseUrl },
        notifyOutbox,
      }),
      /** The texts of the dues reminders (ADR 030, amended 28 November 2026). */
      reminderTexts: new DuesReminderTextsAdmin({ db, clock, society }),
      /** The fee of each year, with the dues (ADR 029, ADR 045). */
      feeYears: new FeeYearsAdmin({ db, clock }),
      bank: new BankStatementService({
        db,
        clock,
        logger: logger.child({ component: 'bank' }),
        payments: offlineDues,
        transferClaims: () => paymentPurposes.transferClaims,
      }),
      handPayments,
    };
  },
  // The "Iscriviti" form posted with or without scripts, for this client (ADR 024, 040).
  pageContext: ({ membership }, request): Pick<SodalisLoadContext, 'membership'> => ({
    membership: applicationForm(membership, request.ip),
  }),
  apiRoutes: async (api, services) => {
    await api.register(membershipRoutes, { prefix: '/Membership', ...services });
  },
  staffRoutes: async (admin, { db, clock, membership, duesReminders, staff }) => {
    // Memberships: dues by year, standing, exemptions (ADR 024), the fee of each year (ADR 029)
    await admin.register(membershipAdminRoutes, { membership: staff.membership });
    await admin.register(feeYearsAdminRoutes, { feeYears: staff.feeYears });
    // Dues by bank transfer: statements and the rows to review (ADR 029)
    await admin.register(bankAdminRoutes, { bank: staff.bank, handPayments: staff.handPayments });
    // Dues reminders: who gets which next, pauses (ADR 030)
    await admin.register(duesReminderAdminRoutes, {
      reminders: duesReminders,
      texts: staff.reminderTexts,
    });
    // The year's dues for the treasury and the accountant's exports (ADR 024, 029)
    await admin.register(duesReportAdminRoutes, {
      report: { db, clock, rules: membership.rules },
    });
  },
  pendingWork: [membershipDashboardWork],
  periodicWork: ({ duesReminders }) => [duesReminders],
});
