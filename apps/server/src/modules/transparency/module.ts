import type { SodalisLoadContext } from '@sodalis/contracts';
import { defineModule, type Kernel } from '../module.js';
import { transparencyAdminRoutes } from './admin-routes.js';
import {
  TransparencyAdminService,
  transparencyDashboardWork,
  type TransparencyAdminDeps,
} from './admin-service.js';
import { TransparencyReminders } from './reminders.js';
import { transparencyRoutes } from './routes.js';
import { transparencySearchSource } from './search-source.js';
import { TransparencyService, type TransparencyServiceDeps } from './service.js';

/**
 * "Società trasparente", its yearly deadlines and their reminders; the sitemap, robots.txt,
 * the news feeds and the web manifest (ADR 026).
 */
export const transparencyModule = defineModule<
  Kernel & Pick<TransparencyServiceDeps, 'news'> & Pick<TransparencyAdminDeps, 'searchIndex'>
>()({
  name: 'transparency',
  services: ({
    config,
    db,
    clock,
    logger,
    contentCache,
    sitemapPages,
    news,
    society,
    notifyOutbox,
    remindersMode,
  }) => ({
    /** "Società trasparente", the feeds, the sitemap (ADR 026). */
    transparency: new TransparencyService({
      db,
      clock,
      cache: contentCache,
      news,
      // Every module's public pages beside the society's own (ADR 046).
      sitemapPages,
      society,
      status: config.societyStatus,
    }),
    /** The hourly check that reminds staff of the yearly publications (ADR 026). */
    transparencyReminders: new TransparencyReminders({
      db,
      clock,
      logger: logger.child({ component: 'transparency' }),
      recipients: config.mail.secretariat,
      society,
      notifyOutbox,
      mode: remindersMode,
    }),
  }),
  staff: ({ db, files, clock, contentCache, searchIndex }) => ({
    transparency: new TransparencyAdminService({ db, files, clock, contentCache, searchIndex }),
  }),
  pageContext: ({ transparency }): Pick<SodalisLoadContext, 'transparency'> => ({
    transparency: { page: () => transparency.page() },
  }),
  // sitemap.xml, robots.txt, the news feeds and the web manifest (ADR 026).
  siteRoutes: async (app, { transparency }) => {
    await app.register(transparencyRoutes, { transparency });
  },
  // Società trasparente: publications, public contributions and the yearly deadlines (ADR 026)
  staffRoutes: async (admin, { staff }) => {
    await admin.register(transparencyAdminRoutes, { transparency: staff.transparency });
  },
  pendingWork: [transparencyDashboardWork],
  searchSources: [transparencySearchSource],
  periodicWork: ({ transparencyReminders }) => [transparencyReminders],
  bins: ({ staff }) => [staff.transparency],
});
