import { defineModule, type Kernel } from '../module.js';
import { eventsAdminRoutes } from './admin-routes.js';
import { EventsAdminService } from './admin-service.js';
import { eventsRoutes } from './routes.js';
import { EventsService } from './service.js';

/** The events: congresses, courses, webinars (ADR 047). */
export const eventsModule = defineModule<Kernel>()({
  name: 'events',
  services: ({ db, clock, contentCache }) => ({
    events: new EventsService({ db, clock, contentCache }),
  }),
  staff: ({ db, clock, contentCache }) => ({
    events: new EventsAdminService({ db, clock, contentCache }),
  }),
  apiRoutes: async (api, { events }) => {
    await api.register(eventsRoutes, { prefix: '/Events', events });
  },
  // Events
  staffRoutes: async (admin, { staff }) => {
    await admin.register(eventsAdminRoutes, { events: staff.events });
  },
  bins: ({ staff }) => [staff.events],
});
