import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { TransparencyReminders } from '../../../src/modules/transparency/reminders.js';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';
import { TestClock } from '../../helpers/mail-test-app.js';

const HOUR = 3_600_000;

describe.each(testEngines())('the transparency reminders on %s', (engine) => {
  let testApp: TestApp | undefined;
  afterEach(async () => {
    await testApp?.close();
    testApp = undefined;
  });

  async function queuedMail() {
    const rows = await (testApp as TestApp).app.services.db
      .selectFrom('outbox')
      .select(['kind', 'payload_json'])
      .where('kind', '=', 'mail')
      .orderBy('id')
      .execute();
    return rows.map(
      (row) => JSON.parse(row.payload_json) as { to: string[]; subject: string; text: string },
    );
  }

  it('mails the secretariat once when an item becomes due and once when it is late', async () => {
    // 31 May, 23:30 in Rome: 2025's items are not due yet; 2024's, never published on this new
    // site, are late (the previous cycle stays flagged until 1 June): one reminder each.
    const time = new TestClock('2026-05-31T21:30:00.000Z');
    testApp = await createTestApp(engine, {
      clock: time.clock,
      env: { SECRETARIAT_EMAIL: 'segreteria@esempio.it', SOCIETY_ACRONYM: 'SIMTI' },
    });
    const reminders = testApp.app.services.transparencyReminders;
    expect(await reminders.runOnce()).toBe(2);
    const previousCycle = await queuedMail();
    expect(previousCycle.map((message) => message.text).join('\n')).toContain(
      'Bilancio consuntivo 2024: non è pubblicato ed è scaduto il 30/06/2025.',
    );
    expect(await reminders.runOnce()).toBe(0);

    time.advance(HOUR); // 1 June, 00:30
    expect(await reminders.runOnce()).toBe(2);
    const mail = (await queuedMail()).slice(previousCycle.length);
    expect(mail.map((message) => message.subject)).toEqual([
      'SIMTI – Società trasparente: pubblicazione in scadenza',
      'SIMTI – Società trasparente: pubblicazione in scadenza',
    ]);
    expect(mail[0]?.to).toEqual(['segreteria@esempio.it']);
    expect(mail.map((message) => message.text).join('\n')).toContain(
      'Bilancio consuntivo 2025: va pubblicato entro il 30/06/2026.',
    );
    // The next hours and days of June send nothing more.
    time.advance(HOUR);
    expect(await reminders.runOnce()).toBe(0);
    time.advance(20 * 24 * HOUR);
    expect(await reminders.runOnce()).toBe(0);

    // The final accounts are published; the contributions are not: on 1 July only they are late.
    const { db } = testApp.app.services;
    await db
      .insertInto('transparency_publications')
      .values({
        type: 'bilancio-consuntivo',
        title: 'Bilancio consuntivo 2025',
        title_search: 'bilancio consuntivo 2025',
        description: null,
        year: 2025,
        published_on: '2026-06-20',
        link_url: null,
        created_at: time.clock().toISOString(),
        updated_at: time.clock().toISOString(),
      })
      .execute();
    time.advance(10 * 24 * HOUR); // 1 July
    expect(await reminders.runOnce()).toBe(1);
    const late = (await queuedMail()).at(-1);
    expect(late?.subject).toBe('SIMTI – Società trasparente: pubblicazione in ritardo');
    expect(late?.text).toContain(
      'Contributi pubblici ricevuti nel 2025: la tabella non è pubblicata',
    );
    expect(await reminders.runOnce()).toBe(0);
  });

  it('queues each reminder once when two instances check at the same time', async () => {
    const { clock } = new TestClock('2026-06-10T08:00:00.000Z');
    testApp = await createTestApp(engine, { clock });
    const { db } = testApp.app.services;
    // A second instance on the same database, as two servers behind one address.
    const other = new TransparencyReminders({
      db,
      clock,
      logger: pino({ level: 'silent' }),
      recipients: ['segreteria@esempio.it'],
      society: { acronym: 'SIMTI', publicBaseUrl: 'http://localhost' },
      notifyOutbox: () => undefined,
      mode: 'manual',
    });
    const [first, second] = await Promise.all([
      testApp.app.services.transparencyReminders.runOnce(),
      other.runOnce(),
    ]);
    expect(first + second).toBe(2);
    expect(await queuedMail()).toHaveLength(2);
  });
});
