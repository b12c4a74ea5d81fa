import type { FastifyInstance } from 'fastify';

/**
 * The mails the outbox holds for `email`, oldest first, each as its subject and text on the
 * lines after: what a test with the outbox left to run by hand (`outbox: 'manual'`) reads of
 * what a person was written.
 */
export async function queuedMailsTo(app: FastifyInstance, email: string): Promise<string[]> {
  const rows = await app.services.db
    .selectFrom('outbox')
    .select('payload_json')
    .where('kind', '=', 'mail')
    .orderBy('id')
    .execute();
  return rows
    .map((row) => JSON.parse(row.payload_json) as { to: string[]; subject: string; text: string })
    .filter((mail) => mail.to.includes(email))
    .map((mail) => `${mail.subject}\n${mail.text}`);
}
