import type { SodalisLoadContext } from '@sodalis/contracts';
import { defineModule, type Kernel } from '../module.js';
import { searchAdminRoutes } from './admin-routes.js';
import { SearchAdminService, searchPendingWork } from './admin-service.js';
import { SearchIndexer } from './indexer.js';
import { searchExtractJob } from './outbox-jobs.js';
import { siteSearch } from './page-context.js';
import { searchRoutes, type SearchRoutesOptions } from './routes.js';
import { SearchService } from './service.js';
import { SearchSources } from './sources.js';

/**
 * The site search (ADR 025): the index the domains' saves keep in step, over the sources every
 * module gives (the kernel's `searchSources`, ADR 044), and the search itself.
 */
export const searchModule = defineModule<Kernel & Pick<SearchRoutesOptions, 'accounts'>>()({
  name: 'search',
  services: ({ config, db, engine, files, clock, logger, searchSources, notifyOutbox }) => {
    const sources = new SearchSources(searchSources);
    return {
      search: new SearchService({ db, engine, clock, sources }),
      searchIndex: new SearchIndexer({
        db,
        files,
        clock,
        logger: logger.child({ component: 'search' }),
        context: { societyAcronym: config.societyAcronym },
        sources,
        notifyOutbox,
      }),
    };
  },
  staff: ({ db, searchIndex }) => ({
    search: new SearchAdminService({ db, searchIndex }),
  }),
  pageContext: ({ search, accounts }): Pick<SodalisLoadContext, 'search'> => ({
    search: siteSearch(search, accounts),
  }),
  apiRoutes: async (api, services) => {
    await api.register(searchRoutes, { prefix: '/Search', ...services });
  },
  // Site search: PDFs whose text cannot be searched (ADR 025)
  staffRoutes: async (admin, { staff }) => {
    await admin.register(searchAdminRoutes, { search: staff.search });
  },
  pendingWork: [searchPendingWork],
  outboxJobs: ({ searchIndex }) => [
    searchExtractJob((attachmentId) => searchIndex.extractDocument(attachmentId)),
  ],
});
