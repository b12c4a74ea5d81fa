import { defineModule, type Kernel } from '../module.js';
import { segmentsAdminRoutes } from './segments/admin-routes.js';
import { SegmentsAdminService } from './segments/admin-service.js';
import { SegmentsService } from './segments/service.js';

/**
 * Writing to the members. Segments (ADR 062): definitions whose recipients are computed at the
 * moment of asking, for the campaigns to read through `segments`.
 */
export const communicationsModule = defineModule<Kernel>()({
  name: 'communications',
  services: ({ config, db, clock }) => ({
    // Segments: the standing by the membership's own rules (ADR 024, ADR 062).
    segments: new SegmentsService({
      db,
      clock,
      rules: {
        graceUntil: config.membership.graceUntil,
        lapseAfterYears: config.membership.lapseAfterYears,
      },
    }),
  }),
  staff: ({ db, clock, segments }) => ({
    segments: new SegmentsAdminService({ db, clock, segments }),
  }),
  // Segments
  staffRoutes: async (admin, { staff }) => {
    await admin.register(segmentsAdminRoutes, { segments: staff.segments });
  },
});
