import type { Kysely, Migration } from 'kysely';

/**
 * ADR 029 (amendment of 2026-11-27, suggestions for the rows to review): a bank row keeps the
 * payer's IBAN when the statement gives it (camt.053 `DbtrAcct/Id/IBAN`, the CSV's IBAN column),
 * upper-case without spaces, so a later transfer from the same account suggests the member an
 * earlier matched or assigned one paid for. Indexed by IBAN for that look-up. Rows imported
 * before keep null. The same SQL on SQLite and PostgreSQL.
 */
export const bankRowsPayerIbanMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema.alterTable('bank_rows').addColumn('payer_iban', 'text').execute();
    await db.schema
      .createIndex('bank_rows_by_payer_iban')
      .on('bank_rows')
      .columns(['payer_iban', 'status'])
      .execute();
  },
};
