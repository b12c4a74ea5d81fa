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
import { ImageFiles } from '../../files/image-files.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
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
    // The share image and news covers; the modules after it register their own images (ADR 052).
    const imageFiles = new ImageFiles().register(async (db, hashes) => {
      const unused = new Set(await unusedImageFiles(db, hashes));
      return hashes.filter((hash) => !unused.has(hash));
    });
    return {
      content,
      contentReads: new ContentPublicReads(content, contentCache),
      /** Every user of the store's image files, and whether a file is still used (ADR 034). */
      imageFiles,
      /**
       * "Which of these image files does nothing use any more", for news's covers: news is
       * given it instead of importing content's repository (ADR 044).
       */
      unusedImageFiles: (db: Kysely<Database>, hashes: string[]) => imageFiles.unused(db, hashes),
    };
  },
  staff: ({ config, db, files, clock, contentCache, searchIndex, imageFiles }) => ({
    content: new ContentAdminService({
      db,
      files,
      clock,
      contentCache,
      societyAcronym: config.societyAcronym,
      searchIndex,
      imageFiles,
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
