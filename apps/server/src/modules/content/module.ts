import type { SodalisLoadContext } from '@sodalis/contracts';
import type { SearchIndexer } from '../search/indexer.js';
import { cachedData } from '../../http/page-reads.js';
import type { NewsPublicReads } from '../news/public-reads.js';
import { defineModule, type Kernel } from '../module.js';
import { contentAdminRoutes } from './admin-routes.js';
import { ContentAdminService } from './admin-service.js';
import { ContentPublicReads } from './public-reads.js';
import { unusedImageFiles } from './repository.js';
import { contentRoutes } from './routes.js';
import { contentSearchSource } from './search-source.js';
import { ContentService } from './service.js';

/**
 * Society content: page texts, the board, contacts, legal data, supporters, past presidents,
 * the cookie policy, the share image.
 */
export const contentModule = defineModule<
  Kernel & { searchIndex: SearchIndexer; newsReads: NewsPublicReads }
>()({
  name: 'content',
  services: ({ db, files, clock, contentCache }) => {
    const content = new ContentService({ db, files, clock });
    return {
      content,
      contentReads: new ContentPublicReads(content, contentCache),
      /**
       * "Which of these image files does nothing use any more", for news's covers: news is
       * given it instead of importing content's repository (ADR 044).
       */
      unusedImageFiles,
    };
  },
  staff: ({ config, db, files, clock, contentCache, searchIndex }) => ({
    content: new ContentAdminService({
      db,
      files,
      clock,
      contentCache,
      societyAcronym: config.societyAcronym,
      searchIndex,
    }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(contentRoutes, {
      prefix: '/SharepointContent',
      ...services,
      publicReads: services.contentReads,
    });
  },
  // Page texts, the board, contacts, legal data, supporters, past presidents and cookie policy
  staffRoutes: async (admin, { staff }) => {
    await admin.register(contentAdminRoutes, { content: staff.content });
  },
  // The public pages' reads (news and society content), through the API's cached answers.
  pageContext: ({ newsReads, contentReads }): Pick<SodalisLoadContext, 'content'> => ({
    content: {
      listArticles: (filter) => cachedData(newsReads.articles(filter)),
      listCategories: () => cachedData(newsReads.categories()),
      getArticle: (id) => cachedData(newsReads.article(id)),
      setupElements: (keys) => cachedData(contentReads.pageSetupElements(keys)),
      boardMembers: () => cachedData(contentReads.boardMembers()),
      siteContents: (keys) => cachedData(contentReads.siteContents(keys)),
      fees: () => cachedData(contentReads.fees()),
      shareImage: () => cachedData(contentReads.shareImage()),
    },
  }),
  searchSources: [contentSearchSource],
  bins: ({ staff }) => [staff.content],
});
