import type { SodalisLoadContext } from '@sodalis/contracts';
import { MailUpClient } from '../../mailup/mailup-client.js';
import { unlessUnavailable } from '../../http/page-reads.js';
import { defineModule, type Kernel } from '../module.js';
import { newsletterAdminRoutes } from './admin-routes.js';
import { NewsletterAdminService } from './admin-service.js';
import { mailUpJobs } from './outbox-jobs.js';
import { newsletterRoutes } from './routes.js';
import { NewsletterService } from './service.js';

/** The newsletter: double opt-in (ADR 008), forwarded to MailUp through the outbox. */
export const newsletterModule = defineModule<Kernel>()({
  name: 'newsletter',
  services: ({ config, db, clock, logger, publicForms, society, notifyOutbox }) => {
    const mailup = config.mailup === null ? null : new MailUpClient(config.mailup, clock);
    return {
      newsletter: new NewsletterService({
        db,
        clock,
        logger,
        publicForms,
        society,
        mailupEnabled: mailup !== null,
        notifyOutbox,
      }),
      /** Null without MailUp's credentials: its jobs are never queued then. */
      mailup,
    };
  },
  staff: ({ db, clock, newsletter }) => ({
    newsletter: new NewsletterAdminService({ db, clock, newsletter }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(newsletterRoutes, {
      prefix: '/Account',
      ...services,
      ...services.config.newsletter,
    });
  },
  // Newsletter subscribers
  staffRoutes: async (admin, { staff }) => {
    await admin.register(newsletterAdminRoutes, { newsletter: staff.newsletter });
  },
  outboxJobs: ({ db, mailup }) => mailUpJobs({ db, mailup }),
  // The confirmation and unsubscribe links' pages (ADR 008).
  pageContext: ({ newsletter }): Pick<SodalisLoadContext, 'newsletter'> => ({
    newsletter: {
      confirmState: (token) => unlessUnavailable(newsletter.confirmState(token)),
      confirm: (token) => unlessUnavailable(newsletter.confirm(token)),
      unsubscribeState: (token) => unlessUnavailable(newsletter.unsubscribeState(token)),
      unsubscribe: (token) => unlessUnavailable(newsletter.unsubscribe(token)),
    },
  }),
});
