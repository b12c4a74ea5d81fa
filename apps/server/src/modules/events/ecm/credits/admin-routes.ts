import {
  CertificateRevokeSchema,
  ECM_REPORT_FORMATS,
  EcmReportSentSchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseInput } from '../../../../http/validation.js';
import { actorOf, IdParamsSchema, sendDownload, sendPdf } from '../../../admin/route-helpers.js';
import type { AttendanceAdmin } from '../../attendance/admin-service.js';
import type { EcmReport } from '../report/admin-service.js';
import type { EcmCredits } from './service.js';

const ReportQuerySchema = z.object({
  formato: z.enum(ECM_REPORT_FORMATS, { message: 'Formato: «xml» o «csv».' }).default('xml'),
});

/**
 * The staff's ECM credits (ADR 060), in the attendance's area (`/EventAttendance/…`, the
 * check-in's roles): each registrant's conditions, the certificates issued in bulk, revoked
 * or downloaded, the participants' report for Age.Na.S. and the record of its sending.
 */
export async function ecmCreditsAdminRoutes(
  app: FastifyInstance,
  options: { credits: EcmCredits; report: EcmReport; attendance: AttendanceAdmin },
) {
  const { credits, report, attendance } = options;
  const idOf = (params: unknown) => parseInput(IdParamsSchema, params).id;
  app.get('/EventAttendance/Events/:id/EcmCredits', async (request) => ({
    data: await credits.report(attendance, idOf(request.params)),
  }));
  app.post('/EventAttendance/Events/:id/EcmCertificates', async (request) => ({
    data: { issued: await credits.issueAll(actorOf(request), attendance, idOf(request.params)) },
  }));
  app.post('/EventAttendance/EcmCertificates/:id/Revoke', async (request) => {
    const { reason } = parseInput(CertificateRevokeSchema, request.body);
    await credits.revoke(actorOf(request), idOf(request.params), reason);
    return { data: null };
  });
  app.get('/EventAttendance/EcmCertificates/:id/Pdf', async (request, reply) =>
    sendPdf(reply, await credits.certificatePdf(idOf(request.params))),
  );
  app.get('/EventAttendance/Events/:id/EcmReport', async (request, reply) => {
    const { formato } = parseInput(ReportQuerySchema, request.query);
    const file = await report.file(attendance, idOf(request.params), formato);
    return sendDownload(reply, {
      fileName: file.fileName,
      type: `${file.type}; charset=utf-8`,
      body: file.body,
    });
  });
  app.put('/EventAttendance/Events/:id/EcmReportSent', async (request) => {
    const input = parseInput(EcmReportSentSchema, request.body);
    await credits.recordReportSent(actorOf(request), idOf(request.params), input);
    return { data: null };
  });
  app.delete('/EventAttendance/Events/:id/EcmReportSent', async (request) => {
    await credits.clearReportSent(actorOf(request), idOf(request.params));
    return { data: null };
  });
}
