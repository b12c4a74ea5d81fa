import type { DuesRemindersOverview } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import type { DuesTable } from '../../../src/db/schema.js';
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
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const DAY = 24 * 3_600_000;
const SCHEDULE = { days: [-30, 0, 30, 60], lapseWarningDays: 30 };

/** A member with a membership from `sinceYear` and the given ledger rows. */
async function addMember(
  app: FastifyInstance,
  name: string,
  sinceYear: number,
  dues: Record<number, DuesTable['status']> = {},
  kind: 'Socio' | 'Affiliato' = 'Socio',
): Promise<number> {
  const { db } = app.services;
  const now = '2026-01-01T00:00:00.000Z';
  const { id } = await db
    .insertInto('members')
    .values({
      email: `${name.toLowerCase()}@example.org`,
      first_name: name,
      last_name: 'Rossi',
      role: 'socio',
      status: 'active',
      password_hash: null,
      password_changed: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('memberships')
    .values({
      member_id: id,
      member_number: null,
      kind,
      section: kind === 'Affiliato' ? 'tecnici' : null,
      since_year: sinceYear,
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
  for (const [year, status] of Object.entries(dues)) await setDue(app, id, Number(year), status);
  return id;
}

async function setDue(
  app: FastifyInstance,
  memberId: number,
  year: number,
  status: DuesTable['status'],
) {
  const now = '2026-01-01T00:00:00.000Z';
  await app.services.db
    .insertInto('dues')
    .values({
      member_id: memberId,
      year,
      status,
      amount_cents: status === 'paid' ? 10_000 : null,
      method: status === 'paid' ? 'bonifico' : null,
      payment_id: null,
      exempt_reason: status === 'exempt' ? 'Socio onorario' : null,
      settled_on: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'year']).doUpdateSet({ status }))
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
    const anna = await addMember(app, 'Anna', 2026, { 2026: 'paid' }, 'Affiliato');
    const bruno = await addMember(app, 'Bruno', 2026, { 2026: 'paid' });
    await addMember(app, 'Carla', 2026, { 2026: 'paid', 2027: 'exempt' });

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

  it('warns before lapsing, and a lapsed member gets nothing more', async () => {
    // 2025 and 2026 unpaid: the member lapses on 1 April 2026, when 2026 is missed too.
    const app = await start('2026-03-01T10:00:00.000Z');
    await addMember(app, 'Dario', 2025);
    expect(await remindAndDeliver(app)).toEqual([
      'dario@example.org: SIMTI – Quota associativa 2026 da pagare',
    ]);
    time.advance(DAY); // 2 March: +60 of 2026, and 30 days before lapsing
    expect(await remindAndDeliver(app)).toEqual([
      'dario@example.org: SIMTI – Quota associativa 2026 da pagare',
      'dario@example.org: SIMTI – Avviso di decadenza da socio',
    ]);
    expect(parseMail(sink.messages.at(-1)?.raw ?? '').text).toContain(
      'risultano non pagate le quote associative degli anni 2025, 2026.',
    );
    time.advance(DAY);
    expect(await remindAndDeliver(app)).toEqual([]);
    time.advance(300 * DAY); // lapsed: not even next year's reminders
    expect(await remindAndDeliver(app)).toEqual([]);
  });

  it('sends nothing to a paused member, nor to anyone while paused for everyone', async () => {
    const app = await start('2027-01-01T09:00:00.000Z');
    const { db } = app.services;
    const anna = await addMember(app, 'Anna', 2026, { 2026: 'paid' });
    await addMember(app, 'Bruno', 2026, { 2026: 'paid' });
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
    await addMember(app, 'Anna', 2026, { 2026: 'paid' });
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

    const overview = await site.ok<DuesRemindersOverview>(
      site.call('GET', '/DuesReminders', undefined, 'tesoreria'),
    );
    expect(overview.pausedForEveryone).toBe(false);
    expect(overview.members).toEqual([
      expect.objectContaining({
        memberId: socio,
        memberNumber: '00042',
        paused: false,
        // 2026 unpaid and 2027 open: 2027's reminder of 1 January is due (today, not yet sent).
        next: { year: 2027, step: '0', on: '2027-01-01' },
      }),
    ]);
    // Sent, the list names the next step.
    expect(await site.app.services.duesReminders.runOnce()).toBe(1);
    const after = await site.ok<DuesRemindersOverview>(site.call('GET', '/DuesReminders'));
    expect(after.members[0]?.next).toEqual({ year: 2027, step: '30', on: '2027-01-31' });
    expect(after.sent).toEqual([
      expect.objectContaining({ memberId: socio, year: 2027, step: '0' }),
    ]);

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
    expectConfigRefused({ ...base, DUES_REMINDER_DAYS: 'gennaio' }, 'DUES_REMINDER_DAYS');
    expectConfigRefused(
      { ...base, DUES_REMINDER_LAPSE_WARNING_DAYS: '-1' },
      'DUES_REMINDER_LAPSE_WARNING_DAYS',
    );
  });
});
