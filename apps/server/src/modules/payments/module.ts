import type { SodalisLoadContext } from '@sodalis/contracts';
import { PayPalClient } from '../../paypal/paypal-client.js';
import { defineModule, type Kernel } from '../module.js';
import { flaggedPaymentRoutes } from './admin-flagged-routes.js';
import type { FlaggedPaymentDeps } from './admin-flagged.js';
import { paymentsAdminRoutes } from './admin-routes.js';
import { PaymentsAdminService, paymentsPendingWork } from './admin-service.js';
import { paymentVerifyJob } from './outbox-jobs.js';
import { PaymentPurposes } from './purposes.js';
import { Receipts } from './receipts.js';
import { paymentRoutes, type PaymentRoutesOptions } from './routes.js';
import { PaymentService } from './service.js';

/**
 * Payments for any purpose a domain registers (ADR 045): PayPal, verification through the
 * outbox, refunds, numbered receipts. Payments know no domain: each owner registers its
 * purpose on `paymentPurposes` from its own module, after this one.
 */
export const paymentsModule = defineModule<Kernel & Pick<PaymentRoutesOptions, 'accounts'>>()({
  name: 'payments',
  services: ({ config, db, files, clock, logger, notifyOutbox }) => {
    const paymentPurposes = new PaymentPurposes();
    /** Numbered receipts as PDFs, cancelling receipts (ADR 030). */
    const receipts = new Receipts({
      db,
      files,
      issuer: {
        name: config.societyName,
        acronym: config.societyAcronym,
        ...config.societyLegal,
      },
      stampDutyExempt: config.societyStatus.stampDutyExempt,
      purposes: paymentPurposes,
    });
    const { credentials } = config.paypal;
    /** Fee payments reported by the browser, verified with PayPal through the outbox. */
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
      purposes: paymentPurposes,
      receipts,
    });
    return { paymentPurposes, receipts, payments };
  },
  staff: ({ db, clock, contentCache, payments, receipts, notifyOutbox }) => {
    const flaggedPayments: FlaggedPaymentDeps = { db, clock, payments, notifyOutbox };
    return {
      payments: new PaymentsAdminService({
        db,
        clock,
        contentCache,
        receipts: payments,
        receiptDocuments: receipts,
        notifyOutbox,
      }),
      flaggedPayments,
    };
  },
  // The fee payment panels (ADR 012) and the bank account printed without scripts (ADR 029).
  pageContext: ({ config }): Pick<SodalisLoadContext, 'payments'> => ({
    payments: {
      paypalClientId: config.paypal.clientId,
      bankAccount: config.membership.bankAccount,
    },
  }),
  apiRoutes: async (api, services) => {
    await api.register(paymentRoutes, {
      prefix: '/Payment',
      ...services,
      reportsPerHour: services.config.paypal.reportsPerHour,
    });
  },
  // Fee payments and fees; staff's decision on a flagged payment (ADR 029)
  staffRoutes: async (admin, { staff }) => {
    await admin.register(paymentsAdminRoutes, { payments: staff.payments });
    await admin.register(flaggedPaymentRoutes, {
      flagged: staff.flaggedPayments,
      payments: staff.payments,
    });
  },
  pendingWork: [paymentsPendingWork],
  outboxJobs: ({ payments }) => [paymentVerifyJob((paymentId) => payments.verify(paymentId))],
});
