import { defineModule, type Kernel } from '../module.js';
import { newsAdminRoutes } from './admin-routes.js';
import { NewsAdminService, newsPendingWork, type NewsAdminDeps } from './admin-service.js';
import { NewsPublicReads } from './public-reads.js';
import { NewsPublicationSchedule } from './publication-schedule.js';
import { newsRoutes } from './routes.js';
import { newsSearchSource } from './search-source.js';
import { NewsService } from './service.js';

/** News and their categories, with the scheduled publications (ADR 023). */
export const newsModule = defineModule<
  Kernel & Pick<NewsAdminDeps, 'searchIndex' | 'unusedImageFiles'>
>()({
  name: 'news',
  services: ({ db, engine, files, clock, contentCache }) => {
    const news = new NewsService({
      db,
      engine,
      files,
      clock,
      articleParts: contentCache.sharedParts(),
    });
    return {
      news,
      newsReads: new NewsPublicReads(news, contentCache, clock),
      /** Scheduled news go public at their time (ADR 023); started and stopped with the app. */
      newsSchedule: new NewsPublicationSchedule({ db, news, clock, contentCache }),
    };
  },
  staff: ({ db, files, clock, contentCache, searchIndex, news, unusedImageFiles }) => ({
    news: new NewsAdminService({
      db,
      files,
      clock,
      contentCache,
      searchIndex,
      publicNews: news,
      unusedImageFiles,
    }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(newsRoutes, {
      prefix: '/SharepointContent',
      ...services,
      publicReads: services.newsReads,
    });
  },
  // News and their categories
  staffRoutes: async (admin, { staff }) => {
    await admin.register(newsAdminRoutes, { news: staff.news });
  },
  pendingWork: [newsPendingWork],
  searchSources: [newsSearchSource],
  periodicWork: ({ newsSchedule, logger }) => [
    {
      start: () =>
        newsSchedule.start((error) => {
          logger.error({ err: error }, 'controllo delle notizie programmate non riuscito');
        }),
      stop: () => newsSchedule.stop(),
    },
  ],
  bins: ({ staff }) => [staff.news],
});
