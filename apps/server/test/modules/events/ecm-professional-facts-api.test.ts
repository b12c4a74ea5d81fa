import {
  PROFESSIONAL_FACTS_MESSAGES,
  SPEAKER_MESSAGES,
  type AdminEvent,
  type AdminPage,
  type AdminRegistration,
  type EcmSpeaker,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ecmIneligibilityReason } from '../../../src/modules/events/ecm/eligibility.js';
import { addLedgerMember, sessionOf } from '../../helpers/ledger.js';
import { refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const START = new Date('2026-11-23T10:00:00Z');

/** Codes of the national lists (ADR 056, 059). */
const MEDICO = 1;
const INFERMIERE = 14;
const MEDICINA_TRASFUSIONALE = 47;
const EMATOLOGIA = 5;
const CARDIOLOGIA = 3;
const INFERMIERE_DISCIPLINE = 85;

/** A valid codice fiscale of Mario Rossi; Giulia Ferri's. */
const CF_ROSSI_MARIO = 'RSSMRA85T10A562S';
const CF_FERRI_GIULIA = 'FRRGLI75C41F205G';

describe('eligibility by profession and discipline (ADR 059)', () => {
  const ecm = { professions: [MEDICO], disciplines: [MEDICINA_TRASFUSIONALE, EMATOLOGIA] };
  const facts = (professionCode: number | null, disciplineCode: number | null, words = null) => ({
    professionCode,
    disciplineCode,
    profession: words,
  });

  it('is null for an accredited profession and discipline', () => {
    expect(ecmIneligibilityReason(ecm, facts(MEDICO, MEDICINA_TRASFUSIONALE))).toBeNull();
    expect(ecmIneligibilityReason(ecm, facts(MEDICO, EMATOLOGIA))).toBeNull();
  });

  it('says why not, in Italian, for each other case', () => {
    expect(ecmIneligibilityReason(ecm, facts(MEDICO, CARDIOLOGIA))).toBe(
      'La tua disciplina (Cardiologia) non è tra quelle accreditate per questo evento.',
    );
    expect(ecmIneligibilityReason(ecm, facts(INFERMIERE, INFERMIERE_DISCIPLINE))).toBe(
      'La tua professione (Infermiere) non è tra quelle accreditate per questo evento.',
    );
    expect(ecmIneligibilityReason(ecm, facts(MEDICO, null))).toContain(
      'Non hai indicato la tua disciplina',
    );
    expect(ecmIneligibilityReason(ecm, facts(null, null))).toContain(
      'Non hai indicato professione e disciplina',
    );
    expect(
      ecmIneligibilityReason(ecm, {
        professionCode: null,
        disciplineCode: null,
        profession: 'Ingegnere',
      }),
    ).toBe(
      'La tua professione (Ingegnere) non è tra le professioni sanitarie dell’elenco nazionale: i crediti ECM non sono previsti. Se è un errore, scrivi alla segreteria.',
    );
    expect(ecmIneligibilityReason(null, facts(MEDICO, MEDICINA_TRASFUSIONALE))).toBe(
      'Questo evento non è accreditato ECM.',
    );
  });
});

describe.each(testEngines())(
  'events: professions by code and speakers (ADR 059) on %s',
  (engine) => {
    const staff = staffSite(engine, { clock: () => START, roles: ['eventi'] });

    async function createEvent(): Promise<AdminEvent> {
      return staff.ok<AdminEvent>(
        staff.call('POST', '/Events', {
          title: `Corso ECM ${randomUUID().slice(0, 6)}`,
          startsAt: '2027-01-28T09:00',
          endsAt: '2027-01-28T13:00',
          mode: 'in-presenza',
          venueName: 'Aula',
          venueCity: 'Bologna',
          registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
          published: true,
        }),
      );
    }

    async function register(event: AdminEvent, name: string, body: object) {
      const id = await addLedgerMember(staff.app, `${name}`, 2025, { 2025: 'paid', 2026: 'paid' });
      const token = await sessionOf(staff.app, id);
      return staff.app.inject({
        method: 'POST',
        url: `/api/v1/Events/${event.id}/Registrations`,
        payload: {
          requestKey: randomUUID().replaceAll('-', ''),
          typeId: event.registrationTypes[0]?.id,
          ...body,
        },
        headers: { authorization: `Bearer ${token}` },
      });
    }

    const list = (query: string) =>
      staff.ok<AdminPage<AdminRegistration>>(staff.call('GET', `/EventRegistrations?${query}`));

    it('stores the codes with their names, accepts who is not a health professional without codes, flags a codice fiscale of another name', async () => {
      const event = await createEvent();
      const physician = await register(event, 'Mario', {
        fiscalCode: CF_ROSSI_MARIO,
        professionCode: String(MEDICO),
        disciplineCode: String(MEDICINA_TRASFUSIONALE),
        employment: 'dipendente',
      });
      expect(physician.statusCode, physician.body).toBe(201);
      // Not a health profession: registers, without codes; the words are kept.
      const engineer = await register(event, 'Luigi', {
        fiscalCode: CF_ROSSI_MARIO,
        professionCode: 'altra',
        otherProfession: 'Ingegnere clinico',
      });
      expect(engineer.statusCode, engineer.body).toBe(201);
      const noOther = await register(event, 'Piero', { professionCode: 'altra' });
      expect(noOther.statusCode).toBe(400);
      expect(noOther.json()).toMatchObject({
        error: {
          issues: [{ path: 'otherProfession', message: PROFESSIONAL_FACTS_MESSAGES.otherRequired }],
        },
      });
      const badEmployment = await register(event, 'Dario', {
        professionCode: MEDICO,
        disciplineCode: EMATOLOGIA,
        employment: 'pensionato',
      });
      expect(badEmployment.statusCode).toBe(400);
      expect(badEmployment.body).toContain(PROFESSIONAL_FACTS_MESSAGES.employment);

      const ids = [physician, engineer].map(
        (answer) => (answer.json() as { data: RegistrationAnswer }).data.registration.id,
      );
      const all = await list(`eventId=${event.id}`);
      const byId = new Map(all.items.map((item) => [item.id, item]));
      expect(byId.get(ids[0] ?? 0)).toMatchObject({
        profession: 'Medico chirurgo',
        discipline: 'Medicina trasfusionale',
        professionCode: MEDICO,
        disciplineCode: MEDICINA_TRASFUSIONALE,
        employment: 'dipendente',
        employmentLabel: 'Dipendente',
        professionToCheck: false,
        fiscalCodeNameMismatch: false,
      });
      expect(byId.get(ids[1] ?? 0)).toMatchObject({
        profession: 'Ingegnere clinico',
        discipline: null,
        professionCode: null,
        disciplineCode: null,
        professionToCheck: false,
        // Luigi Rossi with Mario Rossi's codice fiscale: a warning, the registration stands.
        fiscalCodeNameMismatch: true,
      });
      const mismatched = await list(`eventId=${event.id}&check=codice-fiscale`);
      expect(mismatched.items.map((item) => item.id)).toEqual([ids[1]]);
      const toCheck = await list(`eventId=${event.id}&check=professione`);
      expect(toCheck.items).toEqual([]);
      await refused(
        staff.call('GET', `/EventRegistrations?check=altro`),
        'check',
        'Da verificare: scegli «codice fiscale» o «professione».',
      );

      const csv = await staff.call('GET', `/EventRegistrations/Export?eventId=${event.id}`);
      expect(csv.statusCode).toBe(200);
      const [header, ...lines] = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(header).toContain(
        'codice fiscale;codice fiscale da verificare;codice professione;professione;codice disciplina;disciplina;professione da verificare;condizione lavorativa',
      );
      expect(lines.join('\n')).toContain(
        `${CF_ROSSI_MARIO};;1;Medico chirurgo;47;Medicina trasfusionale;;Dipendente`,
      );
      expect(lines.join('\n')).toContain(`${CF_ROSSI_MARIO};sì;;Ingegnere clinico;;;;`);
    });

    it('keeps an event’s speakers: added, listed, edited, removed, each change audited, with the credits of the role', async () => {
      const event = await createEvent();
      const path = `/Events/${event.id}/EcmSpeakers`;
      const speaker = {
        firstName: 'Giulia',
        lastName: 'Ferri',
        fiscalCode: CF_FERRI_GIULIA.toLowerCase(),
        professionCode: MEDICO,
        disciplineCode: MEDICINA_TRASFUSIONALE,
        employment: 'dipendente',
        role: 'relatore',
        minutes: 50,
      };
      const added = await staff.call('POST', path, speaker);
      expect(added.statusCode, added.body).toBe(200);
      const made = (added.json() as { data: EcmSpeaker }).data;
      expect(made).toMatchObject({
        fiscalCode: CF_FERRI_GIULIA,
        fiscalCodeNameMismatch: false,
        professionName: 'Medico chirurgo',
        disciplineName: 'Medicina trasfusionale',
        employmentLabel: 'Dipendente',
        roleLabel: 'Relatore',
        minutes: 50,
        sessions: null,
        // One credit for each whole 20 minutes of teaching.
        credits: 2,
      });

      const edited = await staff.ok<EcmSpeaker>(
        staff.call('PUT', `${path}/${made.id}`, {
          ...speaker,
          role: 'moderatore',
          minutes: '',
          sessions: 2,
        }),
      );
      expect(edited).toMatchObject({ role: 'moderatore', minutes: null, sessions: 2, credits: 2 });
      const tutor = await staff.ok<EcmSpeaker>(
        staff.call('POST', path, {
          ...speaker,
          firstName: 'Mario',
          lastName: 'Rossi',
          fiscalCode: CF_ROSSI_MARIO,
          role: 'tutor',
          minutes: 150,
        }),
      );
      // 1.5 credits for each whole hour of tutoring.
      expect(tutor.credits).toBe(3);
      const listed = await staff.ok<EcmSpeaker[]>(staff.call('GET', path));
      expect(listed.map((each) => each.lastName)).toEqual(['Ferri', 'Rossi']);

      await staff.ok(staff.call('DELETE', `${path}/${tutor.id}`));
      expect((await staff.ok<EcmSpeaker[]>(staff.call('GET', path))).map((s) => s.id)).toEqual([
        made.id,
      ]);
      const missingOne = await staff.call('DELETE', `${path}/${tutor.id}`);
      expect(missingOne.statusCode).toBe(404);

      const audits = await staff.auditOf('event_ecm_speaker');
      const ofMade = audits.filter((entry) => entry.entityId === String(made.id));
      expect(ofMade.map((entry) => entry.action)).toEqual([
        'modifica docente ECM',
        'aggiunta docente ECM',
      ]);
      expect(ofMade[0]?.before).toMatchObject({ ruolo: 'Relatore', minuti: 50 });
      expect(ofMade[0]?.after).toMatchObject({ ruolo: 'Moderatore', sessioni: 2, crediti: 2 });
      const removal = audits.find(
        (entry) => entry.entityId === String(tutor.id) && entry.action === 'rimozione docente ECM',
      );
      expect(removal?.before).toMatchObject({ cognome: 'Rossi', ruolo: 'Tutor' });
    });

    it('refuses a speaker’s wrong data with Italian messages naming the field, and one person twice even at once', async () => {
      const event = await createEvent();
      const path = `/Events/${event.id}/EcmSpeakers`;
      const speaker = {
        firstName: 'Giulia',
        lastName: 'Ferri',
        fiscalCode: CF_FERRI_GIULIA,
        professionCode: MEDICO,
        disciplineCode: MEDICINA_TRASFUSIONALE,
        employment: 'dipendente',
        role: 'docente',
        minutes: 60,
      };
      const cases: [object, string, string][] = [
        [{ firstName: '' }, 'firstName', SPEAKER_MESSAGES.firstName],
        [{ fiscalCode: 'ABC' }, 'fiscalCode', SPEAKER_MESSAGES.fiscalCode],
        [{ fiscalCode: 'FRRGLI75C41F205X' }, 'fiscalCode', SPEAKER_MESSAGES.fiscalCodeWrong],
        [
          { disciplineCode: INFERMIERE_DISCIPLINE },
          'disciplineCode',
          PROFESSIONAL_FACTS_MESSAGES.disciplineOfOther('Infermiere', 'Medico chirurgo'),
        ],
        [
          { professionCode: 'altra', disciplineCode: null, otherProfession: 'Ingegnere' },
          'professionCode',
          SPEAKER_MESSAGES.notHealth,
        ],
        [{ employment: '' }, 'employment', SPEAKER_MESSAGES.employment],
        [{ role: 'presidente' }, 'role', SPEAKER_MESSAGES.role],
        [{ minutes: null }, 'minutes', SPEAKER_MESSAGES.minutes],
        [{ minutes: 2000 }, 'minutes', SPEAKER_MESSAGES.minutes],
        [{ role: 'moderatore', minutes: null }, 'sessions', SPEAKER_MESSAGES.sessions],
        [{ memberId: 999_999 }, 'memberId', SPEAKER_MESSAGES.memberId],
      ];
      for (const [change, field, message] of cases) {
        await refused(staff.call('POST', path, { ...speaker, ...change }), field, message);
      }
      expect(await staff.ok<EcmSpeaker[]>(staff.call('GET', path))).toEqual([]);
      // A codice fiscale of another name: kept with a warning (homocody, born abroad).
      const other = await staff.ok<EcmSpeaker>(
        staff.call('POST', path, { ...speaker, firstName: 'Anna' }),
      );
      expect(other.fiscalCodeNameMismatch).toBe(true);
      await refused(
        staff.call('POST', path, speaker),
        'fiscalCode',
        SPEAKER_MESSAGES.fiscalCodeTwice,
      );
      // Two requests at once for one person: one speaker (the event's lock, the unique index).
      const second = {
        ...speaker,
        fiscalCode: CF_ROSSI_MARIO,
        firstName: 'Mario',
        lastName: 'Rossi',
      };
      const both = await Promise.all([
        staff.call('POST', path, second),
        staff.call('POST', path, second),
      ]);
      expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      expect(await staff.ok<EcmSpeaker[]>(staff.call('GET', path))).toHaveLength(2);
      const missing = await staff.call('GET', `/Events/999999/EcmSpeakers`);
      expect(missing.statusCode).toBe(404);
    });

    it('the demo congress has two speakers and its registrations carry codes', async () => {
      const events = await staff.ok<AdminPage<AdminEvent>>(staff.call('GET', '/Events?perPage=50'));
      const congress = events.items.find((event) => event.ecmCredits);
      const speakers = await staff.ok<EcmSpeaker[]>(
        staff.call('GET', `/Events/${congress?.id ?? 0}/EcmSpeakers`),
      );
      expect(speakers.map((each) => [each.lastName, each.roleLabel, each.credits])).toEqual([
        ['Conti', 'Moderatore', 2],
        ['Ferri', 'Relatore', 4],
      ]);
      expect(speakers.every((each) => !each.fiscalCodeNameMismatch)).toBe(true);
      const registrations = await list(`eventId=${congress?.id ?? 0}&perPage=50`);
      expect(
        registrations.items
          .filter((item) => item.professionCode !== null)
          .map((item) => item.profession),
      ).toEqual(
        expect.arrayContaining(['Medico chirurgo', 'Tecnico sanitario laboratorio biomedico']),
      );
    });
  },
);
