import {
  APPLICATION_MESSAGES,
  MEMBERSHIP_PRIVACY,
  MembershipApplicationBodySchema,
  type AdminMembership,
  type AdminMembershipApplication,
  type LoginResponse,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { isValidCodiceFiscale } from '../../../src/text/codice-fiscale.js';
import { formatMemberNumber } from '../../../src/modules/membership/member-number.js';
import { membershipPendingWork } from '../../../src/modules/membership/service.js';
import {
  createMailTestSite,
  samplePdf,
  TestClock,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

/** Valid codici fiscali (check digit right). */
const CF_ROSSI = 'RSSMRA85T10A562S';
const CF_BIANCHI = 'BNCLRA90A41F205I';

function fields(overrides: Record<string, string> = {}) {
  return {
    kind: 'Socio',
    section: '',
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario.rossi@example.org',
    codiceFiscale: CF_ROSSI.toLowerCase(),
    qualification: 'Medico trasfusionista',
    workplace: 'Ospedale di Arezzo',
    centre: 'SIMT',
    region: 'Toscana',
    registerNumber: 'AR-1234',
    privacy: 'on',
    privacyVersion: MEMBERSHIP_PRIVACY.version,
    ...overrides,
  };
}

async function apply(
  app: FastifyInstance,
  overrides: Record<string, string> = {},
  cv: Buffer | null = samplePdf('cv'),
) {
  return app.services.membership.apply(
    MembershipApplicationBodySchema.parse(fields(overrides)),
    cv === null ? null : { fileName: 'curriculum Rossi.pdf', content: cv },
    '192.0.2.10',
  );
}

async function staffToken(app: FastifyInstance): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/Account/Login',
    payload: { username: 'segreteria.demo@example.org', password: DEMO_PASSWORD },
  });
  return (response.json() as { data: LoginResponse }).data.token ?? '';
}

async function applications(app: FastifyInstance) {
  return app.services.db.selectFrom('membership_applications').selectAll().orderBy('id').execute();
}

describe('member numbers and codici fiscali', () => {
  it('formats member numbers from the configured pattern', () => {
    expect(formatMemberNumber('{n:5}', 42, 2026)).toBe('00042');
    expect(formatMemberNumber('{anno}/{n:4}', 7, 2026)).toBe('2026/0007');
    expect(formatMemberNumber('S-{n}', 123456, 2026)).toBe('S-123456');
  });

  it('checks the codice fiscale with its check digit', () => {
    expect(isValidCodiceFiscale(CF_ROSSI)).toBe(true);
    expect(isValidCodiceFiscale(CF_BIANCHI)).toBe(true);
    expect(isValidCodiceFiscale('RSSMRA85T10A562X')).toBe(false);
  });
});

describe.each(testEngines())(
  'membership applications (%s)',
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
      site.build({
        clock: time.clock,
        env: { DEMO_CONTENT: 'true', SMTP_URL: sink.url, ...env },
      });

    it('stores an application once: a second submit, a known e-mail or codice fiscale get a clear message', async () => {
      const { app } = await build();
      expect(await apply(app)).toEqual({ ok: true, message: APPLICATION_MESSAGES.received });
      const stored = await applications(app);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        status: 'pending',
        codice_fiscale: CF_ROSSI,
        email: 'mario.rossi@example.org',
        privacy_text_version: MEMBERSHIP_PRIVACY.version,
        privacy_accepted_at: '2026-05-04T09:00:00.000Z',
        cv_file_name: 'curriculum Rossi.pdf',
      });

      // The same form sent again, the same e-mail, the same codice fiscale: never a second record.
      expect(await apply(app)).toMatchObject({
        ok: false,
        message: APPLICATION_MESSAGES.alreadyReceived,
      });
      expect(
        await apply(app, { email: 'altro@example.org', codiceFiscale: CF_ROSSI }),
      ).toMatchObject({ ok: false, message: APPLICATION_MESSAGES.alreadyReceived });
      expect(
        await apply(app, { email: 'MARIO.ROSSI@example.org', codiceFiscale: CF_BIANCHI }),
      ).toMatchObject({ ok: false, message: APPLICATION_MESSAGES.alreadyReceived });
      // An address that already has an account.
      expect(
        await apply(app, { email: 'socio.demo@example.org', codiceFiscale: CF_BIANCHI }),
      ).toMatchObject({
        ok: false,
        issues: [{ path: 'email', message: APPLICATION_MESSAGES.knownEmail }],
      });
      // Two submits at the same instant.
      const both = await Promise.all([
        apply(app, { email: 'laura.bianchi@example.org', codiceFiscale: CF_BIANCHI }),
        apply(app, { email: 'laura.bianchi@example.org', codiceFiscale: CF_BIANCHI }),
      ]);
      expect(both.filter((result) => result.ok)).toHaveLength(1);
      expect(await applications(app)).toHaveLength(2);
      expect(await membershipPendingWork(app.services.db, time.clock())).toEqual({
        applicationsWaiting: 2,
        transfersToReconcile: 0,
      });
    });

    it('acknowledges an application to the applicant by e-mail, once, through the outbox', async () => {
      const { app } = await build();
      await apply(app);
      // The same form again is not stored again, and not acknowledged again.
      await apply(app);
      await app.services.outbox.runOnce();
      const toRossi = sink.messages
        .filter((message) => message.to.includes('mario.rossi@example.org'))
        .map((message) => parseMail(message.raw));
      expect(toRossi).toHaveLength(1);
      expect(toRossi[0]?.subject).toBe('SIMTI – Abbiamo ricevuto la tua domanda di iscrizione');
      expect(toRossi[0]?.text).toContain('Gentile Mario Rossi');
      expect(toRossi[0]?.text).toContain('come Socio');
      expect(toRossi[0]?.text).toContain('Consiglio Direttivo');
    });

    it('refuses a wrong codice fiscale, a missing or fake CV and an outdated privacy text, storing nothing', async () => {
      const { app } = await build();
      expect(await apply(app, { codiceFiscale: 'RSSMRA85T10A562X' })).toMatchObject({
        ok: false,
        issues: [{ path: 'codiceFiscale', message: APPLICATION_MESSAGES.badCodiceFiscale }],
      });
      expect(await apply(app, {}, null)).toMatchObject({
        issues: [{ path: 'cv', message: APPLICATION_MESSAGES.cvMissing }],
      });
      expect(await apply(app, {}, Buffer.from('<html>non un pdf</html>'))).toMatchObject({
        issues: [{ path: 'cv', message: APPLICATION_MESSAGES.cvNotPdf }],
      });
      expect(await apply(app, {}, samplePdf('grande', 6 * 1024 * 1024))).toMatchObject({
        issues: [{ path: 'cv', message: APPLICATION_MESSAGES.cvTooLarge }],
      });
      expect(await apply(app, { privacyVersion: '2020-01' })).toMatchObject({
        issues: [{ path: 'privacy', message: APPLICATION_MESSAGES.privacyOutdated }],
      });
      const affiliateWithoutSection = MembershipApplicationBodySchema.safeParse(
        fields({ kind: 'Affiliato' }),
      );
      expect(affiliateWithoutSection.error?.issues[0]?.message).toBe(
        APPLICATION_MESSAGES.sectionRequired,
      );
      const withoutConsent = MembershipApplicationBodySchema.safeParse({
        ...fields(),
        privacy: undefined,
      });
      expect(withoutConsent.error?.issues[0]?.message).toBe(APPLICATION_MESSAGES.privacyRequired);
      expect(await applications(app)).toEqual([]);
    });

    it('approval creates the account, the member number, the first year’s due and sends the invitation; never twice', async () => {
      const { app } = await build({ MEMBER_NUMBER_FORMAT: '{anno}/{n:4}' });
      await apply(app);
      await apply(app, {
        kind: 'Affiliato',
        section: 'infermieri',
        email: 'laura.bianchi@example.org',
        codiceFiscale: CF_BIANCHI,
        firstName: 'Laura',
        lastName: 'Bianchi',
      });
      const token = await staffToken(app);
      const staff = (method: 'GET' | 'POST', url: string, payload?: object) =>
        app.inject({
          method,
          url: `/api/v1/Admin${url}`,
          headers: { authorization: `Bearer ${token}` },
          ...(payload === undefined ? {} : { payload }),
        });
      const [rossi, bianchi] = await applications(app);
      const queue = (await staff('GET', '/MembershipApplications?status=pending')).json() as {
        data: { items: AdminMembershipApplication[]; total: number };
      };
      expect(queue.data.total).toBe(2);

      const cv = await staff('GET', `/MembershipApplications/${rossi?.id}/Cv`);
      expect(cv.statusCode).toBe(200);
      expect(cv.headers['content-type']).toBe('application/pdf');
      expect(cv.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      expect(
        (await staff('POST', `/MembershipApplications/${rossi?.id}/Approve`, {})).statusCode,
      ).toBe(400);
      // Two staff members approving at once: one account, one number.
      const approvals = await Promise.all([
        staff('POST', `/MembershipApplications/${rossi?.id}/Approve`, { ratifiedOn: '2026-05-03' }),
        staff('POST', `/MembershipApplications/${rossi?.id}/Approve`, { ratifiedOn: '2026-05-03' }),
      ]);
      expect(approvals.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
      const refusedTwice = approvals.find((answer) => answer.statusCode === 400);
      expect(refusedTwice?.json()).toMatchObject({
        error: { issues: [{ message: expect.stringContaining('già stata gestita') }] },
      });
      const approved = (
        approvals.find((answer) => answer.statusCode === 200)?.json() as {
          data: AdminMembershipApplication;
        }
      ).data;
      // The demo register's four members hold the numbers up to 0004; new members continue after.
      expect(approved).toMatchObject({
        status: 'approved',
        ratifiedOn: '2026-05-03',
        memberNumber: '2026/0005',
        handledBy: 'segreteria.demo@example.org',
      });
      const approvedBianchi = await staff(
        'POST',
        `/MembershipApplications/${bianchi?.id}/Approve`,
        {
          ratifiedOn: '2026-05-03',
        },
      );
      expect(
        (approvedBianchi.json() as { data: AdminMembershipApplication }).data.memberNumber,
      ).toBe('2026/0006');

      const account = await app.services.db
        .selectFrom('members')
        .selectAll()
        .where('email', '=', 'mario.rossi@example.org')
        .executeTakeFirstOrThrow();
      expect(account).toMatchObject({ role: 'socio', first_name: 'Mario', password_hash: null });
      const membership = (
        (await staff('GET', `/Memberships/${account.id}`)).json() as { data: AdminMembership }
      ).data;
      expect(membership).toMatchObject({
        memberNumber: '2026/0005',
        sinceYear: 2026,
        standing: 'renewalDue',
        openYears: [2026],
        years: [expect.objectContaining({ year: 2026, status: 'unpaid', amountCents: 8000 })],
      });

      await app.services.outbox.runOnce();
      const toRossi = sink.messages
        .filter((message) => message.to.includes('mario.rossi@example.org'))
        .map((message) => parseMail(message.raw));
      expect(toRossi.map((mail) => mail.subject).sort()).toEqual([
        'SIMTI – Abbiamo ricevuto la tua domanda di iscrizione',
        'SIMTI – Domanda di iscrizione approvata',
        'SIMTI – Il tuo accesso all’area riservata',
      ]);
      const invitation = toRossi.find((mail) => mail.subject.includes('accesso'));
      expect(invitation?.text).toContain('https://www.simti.example/area-riservata-resetpwd?');
      expect(toRossi.find((mail) => mail.subject.includes('approvata'))?.text).toContain(
        'numero di socio è 2026/0005',
      );
      expect(
        sink.messages.filter((message) => message.to.includes('segreteria@simti.example')),
      ).toHaveLength(2);
    });

    it('refusal records the reason and e-mails it to the applicant', async () => {
      const { app } = await build();
      await apply(app);
      const [application] = await applications(app);
      const token = await staffToken(app);
      const refuse = (payload: object) =>
        app.inject({
          method: 'POST',
          url: `/api/v1/Admin/MembershipApplications/${application?.id}/Refuse`,
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
      expect((await refuse({ reason: '' })).statusCode).toBe(400);
      const refused = await refuse({
        reason: 'Manca il titolo di studio richiesto dallo statuto.',
      });
      expect(refused.statusCode).toBe(200);
      expect((refused.json() as { data: AdminMembershipApplication }).data).toMatchObject({
        status: 'refused',
        refusalReason: 'Manca il titolo di studio richiesto dallo statuto.',
      });
      expect((await refuse({ reason: 'Di nuovo' })).statusCode).toBe(400);
      await app.services.outbox.runOnce();
      const mail = sink.messages
        .filter((message) => message.to.includes('mario.rossi@example.org'))
        .map((message) => parseMail(message.raw));
      // The acknowledgement of the application, then the refusal.
      const refusal = mail.filter((message) => message.subject.includes('non accolta'));
      expect(mail).toHaveLength(2);
      expect(refusal[0]?.subject).toBe('SIMTI – Domanda di iscrizione non accolta');
      expect(refusal[0]?.text).toContain('Manca il titolo di studio richiesto dallo statuto.');
      // Refused: the same person may apply again.
      expect(await apply(app)).toMatchObject({ ok: true });
    });
    // Each test builds a demo site (a first one per run copies the demo base): slow under load.
  },
  120_000,
);
