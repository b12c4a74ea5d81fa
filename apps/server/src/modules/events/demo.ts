import { addDays, romeInstant } from '@sodalis/contracts';
import { searchText } from '../../text/search-text.js';
import type { DemoContent } from '../module.js';
import { findMemberByEmail } from '../accounts/repository.js';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  findEventAddons,
  findRegistrationTypes,
  replaceEventAddons,
  replaceRegistrationTypes,
  writeEvent,
} from './repository.js';
import { insertRegistration, type RegistrationValues } from './registrations/repository.js';
import { demoAttendance } from './attendance/demo.js';
import { demoEcm } from './ecm/demo.js';
import { demoQuestionnaire } from './ecm/questionnaire/demo.js';
import { demoEcmCourse } from './ecm/credits/demo.js';
import { demoLearningTest } from './ecm/learning-test/demo.js';
import { insertParticipant } from './participants/repository.js';
import { EVENT_ACCOUNT_PRIVACY } from '@sodalis/contracts';

/** A Rome date and time as the stored UTC instant. */
const at = (day: string, time: string) => romeInstant(day, time).toISOString();

const price = (euros: number) => euros * 100;
const anyone = { eligibility: 'tutti', member_roles: '', access_code: null } as const;

interface DemoType {
  name: string;
  description: string | null;
  eligibility: string;
  member_roles: string;
  access_code: string | null;
  early: number | null;
  standard: number;
  onsite: number | null;
  approval?: boolean;
}

/** The congress's registration types, priced as an Italian society's congress is (ADR 048). */
const CONGRESS_TYPES = (
  [
    {
      name: 'Socio in regola',
      description: 'Per i soci in regola con la quota associativa dell’anno.',
      eligibility: 'iscritti-in-regola',
      member_roles: 'socio',
      access_code: null,
      early: 150,
      standard: 200,
      onsite: 250,
    },
    {
      name: 'Affiliato in regola',
      description: 'Per gli affiliati (tecnici e infermieri) in regola con la quota.',
      eligibility: 'iscritti-in-regola',
      member_roles: 'affiliato',
      access_code: null,
      early: 80,
      standard: 110,
      onsite: 140,
    },
    { name: 'Non socio', description: null, ...anyone, early: 300, standard: 380, onsite: 450 },
    {
      name: 'Specializzando',
      description: 'Con l’attestato di iscrizione alla scuola di specializzazione.',
      ...anyone,
      early: 0,
      standard: 50,
      onsite: 50,
      // The secretariat checks the school's certificate first (ADR 053).
      approval: true,
    },
    {
      name: 'Giornaliera',
      description: 'Una sola giornata del congresso, a scelta.',
      ...anyone,
      early: null,
      standard: 120,
      onsite: null,
    },
    {
      name: 'Relatore',
      description: 'Per i relatori e i moderatori invitati.',
      eligibility: 'codice',
      member_roles: '',
      access_code: 'RELATORI',
      early: null,
      standard: 0,
      onsite: null,
    },
  ] satisfies DemoType[]
).map(({ early, standard, onsite, approval, ...type }: DemoType) => ({
  ...type,
  id: null,
  requires_approval: approval === true ? 1 : 0,
  early_cents: early === null ? null : price(early),
  standard_cents: price(standard),
  onsite_cents: onsite === null ? null : price(onsite),
  places: null,
}));

const CONGRESS_ADDONS = [
  {
    id: null,
    name: 'Workshop pratico di immunoematologia',
    description: 'Esercitazioni in piccoli gruppi, il pomeriggio della prima giornata.',
    price_cents: price(40),
    places: 30,
  },
  { id: null, name: 'Cena sociale', description: null, price_cents: price(60), places: 200 },
];

/**
 * The demo's events (ADR 047), relative to `today` like every demo record: the national
 * congress about two months ahead (three days, ECM credits, a registration window, places),
 * an online webinar next month, an ECM course held last week (ADR 060) and a course held last
 * year; the congress with its registration
 * types, early-bird window and add-ons (ADR 048). Answers how many events.
 */
export const demoEvents: DemoContent = async (trx, { societyAcronym: acronym, today, stamp }) => {
  const congressStart = addDays(today, 60);
  const congressEnd = addDays(congressStart, 2);
  const webinarDay = addDays(today, 30);
  const courseEcmDay = addDays(today, -12);
  const lastYear = Number(today.slice(0, 4)) - 1;
  const courseDay = `${lastYear}-10-15`;
  const events = [
    {
      title: `Congresso nazionale ${acronym} ${congressStart.slice(0, 4)}`,
      starts_at: at(congressStart, '09:00'),
      ends_at: at(congressEnd, '13:00'),
      mode: 'in-presenza',
      venue_name: 'Palazzo della Cultura e dei Congressi',
      venue_address: 'Piazza della Costituzione 4',
      venue_city: 'Bologna',
      online_url: null,
      description_html:
        '<p>Il congresso nazionale della società: tre giornate di sessioni plenarie, simposi e comunicazioni orali su medicina trasfusionale, immunoematologia e <strong>Patient Blood Management</strong>.</p><p>Il programma scientifico definitivo sarà pubblicato su questa pagina.</p>',
      organisers: `${acronym} – Comitato scientifico e segreteria organizzativa`,
      ecm_credits: 1,
      registration_opens_at: at(addDays(today, -10), '09:00'),
      registration_closes_at: at(addDays(congressStart, -7), '23:59'),
      places: 800,
      // Early bird for the first three weeks, on-site prices from the first morning (ADR 048).
      early_bird_until: at(addDays(today, 20), '23:59'),
      onsite_from: at(congressStart, '00:00'),
    },
    {
      title: 'Webinar: il Patient Blood Management nel paziente chirurgico',
      starts_at: at(webinarDay, '15:00'),
      ends_at: at(webinarDay, '17:00'),
      mode: 'online',
      venue_name: null,
      venue_address: null,
      venue_city: null,
      online_url: 'https://www.example.org/webinar-pbm',
      description_html:
        '<p>Due ore con esperti della società sulla gestione della risorsa sangue prima, durante e dopo l’intervento chirurgico.</p>',
      organisers: `${acronym} – Gruppo di lavoro Patient Blood Management`,
      ecm_credits: 0,
      registration_opens_at: null,
      registration_closes_at: null,
      // Two places, free: full, with an offer and a waiting list in the demo (ADR 049).
      places: 2,
      early_bird_until: null,
      onsite_from: null,
    },
    {
      title: 'Corso ECM: identificazione del paziente e controllo al letto',
      starts_at: at(courseEcmDay, '09:00'),
      ends_at: at(courseEcmDay, '13:00'),
      mode: 'in-presenza',
      venue_name: 'Aula formazione del Servizio trasfusionale',
      venue_address: 'Via Sabotino 12',
      venue_city: 'Milano',
      online_url: null,
      description_html:
        '<p>Una mattina di formazione accreditata ECM sull’identificazione del paziente, il controllo al letto e la gestione delle reazioni trasfusionali.</p>',
      organisers: `${acronym} – Gruppo di lavoro Emovigilanza`,
      ecm_credits: 1,
      registration_opens_at: null,
      registration_closes_at: null,
      places: 40,
      early_bird_until: null,
      onsite_from: null,
    },
    {
      title: `Corso di immunoematologia di base ${lastYear}`,
      starts_at: at(courseDay, '09:00'),
      ends_at: at(courseDay, '17:30'),
      mode: 'in-presenza',
      venue_name: 'Aula magna dell’Ospedale',
      venue_address: 'Via della Pace 10',
      venue_city: 'Roma',
      online_url: null,
      description_html:
        '<p>Una giornata di formazione sulle indagini immunoematologiche pretrasfusionali, con esercitazioni su casi reali.</p>',
      organisers: `${acronym} – Sezione regionale`,
      ecm_credits: 1,
      registration_opens_at: null,
      registration_closes_at: null,
      places: 60,
      early_bird_until: null,
      onsite_from: null,
    },
  ];
  const ids: number[] = [];
  for (const event of events) {
    ids.push(
      await writeEvent(
        trx,
        null,
        { ...event, title_search: searchText(event.title), published: 1, publish_at: null },
        stamp,
      ),
    );
  }
  const [congress, webinar, course] = ids;
  if (congress !== undefined && webinar !== undefined && course !== undefined) {
    await replaceRegistrationTypes(trx, congress, CONGRESS_TYPES);
    await replaceEventAddons(trx, congress, CONGRESS_ADDONS);
    for (const free of [webinar, course]) {
      await replaceRegistrationTypes(trx, free, [
        {
          id: null,
          name: 'Partecipante',
          description: null,
          ...anyone,
          early_cents: null,
          standard_cents: 0,
          onsite_cents: null,
          places: null,
        },
      ]);
    }
    await demoRegistrations(trx, { congress, webinar, course, today, stamp });
    await demoAttendance(trx, { congress, stamp });
    await demoEcm(trx, { congress, stamp });
    await demoQuestionnaire(trx, { congress });
    await demoLearningTest(trx, { congress, stamp });
    await demoEcmCourse(trx, { course, stamp });
  }
  return events.length;
};

/**
 * Registrations in each state (ADR 049, 053), of demo accounts the site's own tours do not
 * register with: a speaker confirmed and a member in arrears waiting to renew and pay at the
 * congress, a cancelled one, a resident's awaiting the secretariat's approval and one refused;
 * at the full webinar one confirmed, one offered the place freed, one waiting and one expired.
 */
async function demoRegistrations(
  trx: Transaction<Database>,
  facts: { congress: number; webinar: number; course: number; today: string; stamp: string },
): Promise<void> {
  const { congress, webinar, course, today, stamp } = facts;
  const types = await findRegistrationTypes(trx, [congress, webinar, course]);
  const [workshop] = await findEventAddons(trx, [congress]);
  const typeNamed = (eventId: number, name: string) => {
    const type = types.find((one) => one.event_id === eventId && one.name === name);
    if (type === undefined) throw new Error(`tipo di iscrizione ${name} mancante nella demo`);
    return type;
  };
  const register = async (
    email: string,
    eventId: number,
    typeName: string,
    change: Partial<RegistrationValues> & Pick<RegistrationValues, 'state'>,
    addon: { addonId: number; amountCents: number } | null = null,
  ) => {
    const account = await findMemberByEmail(trx, email);
    if (account === undefined) return;
    const type = typeNamed(eventId, typeName);
    const typeCents = type.early_cents ?? type.standard_cents;
    await insertRegistration(
      trx,
      {
        event_id: eventId,
        type_id: type.id,
        member_id: account.id,
        request_key: `demo-${eventId}-${account.id}-${change.state}`,
        price_window: type.early_cents === null ? 'standard' : 'early',
        type_cents: typeCents,
        total_cents: typeCents + (addon?.amountCents ?? 0),
        first_name: account.first_name,
        last_name: account.last_name,
        email: account.email,
        fiscal_code: null,
        profession: null,
        discipline: null,
        employer: null,
        invoice_name: null,
        invoice_tax_id: null,
        invoice_recipient_code: null,
        invoice_pec: null,
        pay_by: null,
        payment_reminded_at: null,
        offer_expires_at: null,
        payment_id: null,
        confirmed_at: null,
        ended_at: null,
        ended_by: null,
        end_reason: null,
        ...change,
      },
      addon === null ? [] : [addon],
      stamp,
    );
  };
  const inDays = (days: number) => `${addDays(today, days)}T10:00:00.000Z`;
  // The national codes of the professional facts (ADR 059): a physician in transfusion medicine.
  await register('affiliato.demo@example.org', congress, 'Relatore', {
    state: 'confirmed',
    confirmed_at: stamp,
    profession: 'Medico chirurgo',
    discipline: 'Medicina trasfusionale',
    profession_code: 1,
    discipline_code: 47,
    employment: 'dipendente',
  });
  await register(
    'arretrati.demo@example.org',
    congress,
    'Socio in regola',
    {
      state: 'awaiting_payment',
      pay_by: inDays(7),
      profession: 'Medico chirurgo',
      discipline: 'Ematologia',
      profession_code: 1,
      discipline_code: 5,
      employment: 'convenzionato',
    },
    workshop === undefined ? null : { addonId: workshop.id, amountCents: workshop.price_cents },
  );
  await register('decaduto.demo@example.org', congress, 'Non socio', {
    state: 'cancelled',
    ended_at: stamp,
    ended_by: 'persona',
    end_reason: 'Annullata dalla persona',
  });
  // A person who is not a member, with an account of their own (ADR 055).
  const participant = await findMemberByEmail(trx, 'partecipante.demo@example.org');
  if (participant !== undefined) {
    const facts = {
      fiscal_code: 'MRTPLA80A01H501E',
      profession: 'Tecnico sanitario laboratorio biomedico',
      discipline: 'Tecnico sanitario laboratorio biomedico',
      profession_code: 28,
      discipline_code: 93,
      employment: 'libero-professionista',
      profession_to_check: 0,
      employer: 'Laboratorio Analisi San Marco',
    };
    await insertParticipant(
      trx,
      participant.id,
      { ...facts, privacy_version: EVENT_ACCOUNT_PRIVACY.version },
      stamp,
    );
    await register('partecipante.demo@example.org', congress, 'Non socio', {
      state: 'awaiting_payment',
      pay_by: inDays(5),
      ...facts,
    });
  }
  await register('eventi.demo@example.org', congress, 'Specializzando', {
    state: 'pending_approval',
  });
  await register('redazione.demo@example.org', congress, 'Specializzando', {
    state: 'refused',
    ended_at: stamp,
    ended_by: 'segreteria',
    end_reason: 'Manca l’attestato di iscrizione alla scuola di specializzazione.',
  });
  await register('nuovo.demo@example.org', webinar, 'Partecipante', {
    state: 'confirmed',
    confirmed_at: stamp,
  });
  await register('tesoreria.demo@example.org', webinar, 'Partecipante', {
    state: 'offered',
    offer_expires_at: inDays(2),
  });
  await register('redazione.demo@example.org', webinar, 'Partecipante', { state: 'waiting' });
  await register('decaduto.demo@example.org', webinar, 'Partecipante', {
    state: 'expired',
    ended_at: stamp,
    ended_by: 'sistema',
    end_reason: 'Posto offerto non accettato in tempo',
  });
  // The ECM course of last week (ADR 060), its participants in this order: credits earned, test
  // failed, attendance short, questionnaire missing (`demoEcmCourse`).
  const physician = {
    profession: 'Medico chirurgo',
    discipline: 'Medicina trasfusionale',
    profession_code: 1,
    discipline_code: 47,
  };
  for (const [email, fiscalCode, professional, employment] of [
    [
      'affiliato.demo@example.org',
      'BNCLRA85M41F205C',
      {
        profession: 'Tecnico sanitario laboratorio biomedico',
        discipline: 'Tecnico sanitario laboratorio biomedico',
        profession_code: 28,
        discipline_code: 93,
      },
      'dipendente',
    ],
    ['nuovo.demo@example.org', 'RSSGPP78C12H501O', physician, 'dipendente'],
    ['arretrati.demo@example.org', 'VRDMRC70A01L219I', physician, 'convenzionato'],
    ['decaduto.demo@example.org', 'NRIFNC66T10A944Y', physician, 'libero-professionista'],
  ] as const) {
    await register(email, course, 'Partecipante', {
      state: 'confirmed',
      confirmed_at: stamp,
      fiscal_code: fiscalCode,
      employment,
      ...professional,
    });
  }
}
