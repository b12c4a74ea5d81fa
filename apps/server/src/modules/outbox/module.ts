import { defineModule, type Kernel } from '../module.js';
import { outboxAdminRoutes } from './admin-routes.js';
import { OutboxAdminService, outboxPendingWork } from './admin-service.js';
import { mailJob } from './mail-job.js';

/**
 * The outbox's own side (ADR 044): mail, and the staff screen of what could not be delivered.
 * The worker that runs every module's jobs is the composition's (`services.ts`): it needs them
 * all, so it is built after every module.
 */
export const outboxModule = defineModule<Kernel>()({
  name: 'outbox',
  services: () => ({}),
  staff: ({ db, clock, notifyOutbox }) => ({
    outbox: new OutboxAdminService({ db, clock, notifyOutbox }),
  }),
  // Messages that could not be delivered
  staffRoutes: async (admin, { staff }) => {
    await admin.register(outboxAdminRoutes, { outbox: staff.outbox });
  },
  pendingWork: [outboxPendingWork],
  outboxJobs: ({ config, files, mailer }) => [mailJob({ files, mailer, mail: config.mail })],
});
