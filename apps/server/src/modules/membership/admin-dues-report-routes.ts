import { DuesReportQuerySchema } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { sendCsv } from '../admin/route-helpers.js';
import { duesReport, duesReportCsv, duesReportXlsx, type DuesReportDeps } from './dues-report.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /api/v1/Admin/DuesReport (ADR 024, 029): the dashboard of a year's dues and its exports for
 * the accountant. Inside `adminRoutes`; the area is the treasury's.
 */
export async function duesReportAdminRoutes(
  app: FastifyInstance,
  options: { report: DuesReportDeps },
) {
  const { report } = options;
  app.get('/DuesReport', async (request) => ({
    data: await duesReport(report, parseInput(DuesReportQuerySchema, request.query).year),
  }));
  app.get('/DuesReport/Export.csv', async (request, reply) => {
    const { year } = parseInput(DuesReportQuerySchema, request.query);
    return sendCsv(reply, `quote-${year}.csv`, await duesReportCsv(report, year));
  });
  app.get('/DuesReport/Export.xlsx', async (request, reply) => {
    const { year } = parseInput(DuesReportQuerySchema, request.query);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="quote-${year}.xlsx"`)
      .send(await duesReportXlsx(report, year));
  });
}
