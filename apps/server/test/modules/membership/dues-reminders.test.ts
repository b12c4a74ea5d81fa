import type {
  DuesReminderHistoryEntry,
  DuesReminderSendPreview,
  DuesReminderSendResult,
  DuesRemindersOverview,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import {
  pauseMemberReminders,
  resumeMemberReminders,
  setRemindersPausedForEveryone,
} from '../../../src/modules/membership/reminders-repository.js';
import { bareMembership } from '../../../src/modules/membership/repository.js';
import { nextReminder } from '../../../src/modules/membership/reminders.js';
import { DEFAULT_STANDING_RULES } from '../../../src/modules/membership/standing.js';
import { retryDelayMs } from '../../../src/modules/outbox/worker.js';
import { expectConfigRefused } from '../../helpers/config-refusal.js';
import { createMailTestSite, TestClock, type MailTestSite } from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { addLedgerMember, setDue } from '../../helpers/ledger.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const DAY = 24 * 3_600_000;
const SCHEDULE = { days: [-30, 0, 30, 60], lapseWarningDays: 30, arrearsDay: 15 };

/** Each year's fee of a Socio (`fee_years`, ADR 029): the mails list them and their total. */
async function setFees(app: FastifyInstance, fees: Record<number, number>) {
  for (const [year, amount_cents] of Object.entries(fees))
    await app.services.db
      .insertInto('fee_years')
      .values({
        year: Number(year),
        access: 'Socio',
        amount_cents,
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
}

describe.each(testEngines())('the dues reminders over real SMTP on %s', (engine) => {
  let site: MailTestSite;
  let sink: SmtpSink;
  let time: TestClock;

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    sink = new SmtpSink();
    await sink.start();
  });

  afterEach(async () => {
    await site.close();
    await sink.stop();
  });

  async function start(at: string) {
    time = new TestClock(at);
    const { app } = await site.build({
      env: { SMTP_URL: sink.url, SOCIETY_ACRONYM: 'SIMTI' },
      clock: time.clock,
    });
    return app;
  }

  /** Queues what is due, delivers it, and answers the messages delivered, as recipient: subject. */
  async function remindAndDeliver(app: FastifyInstance): Promise<string[]> {
    const before = sink.messages.length;
    await app.services.duesReminders.runOnce();
    await app.services.outbox.runOnce();
    return sink.messages
      .slice(before)
      .map((message) => `${message.to.join(',')}: ${parseMail(message.raw).subject}`);
  }

  it('sends each step of the schedule once, and stops once the year is paid or exempt', async () => {
    const app = await start('2026-12-01T10:00:00.000Z');
    const anna = await addLedgerMember(app, 'Anna', 2026, { 2026: 'paid' }, { kind: 'Affiliato' });
    const bruno = await addLedgerMember(app, 'Bruno', 2026, { 2026: 'paid' });
    await addLedgerMember(app, 'Carla', 2026, { 2026: 'paid', 2027: 'exempt' });

    // 1 December: no step yet for 2027.
    expect(await remindAndDeliver(app)).toEqual([]);

    time.advance(DAY); // 2 December: 30 days before the year starts
    expect(await remindAndDeliver(app)).toEqual([
      'anna@example.org: SIMTI – Quota associativa 2027',
      'bruno@example.org: SIMTI – Quota associativa 2027',
    ]);
    const mail = parseMail(sink.messages.at(-1)?.raw ?? '');
    expect(mail.text).toContain('Gentile Bruno Rossi,');
    expect(mail.text).toContain('il 01/01/2027 inizia l’anno associativo 2027');
    expect(mail.text).toContain('https://www.simti.example/chi-siamo-iscrizione?scheda=pagamento');
    expect(mail.text).toContain(
      'Accedi con l’indirizzo e-mail e la password dell’area riservata: la pagina mostrerà le tue quote da pagare',
    );
    // An Affiliato is sent to the affiliates' page, where the same open years are paid.
    expect(parseMail(sink.messages.at(-2)?.raw ?? '').text).toContain(
      'https://www.simti.example/chi-siamo-affiliati?scheda=pagamento',
    );
    // The next hours and days until the next step send nothing.
    time.advance(3_600_000);
    expect(await remindAndDeliver(app)).toEqual([]);
    time.advance(10 * DAY);
    expect(await remindAndDeliver(app)).toEqual([]);

    await setDue(app, bruno, 2027, 'paid');
    time.advance(new Date('2027-01-01T09:00:00.000Z').getTime() - time.clock().getTime());
    expect(await remindAndDeliver(app)).toEqual([
      'anna@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    expect(parseMail(sink.messages.at(-1)?.raw ?? '').text).toContain(
      'la quota associativa 2027 risulta ancora da pagare.',
    );
    expect(await remindAndDeliver(app)).toEqual([]);

    time.advance(30 * DAY); // 31 January: +30
    expect(await remindAndDeliver(app)).toEqual([
      'anna@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    time.advance(30 * DAY); // 2 March: +60
    expect(await remindAndDeliver(app)).toEqual([
      'anna@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    time.advance(60 * DAY);
    expect(await remindAndDeliver(app)).toEqual([]);

    const rows = await app.services.db
      .selectFrom('dues_reminders')
      .select(['member_id', 'year', 'step'])
      .orderBy('member_id')
      .orderBy('sent_at')
      .execute();
    expect(rows.map((row) => `${row.member_id}:${row.year}:${row.step}`)).toEqual([
      `${anna}:2027:-30`,
      `${anna}:2027:0`,
      `${anna}:2027:30`,
      `${anna}:2027:60`,
      `${bruno}:2027:-30`,
    ]);
  });

  it('reminds a member in arrears monthly of every open year, not of the next year', async () => {
    const app = await start('2026-12-01T10:00:00.000Z');
    await setFees(app, { 2025: 8_000, 2026: 9_000, 2027: 9_500 });
    // Ada owes 2025 (arrears); Bea is in good standing.
    const ada = await addLedgerMember(app, 'Ada', 2025, { 2026: 'paid' });
    await addLedgerMember(app, 'Bea', 2026, { 2026: 'paid' });
    expect(await remindAndDeliver(app)).toEqual([]);

    time.advance(DAY); // 2 December: 2027's first step, but not to a member in arrears
    expect(await remindAndDeliver(app)).toEqual([
      'bea@example.org: SIMTI – Quota associativa 2027',
    ]);

    time.advance(13 * DAY); // 15 December: the arrears' day of the month
    expect(await remindAndDeliver(app)).toEqual([
      'ada@example.org: SIMTI – Quote associative arretrate da pagare',
    ]);
    const mail = parseMail(sink.messages.at(-1)?.raw ?? '');
    expect(mail.text).toContain('Gentile Ada Rossi,');
    expect(mail.text).toContain('risulta ancora da pagare la quota associativa 2025 (80,00 €).');
    expect(mail.text).toContain('https://www.simti.example/chi-siamo-iscrizione?scheda=pagamento');
    time.advance(DAY);
    expect(await remindAndDeliver(app)).toEqual([]);

    // 1 January 2027: 2027's step goes to Bea only; Ada's next is on the 15th, with 2027 too.
    time.advance(new Date('2027-01-01T09:00:00.000Z').getTime() - time.clock().getTime());
    expect(await remindAndDeliver(app)).toEqual([
      'bea@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    time.advance(14 * DAY);
    expect(await remindAndDeliver(app)).toEqual([
      'ada@example.org: SIMTI – Quote associative arretrate da pagare',
    ]);
    expect(parseMail(sink.messages.at(-1)?.raw ?? '').text).toContain(
      'risultano ancora da pagare le quote associative degli anni 2025 (80,00 €) e 2027 (95,00 €), in tutto 175,00 €.',
    );
    time.advance(31 * DAY); // 15 February: Bea's step of 31 January, late, goes too
    expect(await remindAndDeliver(app)).toEqual([
      'ada@example.org: SIMTI – Quote associative arretrate da pagare',
      'bea@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    const rows = await app.services.db
      .selectFrom('dues_reminders')
      .select(['year', 'step'])
      .where('member_id', '=', ada)
      .orderBy('sent_at')
      .execute();
    expect(rows.map((row) => `${row.year}:${row.step}`)).toEqual([
      '2026:arretrati-12',
      '2027:arretrati-01',
      '2027:arretrati-02',
    ]);
  });

  it('warns before lapsing, sends the notice of lapse once, and nothing more', async () => {
    // 2025 and 2026 unpaid: the member lapses on 1 April 2026, when 2026 is missed too.
    const app = await start('2026-03-01T10:00:00.000Z');
    const dario = await addLedgerMember(app, 'Dario', 2025);
    // Lapsed since years: a register taken over does not send them a notice now.
    await addLedgerMember(app, 'Elio', 2020);
    // In arrears (2025 open): the monthly reminder on the 15th, not 2026's yearly step.
    expect(await remindAndDeliver(app)).toEqual([]);
    time.advance(DAY); // 2 March: 30 days before lapsing
    expect(await remindAndDeliver(app)).toEqual([
      'dario@example.org: SIMTI – Avviso di decadenza da socio',
    ]);
    expect(parseMail(sink.messages.at(-1)?.raw ?? '').text).toContain(
      'risultano non pagate le quote associative degli anni 2025, 2026.',
    );
    time.advance(DAY);
    expect(await remindAndDeliver(app)).toEqual([]);
    time.advance(12 * DAY); // 15 March
    expect(await remindAndDeliver(app)).toEqual([
      'dario@example.org: SIMTI – Quote associative arretrate da pagare',
    ]);

    time.advance(17 * DAY); // 1 April: lapsed, the notice goes once
    expect(await remindAndDeliver(app)).toEqual(['dario@example.org: SIMTI – Decadenza da socio']);
    expect(parseMail(sink.messages.at(-1)?.raw ?? '').text).toContain(
      'poiché non risultano pagate le quote associative degli anni 2025 e 2026, come prevede lo statuto la tua iscrizione è decaduta.',
    );
    for (const days of [0, 1, 14, 30, 300]) {
      time.advance(days * DAY + 3_600_000);
      expect(await remindAndDeliver(app)).toEqual([]);
    }
    const overview = await app.services.duesReminders.overview();
    expect(overview.members.find((member) => member.memberId === dario)).toMatchObject({
      standing: 'lapsed',
      next: null,
      lapseNoticeSentAt: '2026-04-01T10:00:00.000Z',
    });
    expect(overview.members.find((member) => member.name === 'Rossi Elio')).toMatchObject({
      standing: 'lapsed',
      next: null,
      lapseNoticeSentAt: null,
    });
  });

  it('sends nothing to a paused member, nor to anyone while paused for everyone', async () => {
    const app = await start('2027-01-01T09:00:00.000Z');
    const { db } = app.services;
    const anna = await addLedgerMember(app, 'Anna', 2026, { 2026: 'paid' });
    await addLedgerMember(app, 'Bruno', 2026, { 2026: 'paid' });
    expect(
      await pauseMemberReminders(db, anna, 'tesoreria@example.org', time.clock().toISOString()),
    ).toBe(true);
    expect(await remindAndDeliver(app)).toEqual([
      'bruno@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);

    await setRemindersPausedForEveryone(
      db,
      true,
      'tesoreria@example.org',
      time.clock().toISOString(),
    );
    expect(await resumeMemberReminders(db, anna)).toBe(true);
    time.advance(30 * DAY);
    expect(await remindAndDeliver(app)).toEqual([]);

    // Resumed: the step that applies now goes, once.
    await setRemindersPausedForEveryone(
      db,
      false,
      'tesoreria@example.org',
      time.clock().toISOString(),
    );
    expect(await remindAndDeliver(app)).toEqual([
      'anna@example.org: SIMTI – Quota associativa 2027 da pagare',
      'bruno@example.org: SIMTI – Quota associativa 2027 da pagare',
    ]);
    expect(await remindAndDeliver(app)).toEqual([]);
  });

  it('queues a reminder once while SMTP is down and delivers it once when it is back', async () => {
    const app = await start('2027-01-01T09:00:00.000Z');
    await addLedgerMember(app, 'Anna', 2026, { 2026: 'paid' });
    await sink.stop();
    expect(await app.services.duesReminders.runOnce()).toBe(1);
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 1, dead: 0 });
    // The hourly checks while SMTP is down queue nothing more.
    time.advance(3_600_000);
    expect(await app.services.duesReminders.runOnce()).toBe(0);

    await sink.start();
    time.advance(retryDelayMs(1));
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(await remindAndDeliver(app)).toEqual([]);
    expect(sink.messages.map((message) => message.to.join(','))).toEqual(['anna@example.org']);
  });
});

describe('the next dues reminder', () => {
  const ledger = (dues: Record<number, 'paid' | 'exempt'>, sent: string[] = []) => ({
    sinceYear: 2026,
    dues: new Map(Object.entries(dues).map(([year, status]) => [Number(year), status] as const)),
    sent: new Set(sent),
  });

  it('names the step and its day, today when one is due, none once the year is paid', () => {
    const rules = DEFAULT_STANDING_RULES;
    expect(nextReminder(ledger({ 2026: 'paid' }), '2026-11-20', rules, SCHEDULE)).toEqual({
      year: 2027,
      step: '-30',
      on: '2026-12-02',
    });
    expect(nextReminder(ledger({ 2026: 'paid' }), '2027-01-05', rules, SCHEDULE)).toEqual({
      year: 2027,
      step: '0',
      on: '2027-01-01',
    });
    expect(
      nextReminder(ledger({ 2026: 'paid' }, ['2027:0']), '2027-01-05', rules, SCHEDULE),
    ).toEqual({ year: 2027, step: '30', on: '2027-01-31' });
    expect(
      nextReminder(ledger({ 2026: 'paid', 2027: 'paid' }), '2027-01-05', rules, SCHEDULE),
    ).toEqual({
      year: 2028,
      step: '-30',
      on: '2027-12-02',
    });
    // In arrears: the month's arrears reminder, then the next month's once sent.
    expect(nextReminder(ledger({ 2027: 'paid' }), '2027-05-05', rules, SCHEDULE)).toEqual({
      year: 2027,
      step: 'arretrati-05',
      on: '2027-05-15',
    });
    expect(
      nextReminder(ledger({ 2027: 'paid' }, ['2027:arretrati-12']), '2027-12-20', rules, SCHEDULE),
    ).toEqual({ year: 2028, step: 'arretrati-01', on: '2028-01-15' });
  });
});

describe.each(testEngines())('the staff API of the dues reminders (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'tesoreria'],
    clock: fixedClock('2027-01-05'),
  });

  it('lists who gets which reminder next, pauses and resumes one member or everyone, audited', async () => {
    const { db } = site.app.services;
    await db.deleteFrom('memberships').execute();
    const { id: socio } = await db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'socio.demo@example.org')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('memberships')
      .values({
        ...bareMembership(socio, 'Socio', 2026, '2026-01-01T00:00:00.000Z'),
        member_number: '00042',
      })
      .execute();
    await setDue(site.app, socio, 2026, 'paid');

    const overview = await site.ok<DuesRemindersOverview>(
      site.call('GET', '/DuesReminders', undefined, 'tesoreria'),
    );
    expect(overview.pausedForEveryone).toBe(false);
    expect(overview.members).toEqual([
      expect.objectContaining({
        memberId: socio,
        memberNumber: '00042',
        paused: false,
        // 2026 paid and 2027 open: 2027's reminder of 1 January is due (today, not yet sent).
        next: { year: 2027, step: '0', on: '2027-01-01' },
        standing: 'good',
        lapseNoticeSentAt: null,
      }),
    ]);
    // Sent, the list names the next step.
    expect(await site.app.services.duesReminders.runOnce()).toBe(1);
    const after = await site.ok<DuesRemindersOverview>(site.call('GET', '/DuesReminders'));
    expect(after.members[0]?.next).toEqual({ year: 2027, step: '30', on: '2027-01-31' });
    expect(after.sent).toEqual([
      expect.objectContaining({ memberId: socio, year: 2027, step: '0' }),
    ]);
    // 2026 unpaid after all: in arrears, the monthly reminder of every open year is next.
    await db.deleteFrom('dues').where('member_id', '=', socio).execute();
    const arrears = await site.ok<DuesRemindersOverview>(site.call('GET', '/DuesReminders'));
    expect(arrears.members[0]).toMatchObject({
      standing: 'arrears',
      next: { year: 2027, step: 'arretrati-01', on: '2027-01-15' },
    });

    const paused = await site.ok<DuesRemindersOverview>(
      site.call('POST', '/DuesReminders/Pause', { memberId: socio }, 'tesoreria'),
    );
    expect(paused.members[0]?.paused).toBe(true);
    expect((await site.lastAudit('dues_reminder'))?.summary).toBe(
      'Promemoria sospesi per socio.demo@example.org',
    );
    await site.ok(site.call('POST', '/DuesReminders/Resume', { memberId: socio }));
    const everyone = await site.ok<DuesRemindersOverview>(
      site.call('POST', '/DuesReminders/Pause', {}),
    );
    expect(everyone.pausedForEveryone).toBe(true);
    expect((await site.lastAudit('dues_reminder'))?.summary).toBe('Promemoria sospesi per tutti');
    await site.ok(site.call('POST', '/DuesReminders/Resume', {}));

    const unknown = await site.call('POST', '/DuesReminders/Pause', { memberId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    const bad = await site.call('POST', '/DuesReminders/Pause', { memberId: 'tutti' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/[a-zà-ù]/);
    expect((await site.call('GET', '/DuesReminders', undefined, 'socio')).statusCode).toBe(403);
  });
});

describe.each(testEngines())('"Invia ora" of the dues reminders (%s)', (engine) => {
  const site = staffSite(engine, {
    roles: ['socio', 'tesoreria'],
    clock: fixedClock('2027-01-05'),
  });

  /** The mails queued in the outbox, as recipient: subject, and their texts. */
  async function queued() {
    const rows = await site.app.services.db
      .selectFrom('outbox')
      .select('payload_json')
      .where('kind', '=', 'mail')
      .orderBy('id')
      .execute();
    return rows.map(
      (row) => JSON.parse(row.payload_json) as { to: string[]; subject: string; text: string },
    );
  }

  it('previews and sends to one member or a group, once, through the outbox', async () => {
    const { app } = site;
    const { db } = app.services;
    await db.deleteFrom('memberships').execute();
    await db.deleteFrom('outbox').execute();
    await setFees(app, { 2025: 8_000, 2026: 9_000, 2027: 9_500 });
    await addLedgerMember(app, 'Anna', 2024, { 2024: 'paid', 2026: 'paid' }); // 2025 open: arrears
    await addLedgerMember(app, 'Bruno', 2026); // 2026 open: arrears, lapses on 1 April
    const carla = await addLedgerMember(app, 'Carla', 2026, { 2026: 'paid' }); // 2027 open only
    await addLedgerMember(app, 'Dora', 2026, { 2026: 'paid', 2027: 'paid' }); // in good standing

    const preview = await site.ok<DuesReminderSendPreview>(
      site.call('POST', '/DuesReminders/Send/Preview', { group: 'arrears' }, 'tesoreria'),
    );
    expect(preview).toMatchObject({ count: 2, skipped: 0, names: ['Rossi Anna', 'Rossi Bruno'] });
    expect(preview.sample?.to).toBe('anna@example.org');
    expect(preview.sample?.text).toContain(
      'risultano ancora da pagare le quote associative degli anni 2025 (80,00 €) e 2027 (95,00 €), in tutto 175,00 €.',
    );
    // Nothing is queued by the preview.
    expect(await queued()).toEqual([]);
    const lapsing = await site.ok<DuesReminderSendPreview>(
      site.call('POST', '/DuesReminders/Send/Preview', { group: 'lapsing' }),
    );
    expect(lapsing.names).toEqual(['Rossi Bruno']);
    expect(lapsing.sample?.text).toContain('decadrai da socio');

    const sent = await site.ok<DuesReminderSendResult>(
      site.call('POST', '/DuesReminders/Send', { group: 'arrears' }, 'tesoreria'),
    );
    expect(sent).toEqual({ sent: preview.count, skipped: 0 });
    const mails = await queued();
    expect(mails.map((mail) => mail.to.join(','))).toEqual([
      'anna@example.org',
      'bruno@example.org',
    ]);
    expect(mails[0]).toEqual({
      to: ['anna@example.org'],
      subject: preview.sample?.subject,
      text: preview.sample?.text,
    });
    expect((await site.lastAudit('dues_reminder'))?.summary).toBe(
      'Promemoria inviato a 2 soci (Soci morosi (quote arretrate))',
    );

    // Sent again at once: everyone was reminded in the last 24 hours, nothing goes.
    const again = await site.call('POST', '/DuesReminders/Send', { group: 'arrears' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Nessun socio a cui inviare il promemoria');
    expect(
      await site.ok<DuesReminderSendPreview>(
        site.call('POST', '/DuesReminders/Send/Preview', { group: 'arrears' }),
      ),
    ).toMatchObject({ count: 0, skipped: 2, sample: null });
    expect(await queued()).toHaveLength(2);

    // One member, from the member's screen: this year's due, once.
    const one = await site.ok<DuesReminderSendPreview>(
      site.call('POST', '/DuesReminders/Send/Preview', { memberId: carla }),
    );
    expect(one).toMatchObject({ count: 1, names: ['Rossi Carla'] });
    expect(one.sample?.subject).toContain('Quota associativa 2027 da pagare');
    expect(
      await site.ok<DuesReminderSendResult>(
        site.call('POST', '/DuesReminders/Send', { memberId: carla }),
      ),
    ).toEqual({ sent: 1, skipped: 0 });
    // The scheduled step of 1 January, due for Carla, waits: no second mail the same day.
    expect(await app.services.duesReminders.runOnce()).toBe(0);
    const twice = await site.call('POST', '/DuesReminders/Send', { memberId: carla });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('già stato inviato un promemoria nelle ultime 24 ore');
    expect(await queued()).toHaveLength(3);
    expect(
      await site.ok<DuesReminderHistoryEntry[]>(site.call('GET', `/DuesReminders/Member/${carla}`)),
    ).toEqual([{ year: 2027, step: 'manuale-2027-01-05', sentAt: expect.any(String) }]);

    const dora = await site.call('POST', '/DuesReminders/Send/Preview', {
      memberId: (
        await db
          .selectFrom('members')
          .select('id')
          .where('email', '=', 'dora@example.org')
          .executeTakeFirstOrThrow()
      ).id,
    });
    expect(dora.statusCode).toBe(400);
    expect(dora.body).toContain('Il socio è in regola');
    for (const body of [{}, { memberId: carla, group: 'arrears' }, { group: 'tutti' }]) {
      const bad = await site.call('POST', '/DuesReminders/Send', body);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toMatch(/Indica un socio|Il gruppo deve essere/);
    }
    expect((await site.call('POST', '/DuesReminders/Send', { memberId: 999_999 })).statusCode).toBe(
      404,
    );
    expect(
      (await site.call('POST', '/DuesReminders/Send', { group: 'arrears' }, 'socio')).statusCode,
    ).toBe(403);
  });
});

describe('the dues reminders’ settings', () => {
  it('reads the days of the schedule and refuses a malformed one with an Italian message', () => {
    const base = { DATA_DIR: '/tmp/sodalis-reminders-config' };
    expect(loadConfig(base).membership).toMatchObject({
      reminderDays: [-30, 0, 30, 60],
      lapseWarningDays: 30,
    });
    expect(
      loadConfig({
        ...base,
        DUES_REMINDER_DAYS: '15, -10,15',
        DUES_REMINDER_LAPSE_WARNING_DAYS: '0',
      }).membership,
    ).toMatchObject({ reminderDays: [-10, 15], lapseWarningDays: 0 });
    expect(loadConfig(base).membership.arrearsReminderDay).toBe(15);
    expect(
      loadConfig({ ...base, DUES_REMINDER_ARREARS_DAY: '0' }).membership.arrearsReminderDay,
    ).toBe(0);
    expectConfigRefused({ ...base, DUES_REMINDER_ARREARS_DAY: '31' }, 'DUES_REMINDER_ARREARS_DAY');
    expectConfigRefused({ ...base, DUES_REMINDER_DAYS: 'gennaio' }, 'DUES_REMINDER_DAYS');
    expectConfigRefused(
      { ...base, DUES_REMINDER_LAPSE_WARNING_DAYS: '-1' },
      'DUES_REMINDER_LAPSE_WARNING_DAYS',
    );
  });
});
