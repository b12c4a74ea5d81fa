import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueue, type MailJob } from '../../../src/modules/outbox/outbox.js';
import { retryDelayMs } from '../../../src/modules/outbox/worker.js';
import {
  CapturedLog,
  createMailTestSite,
  samplePdf,
  TestClock,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

async function queueMail(app: FastifyInstance, job: MailJob): Promise<number> {
  const { db, clock } = app.services;
  return enqueue(db, 'mail', job, clock());
}

async function outboxRows(app: FastifyInstance) {
  return app.services.db.selectFrom('outbox').selectAll().orderBy('id').execute();
}

describe.each(testEngines())('the mail outbox over real SMTP on %s', (engine) => {
  let site: MailTestSite;
  let sink: SmtpSink;
  let time: TestClock;

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    sink = new SmtpSink();
    await sink.start();
    time = new TestClock();
  });

  afterEach(async () => {
    await site.close();
    await sink.stop();
  });

  it('delivers a queued message with its PDF once, and marks the row sent', async () => {
    const { app } = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    const pdf = samplePdf('programma');
    const stored = await app.services.files.put(pdf);
    const id = await queueMail(app, {
      to: ['segreteria@simti.example'],
      replyTo: 'mario.rossi@example.org',
      subject: 'Richiesta di patrocinio n. 1: Giornata di studio',
      text: 'Testo con accenti: è già così.',
      attachments: [{ fileName: 'programma.pdf', sha256: stored.sha256 }],
    });

    expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(sink.messages).toHaveLength(1);
    const [received] = sink.messages;
    expect(received?.to).toEqual(['segreteria@simti.example']);
    expect(received?.from).toBe('noreply@simti.example');
    const mail = parseMail(received?.raw ?? '');
    expect(mail.subject).toBe('Richiesta di patrocinio n. 1: Giornata di studio');
    expect(mail.text).toContain('è già così.');
    expect(mail.headers.get('reply-to')).toBe('mario.rossi@example.org');
    expect(mail.headers.get('message-id')).toMatch(
      new RegExp(`^<outbox-.*-${id}@simti\\.example>$`),
    );
    expect(mail.attachments).toEqual([{ fileName: 'programma.pdf', content: pdf }]);

    const [row] = await outboxRows(app);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(row?.sent_at).toBe(time.clock().toISOString());

    // Nothing more to do: a sent row is never sent again.
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('loses nothing while SMTP is down and delivers everything once when it is back', async () => {
    const { app } = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    await sink.stop();
    for (const n of [1, 2, 3]) {
      await queueMail(app, { to: [`socio${n}@example.org`], subject: `Messaggio ${n}`, text: 'x' });
    }

    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 3, dead: 0 });
    for (const row of await outboxRows(app)) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at).toBe(
        new Date(time.clock().getTime() + retryDelayMs(1)).toISOString(),
      );
    }

    await sink.start();
    // Not due yet: the backoff is respected.
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    time.advance(retryDelayMs(1));
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 3, retried: 0, dead: 0 });
    time.advance(retryDelayMs(5));
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });

    const subjects = sink.messages.map((message) => parseMail(message.raw).subject).sort();
    expect(subjects).toEqual(['Messaggio 1', 'Messaggio 2', 'Messaggio 3']);
    expect((await outboxRows(app)).map((row) => [row.status, row.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
      ['sent', 2],
    ]);
  });

  it('retries a message the server refuses with backoff, then marks it dead after OUTBOX_MAX_ATTEMPTS', async () => {
    const log = new CapturedLog();
    const { app } = await site.build({
      env: { SMTP_URL: sink.url, OUTBOX_MAX_ATTEMPTS: '3' },
      clock: time.clock,
      logger: log.logger,
    });
    sink.refuse = { code: 451, message: 'Riprova più tardi' };
    await queueMail(app, { to: ['mario.rossi@example.org'], subject: 'Prova', text: 'x' });

    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const before = time.clock().getTime();
      const summary = await app.services.outbox.runOnce();
      expect(summary).toEqual(
        attempt < 3 ? { sent: 0, retried: 1, dead: 0 } : { sent: 0, retried: 0, dead: 1 },
      );
      const [row] = await outboxRows(app);
      expect(row?.attempts).toBe(attempt);
      if (attempt < 3) {
        delays.push(Date.parse(row?.next_attempt_at ?? '') - before);
        time.advance(retryDelayMs(attempt));
      }
    }
    // Exponential: each wait twice the one before.
    expect(delays).toEqual([retryDelayMs(1), retryDelayMs(2)]);
    expect(delays[1]).toBe(2 * (delays[0] as number));

    const [dead] = await outboxRows(app);
    expect(dead).toMatchObject({ status: 'dead', attempts: 3, sent_at: null });
    expect(dead?.last_error).toContain('451');

    // A dead row is left alone, even when the server accepts mail again.
    sink.refuse = null;
    time.advance(retryDelayMs(10));
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(sink.messages).toHaveLength(0);

    const logged = log.text();
    expect(logged).toContain('messaggio abbandonato (dead)');
    expect(logged).not.toContain('mario.rossi@example.org');
  });

  it('resumes the rows a stopped server left pending when it starts again', async () => {
    const first = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    await queueMail(first.app, { to: ['a@example.org'], subject: 'Rimasto in coda', text: 'x' });
    await first.close();
    expect(sink.messages).toHaveLength(0);

    // The next start delivers on its own (auto mode): wait for the message, not for a time.
    const second = await site.build({
      env: { SMTP_URL: sink.url },
      clock: time.clock,
      outbox: 'auto',
    });
    await expect.poll(() => sink.messages.length, { timeout: 10_000 }).toBe(1);
    expect(parseMail(sink.messages[0]?.raw ?? '').subject).toBe('Rimasto in coda');
    // The server has the message before the worker records it as sent: wait for the record.
    await expect
      .poll(async () => (await outboxRows(second.app))[0]?.status, { timeout: 10_000 })
      .toBe('sent');
    const [row] = await outboxRows(second.app);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(sink.messages).toHaveLength(1);
  });

  it('delivers each row once when two instances share the database', async () => {
    const a = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    const b = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    for (let n = 1; n <= 12; n += 1) {
      await queueMail(a.app, { to: [`s${n}@example.org`], subject: `Numero ${n}`, text: 'x' });
    }
    const [fromA, fromB] = await Promise.all([
      a.app.services.outbox.runOnce(),
      b.app.services.outbox.runOnce(),
    ]);
    expect(fromA.sent + fromB.sent).toBe(12);
    const subjects = sink.messages.map((message) => parseMail(message.raw).subject);
    expect(new Set(subjects).size).toBe(12);
    expect(subjects).toHaveLength(12);
  });

  it('delivers a row claimed by a worker that died once its lease runs out', async () => {
    const { app } = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    const id = await queueMail(app, { to: ['a@example.org'], subject: 'Orfano', text: 'x' });
    // As a worker leaves a row it claimed and then crashed: one attempt, reserved for 10 minutes.
    const leaseUntil = new Date(time.clock().getTime() + 10 * 60_000).toISOString();
    await app.services.db
      .updateTable('outbox')
      .set({ attempts: 1, next_attempt_at: leaseUntil })
      .where('id', '=', id)
      .execute();
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 0 });
    time.advance(10 * 60_000);
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    expect(sink.messages).toHaveLength(1);
  });

  it('writes .eml files under DATA_DIR/mail when SMTP_URL is not set', async () => {
    const { app } = await site.build({ clock: time.clock });
    expect(app.services.mailer.kind).toBe('files');
    const pdf = samplePdf('eml');
    const stored = await app.services.files.put(pdf);
    await queueMail(app, {
      to: ['segreteria@simti.example'],
      subject: 'Senza SMTP',
      text: 'Funziona anche offline.',
      attachments: [{ fileName: 'allegato.pdf', sha256: stored.sha256 }],
    });
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
    const mailDir = path.join(site.dataDir, 'mail');
    const files = fs.readdirSync(mailDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{9}Z-\d+\.eml$/);
    const mail = parseMail(fs.readFileSync(path.join(mailDir, files[0] as string), 'utf8'));
    expect(mail.subject).toBe('Senza SMTP');
    expect(mail.headers.get('to')).toBe('segreteria@simti.example');
    expect(mail.attachments).toEqual([{ fileName: 'allegato.pdf', content: pdf }]);
  });

  it('marks a message dead at once when its attachment is missing', async () => {
    const { app } = await site.build({ env: { SMTP_URL: sink.url }, clock: time.clock });
    await queueMail(app, {
      to: ['a@example.org'],
      subject: 'Allegato perso',
      text: 'x',
      attachments: [{ fileName: 'perso.pdf', sha256: 'a'.repeat(64) }],
    });
    expect(await app.services.outbox.runOnce()).toEqual({ sent: 0, retried: 0, dead: 1 });
    const [row] = await outboxRows(app);
    expect(row).toMatchObject({ status: 'dead', attempts: 1 });
    expect(row?.last_error).toContain('perso.pdf');
  });
});
