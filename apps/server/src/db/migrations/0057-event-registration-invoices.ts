import type { Kysely, Migration } from 'kysely';

/**
 * ADR 049, amendment "invoices": a registration's invoice marked as issued by the staff, with the
 * number the accountant gave it, when and by whom; until then a paid registration that asked for
 * one waits on the staff home. Plain statements on both engines.
 */
export function eventRegistrationInvoicesMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      for (const column of ['invoice_number', 'invoice_issued_at', 'invoice_issued_by']) {
        await db.schema.alterTable('event_registrations').addColumn(column, 'text').execute();
      }
    },
  };
}
