import type { SodalisLoadContext } from '@sodalis/contracts';
import { cachedData, unlessUnavailable } from '../../http/page-reads.js';
import { defineModule, type Kernel } from '../module.js';
import { eventsAdminRoutes } from './admin-routes.js';
import { EventsAdminService, type EventsAdminDeps } from './admin-service.js';
import { demoEvents } from './demo.js';
import { eventsRoutes } from './routes.js';
import { eventsSearchSource } from './search-source.js';
import { EventsService } from './service.js';

/** The events: congresses, courses, webinars (ADR 047). */
export const eventsModule = defineModule<Kernel & Pick<EventsAdminDeps, 'searchIndex'>>()({
  name: 'events',
  services: ({ db, clock, contentCache }) => ({
    events: new EventsService({ db, clock, contentCache }),
  }),
  staff: ({ db, clock, contentCache, searchIndex }) => ({
    events: new EventsAdminService({ db, clock, contentCache, searchIndex }),
  }),
  apiRoutes: async (api, { events }) => {
    await api.register(eventsRoutes, { prefix: '/Events', events });
  },
  // Events
  staffRoutes: async (admin, { staff }) => {
    await admin.register(eventsAdminRoutes, { events: staff.events });
  },
  searchSources: [eventsSearchSource],
  sitemap:
    ({ events }) =>
    (contentDay) =>
      events.sitemapPages(contentDay),
  // `/eventi` and an event's page, through the same cached answers as the API.
  pageContext: ({ events }): Pick<SodalisLoadContext, 'events'> => ({
    events: {
      list: () => cachedData(events.listJson()),
      event: (id) => cachedData(events.eventJson(id)),
      anyPublished: () => unlessUnavailable(events.anyPublished()),
    },
  }),
  bins: ({ staff }) => [staff.events],
  demoContent: demoEvents,
});
