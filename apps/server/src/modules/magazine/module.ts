import { defineModule, type Kernel } from '../module.js';
import { magazineAdminRoutes } from './admin-routes.js';
import {
  MagazineAdminService,
  magazinePendingWork,
  type MagazineAdminDeps,
} from './admin-service.js';
import { magazineRoutes, type MagazineRoutesOptions } from './routes.js';
import { magazineSearchSource } from './search-source.js';
import { MagazineService } from './service.js';

/** The bulletin "Il Servizio Trasfusionale": issues and their articles (ADR 014). */
export const magazineModule = defineModule<
  Kernel &
    Pick<MagazineAdminDeps, 'searchIndex'> &
    Pick<MagazineRoutesOptions, 'accounts' | 'membership'>
>()({
  name: 'magazine',
  services: ({ db, engine, clock }) => ({
    magazine: new MagazineService({ db, engine, clock }),
  }),
  staff: ({ db, files, clock, searchIndex }) => ({
    magazine: new MagazineAdminService({ db, files, clock, searchIndex }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(magazineRoutes, { prefix: '/ReservedArea', ...services });
  },
  // The bulletin: issues and their articles
  staffRoutes: async (admin, { staff }) => {
    await admin.register(magazineAdminRoutes, { magazine: staff.magazine });
  },
  pendingWork: [magazinePendingWork],
  searchSources: [magazineSearchSource],
  bins: ({ staff }) => [staff.magazine],
});
