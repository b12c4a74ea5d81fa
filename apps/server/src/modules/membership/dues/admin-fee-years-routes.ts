import { AdminFeeYearInputSchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import {
  actorOf,
  BY_ID,
  FORM_BODY_LIMIT,
  historyRoutes,
  IdParamsSchema,
  saveAtVersion,
} from '../../admin/route-helpers.js';
import type { FeeYearsAdmin } from './admin-fee-years.js';

/**
 * /api/v1/Admin/FeeYears (ADR 029, ADR 045): the fee of each year, with the dues. Registered
 * inside `adminRoutes`, so its access hook checks session and role first and the access-matrix
 * test walks these routes too. Each edit goes back from its history; rows are never deleted, so
 * there is no bin (ADR 031).
 */
export async function feeYearsAdminRoutes(
  app: FastifyInstance,
  options: { feeYears: FeeYearsAdmin },
) {
  const { feeYears } = options;

  historyRoutes(app, '/FeeYears', BY_ID, {
    history: (id) => feeYears.feeYearHistory(id),
    rollback: (actor, id, auditId) => feeYears.rollbackFeeYear(actor, id, auditId),
  });

  app.get('/FeeYears', async () => ({ data: await feeYears.listFeeYears() }));
  app.get('/FeeYears/:id', async (request) => ({
    data: await feeYears.getFeeYear(parseInput(IdParamsSchema, request.params).id),
  }));
  app.post('/FeeYears', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await feeYears.saveFeeYear(
      actorOf(request),
      null,
      parseInput(AdminFeeYearInputSchema, request.body),
    ),
  }));
  app.put('/FeeYears/:id', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    const { id } = parseInput(IdParamsSchema, request.params);
    const input = parseInput(AdminFeeYearInputSchema, request.body);
    return {
      data: await saveAtVersion(
        request,
        id,
        {
          get: (yearId) => feeYears.getFeeYear(yearId),
          history: (yearId) => feeYears.feeYearHistory(yearId),
        },
        (version) => feeYears.saveFeeYear(actorOf(request), id, input, version),
      ),
    };
  });
}
