import { defineModule, type Kernel } from '../module.js';
import { reservedAreaAdminRoutes } from './admin-routes.js';
import {
  ReservedAdminService,
  reservedPendingWork,
  type ReservedAdminDeps,
} from './admin-service.js';
import { pressReviewRoutes, reservedAreaRoutes, type ReservedAreaRoutesOptions } from './routes.js';
import { reservedSearchSource } from './search-source.js';
import { ReservedAreaService } from './service.js';

/** The reserved area: recommendations, assemblies, press review and the board's opinions. */
export const reservedAreaModule = defineModule<
  Kernel &
    Pick<ReservedAdminDeps, 'searchIndex'> &
    Pick<ReservedAreaRoutesOptions, 'accounts' | 'membership'>
>()({
  name: 'reserved-area',
  services: ({ db, engine, files, clock }) => ({
    reservedArea: new ReservedAreaService({ db, engine, files, clock }),
  }),
  staff: ({ db, files, clock, searchIndex }) => ({
    reserved: new ReservedAdminService({ db, files, clock, searchIndex }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(reservedAreaRoutes, { prefix: '/ReservedArea', ...services });
    await api.register(pressReviewRoutes, { prefix: '/SharepointContent', ...services });
  },
  // Reserved area: recommendations, assemblies, press review and the board's opinions, each
  // with its audience
  staffRoutes: async (admin, { staff }) => {
    await admin.register(reservedAreaAdminRoutes, { reserved: staff.reserved });
  },
  pendingWork: [reservedPendingWork],
  searchSources: [reservedSearchSource],
  bins: ({ staff }) => [staff.reserved],
});
