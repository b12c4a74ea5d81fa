import { z } from 'zod';
import { outboxJob, type OutboxJobHandler } from '../../outbox/worker.js';
import type { AttendanceService } from './service.js';

/**
 * The badge's and the certificate's mails (ADR 051): the PDF is drawn and stored when the job
 * runs, outside the transaction that queued it, then mailed through the outbox's own mail.
 */
export function attendanceJobs(attendance: AttendanceService): OutboxJobHandler[] {
  return [
    outboxJob({
      kind: 'event.badge-mail',
      payload: z.object({ registrationId: z.number().int() }),
      handle: (job) => attendance.sendBadgeMail(job.registrationId),
    }),
    outboxJob({
      kind: 'event.certificate-mail',
      payload: z.object({ certificateId: z.number().int() }),
      handle: (job) => attendance.sendCertificateMail(job.certificateId),
    }),
  ];
}
