import { ecmCodesOfWords } from '@sodalis/contracts';
import type { Kysely, Migration } from 'kysely';
import { codiceFiscaleMatchesName } from '../../text/codice-fiscale.js';
import type { DatabaseEngine } from '../database.js';

/**
 * ADR 059: professions and disciplines by the national codes, the employment status, the
 * codice fiscale checked against the name, and an event's speakers for ECM.
 *
 * Registrations and events' accounts gain the codes (`profession_code`, `discipline_code`), the
 * employment status and `profession_to_check` (1: words of the old free text that are no name of
 * the lists, for the staff to check); registrations also `fiscal_code_name_mismatch` (1: the
 * code's letters do not encode the name, a warning). Rows already there are mapped where their
 * words are a name of the lists (case, accents and spaces aside); the words stay either way.
 * Plain statements on both engines.
 */
export function ecmProfessionalFactsMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      for (const table of ['event_registrations', 'event_participants']) {
        await db.schema.alterTable(table).addColumn('profession_code', 'integer').execute();
        await db.schema.alterTable(table).addColumn('discipline_code', 'integer').execute();
        await db.schema.alterTable(table).addColumn('employment', 'text').execute();
        await db.schema
          .alterTable(table)
          .addColumn('profession_to_check', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      }
      await db.schema
        .alterTable('event_registrations')
        .addColumn('fiscal_code_name_mismatch', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      const registrations = (await db
        .selectFrom('event_registrations')
        .select(['id', 'profession', 'discipline', 'fiscal_code', 'first_name', 'last_name'])
        .execute()) as {
        id: number;
        profession: string | null;
        discipline: string | null;
        fiscal_code: string | null;
        first_name: string;
        last_name: string;
      }[];
      for (const row of registrations) {
        const mismatch =
          row.fiscal_code !== null &&
          !codiceFiscaleMatchesName(row.fiscal_code, row.first_name, row.last_name);
        await db
          .updateTable('event_registrations')
          .set({
            ...mappedFacts(row.profession, row.discipline),
            fiscal_code_name_mismatch: mismatch ? 1 : 0,
          })
          .where('id', '=', row.id)
          .execute();
      }
      const participants = (await db
        .selectFrom('event_participants')
        .select(['member_id', 'profession', 'discipline'])
        .execute()) as { member_id: number; profession: string; discipline: string | null }[];
      for (const row of participants) {
        await db
          .updateTable('event_participants')
          .set(mappedFacts(row.profession, row.discipline))
          .where('member_id', '=', row.member_id)
          .execute();
      }

      const table = db.schema.createTable('event_ecm_speakers');
      await (
        engine === 'sqlite'
          ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('event_id', 'integer', (c) => c.notNull().references('events.id'))
        .addColumn('member_id', 'integer', (c) => c.references('members.id'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('fiscal_code', 'text', (c) => c.notNull())
        .addColumn('profession_code', 'integer', (c) => c.notNull())
        .addColumn('discipline_code', 'integer', (c) => c.notNull())
        .addColumn('employment', 'text', (c) => c.notNull())
        // `docente`, `relatore`, `tutor`, `moderatore` (ADR 059).
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('minutes', 'integer')
        .addColumn('sessions', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('event_ecm_speakers_by_event')
        .on('event_ecm_speakers')
        .columns(['event_id', 'id'])
        .execute();
      // One row per person and event: the report lists each speaker once.
      await db.schema
        .createIndex('event_ecm_speakers_one_per_person')
        .on('event_ecm_speakers')
        .columns(['event_id', 'fiscal_code'])
        .unique()
        .execute();
    },
  };
}

/** The codes of the old words, or the words flagged when they are no name of the lists. */
function mappedFacts(profession: string | null, discipline: string | null) {
  const blank = (text: string | null) => text === null || text.trim() === '';
  if (blank(profession)) {
    return {
      profession_code: null,
      discipline_code: null,
      profession_to_check: blank(discipline) ? 0 : 1,
    };
  }
  const codes = ecmCodesOfWords(profession, discipline);
  const matched =
    codes.professionCode !== null && (blank(discipline) || codes.disciplineCode !== null);
  return {
    profession_code: codes.professionCode,
    discipline_code: codes.disciplineCode,
    profession_to_check: matched ? 0 : 1,
  };
}
