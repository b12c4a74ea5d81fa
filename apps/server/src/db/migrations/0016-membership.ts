import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 024: memberships (member number, kind, first year due), the dues ledger by member and
 * year, the member-number counter, the applications. The fee payments recorded so far (ADR 012:
 * one year per payment) become ledger rows, and their members get a membership from the first
 * year they paid.
 */
export function membershipMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const withId = (name: string): CreateTableBuilder<string, string> => {
        const table = db.schema.createTable(name);
        return engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
      };

      await db.schema
        .createTable('memberships')
        .addColumn('member_id', 'integer', (c) =>
          c.primaryKey().references('members.id').onDelete('cascade'),
        )
        .addColumn('member_number', 'text', (c) => c.unique())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('section', 'text')
        .addColumn('since_year', 'integer', (c) => c.notNull())
        .addColumn('codice_fiscale', 'text', (c) => c.unique())
        .addColumn('qualification', 'text')
        .addColumn('workplace', 'text')
        .addColumn('centre', 'text')
        .addColumn('region', 'text')
        .addColumn('register_number', 'text')
        .addColumn('ratified_on', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('member_number_counter')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last_number', 'integer', (c) => c.notNull())
        .execute();

      await withId('dues')
        .addColumn('member_id', 'integer', (c) =>
          c.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer')
        .addColumn('method', 'text')
        .addColumn('payment_id', 'integer', (c) => c.references('payments.id').onDelete('set null'))
        .addColumn('exempt_reason', 'text')
        .addColumn('settled_on', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('dues_by_member_year')
        .on('dues')
        .columns(['member_id', 'year'])
        .unique()
        .execute();
      await db.schema.createIndex('dues_by_payment').on('dues').column('payment_id').execute();

      await withId('membership_applications')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('section', 'text')
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('codice_fiscale', 'text', (c) => c.notNull())
        .addColumn('qualification', 'text', (c) => c.notNull())
        .addColumn('workplace', 'text', (c) => c.notNull())
        .addColumn('centre', 'text')
        .addColumn('region', 'text', (c) => c.notNull())
        .addColumn('register_number', 'text')
        .addColumn('cv_sha256', 'text', (c) => c.references('files.sha256'))
        .addColumn('cv_file_name', 'text')
        .addColumn('privacy_text_version', 'text', (c) => c.notNull())
        .addColumn('privacy_accepted_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('ratified_on', 'text')
        .addColumn('refusal_reason', 'text')
        .addColumn('member_id', 'integer', (c) => c.references('members.id').onDelete('set null'))
        .addColumn('handled_at', 'text')
        .addColumn('handled_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // One waiting application per address and per codice fiscale, even for two submits at once.
      await db.schema
        .createIndex('applications_pending_email')
        .on('membership_applications')
        .column('email')
        .unique()
        .where(sql<boolean>`status = 'pending'`)
        .execute();
      await db.schema
        .createIndex('applications_pending_codice_fiscale')
        .on('membership_applications')
        .column('codice_fiscale')
        .unique()
        .where(sql<boolean>`status = 'pending'`)
        .execute();

      await copyPaymentsIntoLedger(db, new Date().toISOString());
    },
  };
}

interface PaymentOfMember {
  member_id: number;
  role: string;
  year: number;
  status: string;
  id: number;
  expected_cents: number;
  verified_at: string | null;
  created_at: string;
}

/**
 * Every member's paid or reported years from the payments (by the member signed in when paying
 * or PayPal's payer address, as the members' list has always counted them): one ledger row per
 * year, paid when a payment was verified, reported otherwise.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function copyPaymentsIntoLedger(db: Kysely<any>, now: string): Promise<void> {
  const rows = (await db
    .selectFrom('payments')
    .innerJoin('members', (join) =>
      join.on((eb) =>
        eb.or([
          eb('payments.member_id', '=', eb.ref('members.id')),
          eb(eb.fn('lower', ['payments.payer_email']), '=', eb.ref('members.email')),
        ]),
      ),
    )
    .where('payments.status', 'in', ['verified', 'reported', 'flagged'])
    .select([
      'members.id as member_id',
      'members.role',
      'payments.year',
      'payments.status',
      'payments.id',
      'payments.expected_cents',
      'payments.verified_at',
      'payments.created_at',
    ])
    .orderBy('payments.id')
    .execute()) as PaymentOfMember[];
  const dues = new Map<string, PaymentOfMember>();
  const firstYear = new Map<number, { year: number; role: string }>();
  for (const row of rows) {
    const key = `${row.member_id}:${row.year}`;
    const known = dues.get(key);
    if (known === undefined || (known.status !== 'verified' && row.status === 'verified')) {
      dues.set(key, row);
    }
    const first = firstYear.get(row.member_id);
    if (first === undefined || row.year < first.year) {
      firstYear.set(row.member_id, { year: row.year, role: row.role });
    }
  }
  for (const row of dues.values()) {
    const paid = row.status === 'verified';
    await db
      .insertInto('dues')
      .values({
        member_id: row.member_id,
        year: row.year,
        status: paid ? 'paid' : 'reported',
        amount_cents: row.expected_cents,
        method: 'paypal',
        payment_id: row.id,
        exempt_reason: null,
        settled_on: paid ? (row.verified_at ?? row.created_at).slice(0, 10) : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
  for (const [memberId, first] of firstYear) {
    if (first.role === 'segreteria') continue;
    await db
      .insertInto('memberships')
      .values({
        member_id: memberId,
        member_number: null,
        kind: first.role === 'affiliato' ? 'Affiliato' : 'Socio',
        section: null,
        since_year: first.year,
        codice_fiscale: null,
        qualification: null,
        workplace: null,
        centre: null,
        region: null,
        register_number: null,
        ratified_on: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
