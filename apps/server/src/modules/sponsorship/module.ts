import { SPONSORSHIP_LIMITS, type SodalisLoadContext } from '@sodalis/contracts';
import { defineModule, type Kernel } from '../module.js';
import { sponsorshipAdminRoutes } from './admin-routes.js';
import { SponsorshipAdminService, sponsorshipPendingWork } from './admin-service.js';
import { sponsorshipRoutes } from './routes.js';
import { SponsorshipService } from './service.js';

/** Sponsorship requests: the public form with its PDFs, handled by the secretariat. */
export const sponsorshipModule = defineModule<Kernel>()({
  name: 'sponsorship',
  services: ({ config, db, engine, files, publicForms, clock, logger, society, notifyOutbox }) => ({
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
  }),
  staff: ({ config, db, clock, notifyOutbox }) => ({
    sponsorship: new SponsorshipAdminService({
      db,
      clock,
      secretariat: config.mail.secretariat,
      societyName: config.societyName,
      notifyOutbox,
    }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(sponsorshipRoutes, {
      prefix: '/SharepointContent',
      ...services,
      ...services.config.sponsorship,
    });
  },
  // Sponsorship requests
  staffRoutes: async (admin, { staff, files }) => {
    await admin.register(sponsorshipAdminRoutes, { sponsorship: staff.sponsorship, files });
  },
  pendingWork: [sponsorshipPendingWork],
  // The limits the /patrocini form shows and checks before sending.
  pageContext: ({ config }): Pick<SodalisLoadContext, 'sponsorship'> => ({
    sponsorship: {
      maxFileBytes: config.sponsorship.maxFileBytes,
      maxAttachments: SPONSORSHIP_LIMITS.maxAttachments,
    },
  }),
});
