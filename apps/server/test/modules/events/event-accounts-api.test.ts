import { randomUUID } from 'node:crypto';
import {
  API_ERRORS,
  EVENT_ACCOUNT_MESSAGES,
  EVENT_ACCOUNT_PRIVACY,
  EventAccountRequestSchema,
  MEMBERSHIP_PRIVACY,
  MembershipApplicationBodySchema,
  REGISTRATION_MESSAGES,
  type AdminEvent,
  type AdminEventInput,
  type LoginResponse,
  type RegistrantPrefill,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import {
  createMailTestSite,
  samplePdf,
  TestClock,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

/** Valid codici fiscali (check character right), and one with it wrong. */
const CF_VERDI = 'VRDGPP80A01H501U';
const CF_WRONG = 'VRDGPP80A01H501X';
const PASSWORD = 'Trasfusione-sicura-2026';
const CLIENT = '192.0.2.44';

function fields(overrides: Record<string, string> = {}) {
  return {
    firstName: 'Giuseppe',
    lastName: 'Verdi',
    email: 'giuseppe.verdi@example.org',
    fiscalCode: CF_VERDI.toLowerCase(),
    // Tecnico sanitario laboratorio biomedico and its discipline (ADR 059).
    professionCode: '28',
    disciplineCode: '93',
    employer: 'Ospedale di Busseto',
    privacy: 'on',
    privacyVersion: EVENT_ACCOUNT_PRIVACY.version,
    returnTo: '/eventi/1-congresso/iscrizione',
    ...overrides,
  };
}

const open = (app: FastifyInstance, overrides: Record<string, string> = {}, client = CLIENT) =>
  app.services.participants.open(EventAccountRequestSchema.parse(fields(overrides)), client);

const event = (): AdminEventInput => ({
  title: `Corso ${randomUUID().slice(0, 6)}`,
  startsAt: '2026-09-10T09:00',
  endsAt: '2026-09-10T17:00',
  mode: 'in-presenza',
  venueName: 'Aula magna',
  venueCity: 'Parma',
  places: 50,
  registrationTypes: [
    {
      name: 'Socio in regola',
      eligibility: 'iscritti-in-regola',
      memberRoles: ['socio'],
      standardCents: 5000,
    },
    { name: 'Non socio', eligibility: 'tutti', standardCents: 12000 },
  ],
  published: true,
});

describe.each(testEngines())(
  'accounts for the events of people who are not members (%s)',
  (engine) => {
    let site: MailTestSite;
    let time: TestClock;
    let sink: SmtpSink;

    beforeEach(async () => {
      site = await createMailTestSite(engine);
      time = new TestClock('2026-05-04T09:00:00.000Z');
      sink = new SmtpSink();
      await sink.start();
    });

    afterEach(async () => {
      await site.close();
      await sink.stop();
    });

    const build = (env: Record<string, string> = {}) =>
      site.build({ clock: time.clock, env: { DEMO_CONTENT: 'true', SMTP_URL: sink.url, ...env } });

    async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Account/Login',
        payload: { username, password },
      });
      return (response.json() as { data: LoginResponse | null }).data ?? { token: null };
    }

    /** The mails sent so far to `to`, read as a person reads them. */
    async function mailsTo(app: FastifyInstance, to: string) {
      await app.services.outbox.runOnce();
      return sink.messages
        .filter((message) => message.to.includes(to))
        .map((message) => parseMail(message.raw));
    }

    /** The confirmation link's token, and the page it comes back to. */
    function linkOf(text: string) {
      const found =
        /https:\/\/www\.simti\.example\/area-riservata-resetpwd\?token=([A-Za-z0-9_-]{43})&username=([^&\s]+)(?:&ritorno=([^\s]+))?/.exec(
          text,
        );
      expect(found, text).not.toBeNull();
      return {
        token: found?.[1] ?? '',
        username: decodeURIComponent(found?.[2] ?? ''),
        returnTo: found?.[3] === undefined ? null : decodeURIComponent(found[3]),
      };
    }

    async function choosePassword(app: FastifyInstance, username: string, token: string) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Account/ResetPassword',
        payload: { username, password: PASSWORD, confirmPassword: PASSWORD, token },
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: LoginResponse }).data.token ?? '';
    }

    async function accountsWith(app: FastifyInstance, email: string) {
      return app.services.db.selectFrom('members').selectAll().where('email', '=', email).execute();
    }

    async function createEvent(app: FastifyInstance): Promise<AdminEvent> {
      const staff = (await login(app, 'segreteria.demo@example.org')).token ?? '';
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/Admin/Events',
        headers: { authorization: `Bearer ${staff}` },
        payload: event(),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: AdminEvent }).data;
    }

    it('opens an account whose link confirms the address, and the account registers as a non-member', async () => {
      const { app } = await build();
      expect(await open(app)).toEqual({
        ok: true,
        message: EVENT_ACCOUNT_MESSAGES.sent('giuseppe.verdi@example.org'),
      });
      const [account] = await accountsWith(app, 'giuseppe.verdi@example.org');
      expect(account).toMatchObject({
        role: 'partecipante',
        status: 'active',
        password_hash: null,
      });
      const facts = await app.services.db
        .selectFrom('event_participants')
        .selectAll()
        .where('member_id', '=', account?.id ?? 0)
        .executeTakeFirst();
      expect(facts).toMatchObject({
        fiscal_code: CF_VERDI,
        profession: 'Tecnico sanitario laboratorio biomedico',
        discipline: 'Tecnico sanitario laboratorio biomedico',
        profession_code: 28,
        discipline_code: 93,
        employment: null,
        profession_to_check: 0,
        employer: 'Ospedale di Busseto',
        privacy_version: EVENT_ACCOUNT_PRIVACY.version,
        privacy_accepted_at: '2026-05-04T09:00:00.000Z',
      });
      // No password yet: the account cannot sign in until the link is opened.
      expect((await login(app, 'giuseppe.verdi@example.org', PASSWORD)).token ?? null).toBeNull();

      const [mail] = await mailsTo(app, 'giuseppe.verdi@example.org');
      expect(mail?.subject).toBe('SIMTI – Conferma il tuo account per gli eventi');
      expect(mail?.text).toContain('Gentile Giuseppe Verdi');
      expect(mail?.text).toContain('entro 24 ore');
      const link = linkOf(mail?.text ?? '');
      expect(link.username).toBe('giuseppe.verdi@example.org');
      expect(link.returnTo).toBe('/eventi/1-congresso/iscrizione');
      const session = await choosePassword(app, link.username, link.token);
      const auth = { authorization: `Bearer ${session}` };

      // The form prefills the account's own facts.
      const prefill = await app.inject({
        method: 'GET',
        url: '/api/v1/Events/Prefill',
        headers: auth,
      });
      expect(prefill.statusCode).toBe(200);
      expect(prefill.headers['cache-control']).toBe('no-store');
      expect((prefill.json() as { data: RegistrantPrefill }).data).toEqual({
        fiscalCode: CF_VERDI,
        professionCode: 28,
        disciplineCode: 93,
        otherProfession: null,
        employment: null,
        employer: 'Ospedale di Busseto',
      });

      // The reserved area's contents stay the members': an Italian refusal, not an empty list.
      const reserved = await app.inject({
        method: 'POST',
        url: '/api/v1/ReservedArea/GetRaccomandazioni',
        headers: auth,
        payload: {},
      });
      expect(reserved.statusCode).toBe(403);
      expect(reserved.json()).toMatchObject({
        error: { code: 'riservato-ai-soci', message: API_ERRORS.reservedToMembers.message },
      });

      const course = await createEvent(app);
      const nonMember = course.registrationTypes.find((type) => type.name === 'Non socio');
      const members = course.registrationTypes.find((type) => type.name === 'Socio in regola');
      const register = (typeId: number, extra: Record<string, unknown> = {}) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/Events/${course.id}/Registrations`,
          headers: auth,
          payload: {
            typeId,
            requestKey: randomUUID().replaceAll('-', ''),
            fiscalCode: CF_VERDI,
            professionCode: 28,
            disciplineCode: 93,
            ...extra,
          },
        });
      // A members' type is not theirs, whatever they declare.
      const refused = await register(members?.id ?? 0);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('riservato ai');
      // A codice fiscale with a wrong check character is refused, naming the field.
      const wrongCode = await register(nonMember?.id ?? 0, { fiscalCode: CF_WRONG });
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toMatchObject({
        error: { issues: [{ path: 'fiscalCode', message: REGISTRATION_MESSAGES.fiscalCodeWrong }] },
      });
      // A discipline of another profession is refused, naming the field (ADR 059).
      const otherDiscipline = await register(nonMember?.id ?? 0, { disciplineCode: 47 });
      expect(otherDiscipline.statusCode).toBe(400);
      expect(otherDiscipline.json()).toMatchObject({
        error: {
          issues: [
            {
              path: 'disciplineCode',
              message:
                'Disciplina: «Medicina trasfusionale» non è una disciplina di Tecnico sanitario laboratorio biomedico; scegli tra quelle della tua professione.',
            },
          ],
        },
      });
      const made = await register(nonMember?.id ?? 0, {
        professionCode: '1',
        disciplineCode: '53',
        employment: 'dipendente',
      });
      expect(made.statusCode, made.body).toBe(201);
      const answer = (made.json() as { data: RegistrationAnswer }).data;
      expect(answer.registration).toMatchObject({ state: 'awaiting_payment', totalCents: 12000 });
      // What the registration said is kept for the next form; what it left blank is not erased.
      const after = await app.inject({
        method: 'GET',
        url: '/api/v1/Events/Prefill',
        headers: auth,
      });
      expect((after.json() as { data: RegistrantPrefill }).data).toEqual({
        fiscalCode: CF_VERDI,
        professionCode: 1,
        disciplineCode: 53,
        otherProfession: null,
        employment: 'dipendente',
        employer: 'Ospedale di Busseto',
      });
    });

    it('answers a known address as a new one, and tells its holder to sign in instead', async () => {
      const { app } = await build();
      const known = await open(app, { email: 'socio.demo@example.org', firstName: 'Finto' });
      expect(known).toEqual({
        ok: true,
        message: EVENT_ACCOUNT_MESSAGES.sent('socio.demo@example.org'),
      });
      const [member] = await accountsWith(app, 'socio.demo@example.org');
      // The member's account is untouched: role, name, no participant's facts.
      expect(member).toMatchObject({ role: 'socio', first_name: 'Giulia' });
      const facts = await app.services.db
        .selectFrom('event_participants')
        .selectAll()
        .where('member_id', '=', member?.id ?? 0)
        .execute();
      expect(facts).toEqual([]);
      const [mail] = await mailsTo(app, 'socio.demo@example.org');
      expect(mail?.subject).toBe('SIMTI – Hai già un account');
      expect(mail?.text).toContain('Recupera password');
      expect(mail?.text).toContain(
        'https://www.simti.example/area-riservata?ritorno=%2Feventi%2F1-congresso%2Fiscrizione',
      );
      expect(mail?.text).not.toContain('resetpwd');
    });

    it('sends a new link to an account not yet confirmed, and makes one account of two requests at once', async () => {
      const { app } = await build();
      const both = await Promise.all([open(app), open(app)]);
      expect(both.every((result) => result.ok)).toBe(true);
      expect(await accountsWith(app, 'giuseppe.verdi@example.org')).toHaveLength(1);
      // Asked again a day later, when the first link has lapsed: a fresh link that works.
      time.advance(25 * 3_600_000);
      await open(app, {
        firstName: 'Altro',
        professionCode: 'altra',
        disciplineCode: '',
        otherProfession: 'Altra',
      });
      const mails = await mailsTo(app, 'giuseppe.verdi@example.org');
      expect(mails.map((mail) => mail.subject)).toEqual([
        'SIMTI – Conferma il tuo account per gli eventi',
        'SIMTI – Conferma il tuo account per gli eventi',
        'SIMTI – Conferma il tuo account per gli eventi',
      ]);
      // The name stays the one first given: no one rewrites an account by asking again.
      expect(mails[2]?.text).toContain('Gentile Giuseppe Verdi');
      const first = linkOf(mails[0]?.text ?? '');
      const expired = await app.inject({
        method: 'POST',
        url: '/api/v1/Account/ResetPassword',
        payload: {
          username: first.username,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          token: first.token,
        },
      });
      expect(expired.statusCode).toBe(404);
      const latest = linkOf(mails[2]?.text ?? '');
      expect(await choosePassword(app, latest.username, latest.token)).not.toBe('');
    });

    it('refuses a wrong codice fiscale, a missing consent and an outdated notice, storing nothing', async () => {
      const { app } = await build();
      expect(await open(app, { fiscalCode: CF_WRONG })).toEqual({
        ok: false,
        message: EVENT_ACCOUNT_MESSAGES.failed,
        issues: [{ path: 'fiscalCode', message: EVENT_ACCOUNT_MESSAGES.badCodiceFiscale }],
      });
      expect(await open(app, { privacyVersion: '2020-01' })).toMatchObject({
        issues: [{ path: 'privacy', message: EVENT_ACCOUNT_MESSAGES.privacyOutdated }],
      });
      const withoutConsent = EventAccountRequestSchema.safeParse({
        ...fields(),
        privacy: undefined,
      });
      expect(withoutConsent.error?.issues[0]?.message).toBe(EVENT_ACCOUNT_MESSAGES.privacyRequired);
      const badEmail = EventAccountRequestSchema.safeParse(fields({ email: 'non-un-indirizzo' }));
      expect(badEmail.error?.issues[0]?.message).toBe('E-mail: l’indirizzo non è valido.');
      expect(await accountsWith(app, 'giuseppe.verdi@example.org')).toEqual([]);
      // A page of another site is never where the link leads.
      await open(app, { returnTo: '//altro.example/eventi' });
      const [mail] = await mailsTo(app, 'giuseppe.verdi@example.org');
      expect(linkOf(mail?.text ?? '').returnTo).toBeNull();
    });

    it('closes the form for an hour past the limit of one address', async () => {
      const { app } = await build({ EVENT_ACCOUNT_RATE_LIMIT_PER_HOUR: '2' });
      await open(app, { email: 'uno@example.org' });
      await open(app, { email: 'due@example.org' });
      const third = await open(app, { email: 'tre@example.org' });
      expect(third).toMatchObject({ ok: false, message: EVENT_ACCOUNT_MESSAGES.busy, issues: [] });
      expect(third.ok ? 0 : (third.retryAfterSeconds ?? 0)).toBeGreaterThan(0);
      expect(await accountsWith(app, 'tre@example.org')).toEqual([]);
      // Another address is counted on its own.
      expect((await open(app, { email: 'tre@example.org' }, '198.51.100.7')).ok).toBe(true);
    });

    it('keeps the account, now a member’s, when its holder applies and is approved', async () => {
      const { app } = await build();
      await open(app);
      const [mail] = await mailsTo(app, 'giuseppe.verdi@example.org');
      const link = linkOf(mail?.text ?? '');
      await choosePassword(app, link.username, link.token);
      const applied = await app.services.membership.apply(
        MembershipApplicationBodySchema.parse({
          kind: 'Socio',
          section: '',
          firstName: 'Giuseppe',
          lastName: 'Verdi',
          email: 'giuseppe.verdi@example.org',
          codiceFiscale: CF_VERDI,
          qualification: 'Tecnico di laboratorio',
          workplace: 'Ospedale di Busseto',
          centre: '',
          region: 'Emilia-Romagna',
          registerNumber: '',
          privacy: 'on',
          privacyVersion: MEMBERSHIP_PRIVACY.version,
        }),
        { fileName: 'cv.pdf', content: samplePdf('cv Verdi') },
        CLIENT,
      );
      expect(applied.ok, JSON.stringify(applied)).toBe(true);
      const application = await app.services.db
        .selectFrom('membership_applications')
        .select('id')
        .where('email', '=', 'giuseppe.verdi@example.org')
        .executeTakeFirstOrThrow();
      const staff = (await login(app, 'segreteria.demo@example.org')).token ?? '';
      const approved = await app.inject({
        method: 'POST',
        url: `/api/v1/Admin/MembershipApplications/${application.id}/Approve`,
        headers: { authorization: `Bearer ${staff}` },
        payload: { ratifiedOn: '2026-05-04' },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const accounts = await accountsWith(app, 'giuseppe.verdi@example.org');
      expect(accounts).toHaveLength(1);
      expect(accounts[0]?.role).toBe('socio');
      // The password chosen for the events opens the reserved area now; no link to choose another.
      expect((await login(app, 'giuseppe.verdi@example.org', PASSWORD)).token).toBeTruthy();
      const mails = await mailsTo(app, 'giuseppe.verdi@example.org');
      expect(mails.map((one) => one.subject)).toEqual([
        'SIMTI – Conferma il tuo account per gli eventi',
        'SIMTI – Abbiamo ricevuto la tua domanda di iscrizione',
        'SIMTI – Domanda di iscrizione approvata',
      ]);
      expect(mails[2]?.text).toContain('che già usi per gli eventi');
    });
  },
);
