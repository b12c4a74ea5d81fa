import type { FastifyInstance } from 'fastify';

/** A mail as the outbox holds it. */
export interface QueuedMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * The mails the outbox holds, oldest first: what a test with the outbox left to run by hand
 * (`outbox: 'manual'`) reads of what people were written.
 */
export async function queuedMails(app: FastifyInstance): Promise<QueuedMail[]> {
  const rows = await app.services.db
    .selectFrom('outbox')
    .select('payload_json')
    .where('kind', '=', 'mail')
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.payload_json) as QueuedMail);
}

/** The mails the outbox holds for `email`, each as its subject and text on the lines after. */
export async function queuedMailsTo(app: FastifyInstance, email: string): Promise<string[]> {
  return (await queuedMails(app))
    .filter((mail) => mail.to.includes(email))
    .map((mail) => `${mail.subject}\n${mail.text}`);
}
