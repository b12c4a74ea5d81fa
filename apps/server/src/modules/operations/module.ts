import { defineModule, type Kernel } from '../module.js';
import { operationsRoutes } from './routes.js';
import { OperationsService } from './service.js';

/** Readiness and metrics (ADR 028). */
export const operationsModule = defineModule<Kernel>()({
  name: 'operations',
  services: ({ config, db, engine }) => ({
    operations: new OperationsService({ db, engine, dataDir: config.dataDir }),
  }),
  // /healthz, /readyz and /metrics, and the metrics of every request: before any route.
  plugins: async (app, { config, operations }) => {
    await app.register(operationsRoutes, { operations, metricsToken: config.metricsToken });
  },
});
