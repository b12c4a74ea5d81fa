import type { SodalisLoadContext } from '@sodalis/contracts';
import { defineModule, type Kernel } from '../module.js';
import { reservedAreaAdminRoutes } from './admin-routes.js';
import {
  ReservedAdminService,
  reservedPendingWork,
  type ReservedAdminDeps,
} from './admin-service.js';
import { pressReviewRoutes, reservedAreaRoutes, type ReservedAreaRoutesOptions } from './routes.js';
import { reservedPageReads } from './page-reads.js';
import { reservedSearchSource } from './search-source.js';
import { unlessUnavailable } from '../../http/page-reads.js';
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
  // The reserved lists of a cookie session, by the API's checks (ADR 022).
  pageContext: (services): Pick<SodalisLoadContext, 'reservedArea'> => {
    const reads = reservedPageReads(services);
    return {
      reservedArea: {
        list: (archive, filter, token) => unlessUnavailable(reads.list(archive, filter, token)),
      },
    };
  },
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
