import { romeYear } from '@sodalis/contracts';
import type { Kysely, Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 029 (2026-11-24 amendment): the fee of each year for each kind of member, so arrears are
 * charged at their own year's fee. Seeded from the configuration as it is: every year the dues
 * ledger has, and the current one, at today's active fee of the kind (a year without a row
 * follows the active fee, `feeOfYear`).
 */
export function feeYearsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const table = db.schema.createTable('fee_years');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('access', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('fee_years_year_access', ['year', 'access'])
        .execute();

      const fees = (await db
        .selectFrom('fees')
        .select(['access', 'amount_cents'])
        .where('active', '=', 1)
        .orderBy('access')
        .orderBy('sort_order')
        .orderBy('id')
        .execute()) as { access: string; amount_cents: number }[];
      const ledgerYears = (await db.selectFrom('dues').select('year').distinct().execute()) as {
        year: number;
      }[];
      const years = [...new Set([...ledgerYears.map((row) => row.year), romeYear()])];
      const now = new Date().toISOString();
      for (const access of ['Socio', 'Affiliato']) {
        const active = fees.find((fee) => fee.access === access);
        if (active === undefined) continue;
        for (const year of years) {
          await db
            .insertInto('fee_years')
            .values({ year, access, amount_cents: active.amount_cents, updated_at: now })
            .execute();
        }
      }
    },
  };
}
