import { Migrator } from 'kysely';
import fs from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrationsFor } from '../../src/db/migrate.js';
import { createPostgresDatabase, makeTempDir, testEngines } from '../helpers/test-app.js';

const AT = '2026-11-05T09:00:00.000Z';

/**
 * Migration 0061 (ADR 059) on a database with registrations and events' accounts of the free
 * text: the words that are a name of the national lists get their codes (case, accents and
 * spaces aside), the others stay as they were and are flagged for the staff; a codice fiscale
 * whose letters do not encode the name is flagged.
 */
describe.each(testEngines())(
  'migration 0061 of the professions written as words (%s)',
  (engine) => {
    let handle: DatabaseHandle;
    let migrator: Migrator;
    let cleanUp: () => Promise<void>;

    beforeAll(async () => {
      const dataDir = makeTempDir();
      const postgres = engine === 'postgres' ? await createPostgresDatabase() : null;
      handle = openDatabase({
        databaseUrl: postgres?.url ?? null,
        dataDir,
        logger: pino({ level: 'silent' }),
      });
      cleanUp = async () => {
        await handle.close();
        await postgres?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => migrationsFor(engine) },
      });
      const { error } = await migrator.migrateTo('0058-event-ecm');
      if (error !== undefined) throw error;
    }, 120_000);

    afterAll(() => cleanUp());

    it('maps the words that are names of the lists and flags the others, keeping every word', async () => {
      const db = handle.db;
      const member = async (
        email: string,
        firstName: string,
        lastName: string,
        role: 'socio' | 'partecipante',
      ) =>
        (
          await db
            .insertInto('members')
            .values({
              email,
              first_name: firstName,
              last_name: lastName,
              role,
              status: 'active',
              password_hash: null,
              password_changed: 0,
              created_at: AT,
              updated_at: AT,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const event = await db
        .insertInto('events')
        .values({
          title: 'Congresso',
          title_search: 'congresso',
          starts_at: '2027-01-28T08:00:00.000Z',
          ends_at: '2027-01-30T12:00:00.000Z',
          mode: 'in-presenza',
          venue_name: null,
          venue_address: null,
          venue_city: null,
          online_url: null,
          description_html: '',
          organisers: null,
          ecm_credits: 1,
          registration_opens_at: null,
          registration_closes_at: null,
          places: null,
          published: 1,
          created_at: AT,
          updated_at: AT,
          early_bird_until: null,
          onsite_from: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const type = await db
        .insertInto('event_registration_types')
        .values({
          event_id: event.id,
          position: 0,
          name: 'Ordinaria',
          description: null,
          eligibility: 'tutti',
          member_roles: '',
          access_code: null,
          early_cents: null,
          standard_cents: 0,
          onsite_cents: null,
          places: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const rows: [string, string | null, string | null, string | null, string, string][] = [
        // email, profession, discipline, codice fiscale, first name, surname
        [
          'esatto@example.org',
          'medico chirurgo',
          'MEDICINA  TRASFUSIONALE',
          'RSSMRA80A01H501U',
          'Mario',
          'Rossi',
        ],
        [
          'accenti@example.org',
          'Tecnico sanitario laboratorio biomedico',
          null,
          null,
          'Anna',
          'Neri',
        ],
        [
          'apostrofo@example.org',
          'Medico Chirurgo',
          "Medicina d'emergenza-urgenza",
          'RSSMRA80A01H501U',
          'Luigi',
          'Bianchi',
        ],
        ['parole@example.org', 'Medico', 'Immunoematologia', null, 'Carla', 'Verdi'],
        ['disciplina@example.org', 'Infermiere', 'Ematologia', null, 'Paolo', 'Gialli'],
        ['vuoto@example.org', null, null, null, 'Sara', 'Blu'],
      ];
      const ids = new Map<string, number>();
      for (const [email, profession, discipline, fiscalCode, firstName, lastName] of rows) {
        const memberId = await member(email, firstName, lastName, 'socio');
        const registration = await db
          .insertInto('event_registrations')
          .values({
            event_id: event.id,
            type_id: type.id,
            member_id: memberId,
            request_key: `chiave-${email}`,
            state: 'confirmed',
            price_window: 'standard',
            type_cents: 0,
            total_cents: 0,
            first_name: firstName,
            last_name: lastName,
            email,
            fiscal_code: fiscalCode,
            profession,
            discipline,
            employer: null,
            invoice_name: null,
            invoice_tax_id: null,
            invoice_recipient_code: null,
            invoice_pec: null,
            pay_by: null,
            payment_reminded_at: null,
            offer_expires_at: null,
            payment_id: null,
            confirmed_at: AT,
            ended_at: null,
            ended_by: null,
            end_reason: null,
            created_at: AT,
            updated_at: AT,
            version: 1,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(email, registration.id);
      }
      const participant = await member(
        'partecipante@example.org',
        'Paolo',
        'Martinelli',
        'partecipante',
      );
      const stranger = await member('altro@example.org', 'Ugo', 'Neri', 'partecipante');
      for (const [memberId, profession, discipline] of [
        [participant, 'Infermiere', 'infermiere'],
        [stranger, 'Ingegnere clinico', null],
      ] as const) {
        await db
          .insertInto('event_participants')
          .values({
            member_id: memberId,
            fiscal_code: 'MRTPLA80A01H501E',
            profession,
            discipline,
            employer: null,
            privacy_version: '2026-12-1',
            privacy_accepted_at: AT,
            created_at: AT,
            updated_at: AT,
          })
          .execute();
      }

      const { error } = await migrator.migrateTo('0061-ecm-professional-facts');
      expect(error).toBeUndefined();

      const after = await db
        .selectFrom('event_registrations')
        .select([
          'email',
          'profession',
          'discipline',
          'profession_code',
          'discipline_code',
          'employment',
          'profession_to_check',
          'fiscal_code_name_mismatch',
        ])
        .orderBy('id')
        .execute();
      const of = (email: string) => after.find((row) => row.email === email);
      expect(of('esatto@example.org')).toEqual({
        email: 'esatto@example.org',
        // The words stay as the person wrote them; the codes say what they are.
        profession: 'medico chirurgo',
        discipline: 'MEDICINA  TRASFUSIONALE',
        profession_code: 1,
        discipline_code: 47,
        employment: null,
        profession_to_check: 0,
        fiscal_code_name_mismatch: 0,
      });
      expect(of('accenti@example.org')).toMatchObject({
        profession_code: 28,
        discipline_code: null,
        profession_to_check: 0,
        fiscal_code_name_mismatch: 0,
      });
      // A straight apostrophe for the lists' typographic one; a codice fiscale of another name.
      expect(of('apostrofo@example.org')).toMatchObject({
        profession_code: 1,
        discipline_code: 13,
        profession_to_check: 0,
        fiscal_code_name_mismatch: 1,
      });
      // Words that are no name of the lists: kept and flagged, no code guessed.
      expect(of('parole@example.org')).toMatchObject({
        profession: 'Medico',
        discipline: 'Immunoematologia',
        profession_code: null,
        discipline_code: null,
        profession_to_check: 1,
      });
      // A discipline not of the profession: the profession's code, the discipline to check.
      expect(of('disciplina@example.org')).toMatchObject({
        profession_code: 14,
        discipline_code: null,
        profession_to_check: 1,
      });
      expect(of('vuoto@example.org')).toMatchObject({
        profession_code: null,
        profession_to_check: 0,
        fiscal_code_name_mismatch: 0,
      });

      const accounts = await db
        .selectFrom('event_participants')
        .select([
          'member_id',
          'profession',
          'profession_code',
          'discipline_code',
          'profession_to_check',
        ])
        .orderBy('member_id')
        .execute();
      expect(accounts).toEqual([
        {
          member_id: participant,
          profession: 'Infermiere',
          profession_code: 14,
          discipline_code: 85,
          profession_to_check: 0,
        },
        {
          member_id: stranger,
          profession: 'Ingegnere clinico',
          profession_code: null,
          discipline_code: null,
          profession_to_check: 1,
        },
      ]);
      expect(ids.size).toBe(rows.length);
    });
  },
);
