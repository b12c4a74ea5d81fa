import { NEWSLETTER_CONSENT } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MailJob } from '../../../src/modules/outbox/outbox.js';
import { CONFIRMATION_RESEND_MS } from '../../../src/modules/newsletter/service.js';
import { FakeMailUp } from '../../helpers/fake-mailup.js';
import {
  CapturedLog,
  createMailTestSite,
  TestClock,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

const URL_PATH = '/api/v1/Account/SubscribeMailUp';

function subscribe(app: FastifyInstance, body: unknown, remoteAddress = '203.0.113.7') {
  return app.inject({ method: 'POST', url: URL_PATH, payload: body as object, remoteAddress });
}

async function subscriptions(app: FastifyInstance) {
  return app.services.db.selectFrom('newsletter_subscriptions').selectAll().orderBy('id').execute();
}

async function queuedMails(app: FastifyInstance): Promise<MailJob[]> {
  const rows = await app.services.db
    .selectFrom('outbox')
    .select('payload_json')
    .where('kind', '=', 'mail')
    .orderBy('id')
    .execute();
  return rows.map((row) => JSON.parse(row.payload_json) as MailJob);
}

/** The tokens of the links in a confirmation e-mail. */
function linkTokens(text: string): { confirm: string; unsubscribe: string } {
  const confirm = /\/newsletter\/conferma\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const unsubscribe = /\/newsletter\/annulla\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!confirm || !unsubscribe) throw new Error(`links not found in:\n${text}`);
  return { confirm, unsubscribe };
}

describe.each(testEngines())('newsletter signup with double opt-in on %s', (engine) => {
  let site: MailTestSite;
  let time: TestClock;

  beforeEach(async () => {
    site = await createMailTestSite(engine);
    time = new TestClock();
  });

  afterEach(async () => {
    await site.close();
  });

  it.each([
    ['no body field', {}],
    ['an empty address', { email: '' }],
    ['an invalid address', { email: 'mario.rossi@' }],
    ['a number', { email: 42 }],
  ])('refuses %s with the form’s message and stores nothing', async (_case, body) => {
    const { app } = await site.build({ clock: time.clock });
    const response = await subscribe(app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      data: null,
      error: {
        code: 'richiesta-non-valida',
        issues: [{ path: 'email', message: 'Inserisci una e-mail valida.' }],
      },
    });
    expect(await subscriptions(app)).toEqual([]);
    expect(await queuedMails(app)).toEqual([]);
  });

  it('stores a pending subscription with its consent record and queues the confirmation e-mail', async () => {
    const { app } = await site.build({ clock: time.clock });
    const response = await subscribe(app, { email: '  Mario.Rossi@Example.org ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });

    const [row] = await subscriptions(app);
    expect(row).toMatchObject({
      email: 'mario.rossi@example.org',
      status: 'pending',
      consent_at: time.clock().toISOString(),
      consent_text_version: NEWSLETTER_CONSENT.version,
      consent_ip: '203.0.113.7',
      confirmed_at: null,
      confirmation_sent_at: time.clock().toISOString(),
    });
    const [mail] = await queuedMails(app);
    expect(mail?.to).toEqual(['mario.rossi@example.org']);
    expect(mail?.subject).toBe('Conferma l’iscrizione alla newsletter SIMTI');
    const tokens = linkTokens(mail?.text ?? '');
    expect(mail?.text).toContain(
      `https://www.simti.example/newsletter/conferma?token=${tokens.confirm}`,
    );
    // Only hashes are stored: the database alone opens no link.
    expect(JSON.stringify(row)).not.toContain(tokens.confirm);
    expect(JSON.stringify(row)).not.toContain(tokens.unsubscribe);
  });

  it('is idempotent: the same address again stores one row and mails it once', async () => {
    const { app } = await site.build({ clock: time.clock });
    for (const email of ['anna@example.org', 'ANNA@example.org', ' anna@example.org']) {
      expect((await subscribe(app, { email })).statusCode).toBe(200);
    }
    expect(await subscriptions(app)).toHaveLength(1);
    expect(await queuedMails(app)).toHaveLength(1);

    // Later on, asking again mails a new link and the old one stops working.
    const first = linkTokens((await queuedMails(app))[0]?.text ?? '');
    time.advance(CONFIRMATION_RESEND_MS);
    expect((await subscribe(app, { email: 'anna@example.org' })).statusCode).toBe(200);
    const mails = await queuedMails(app);
    expect(mails).toHaveLength(2);
    const second = linkTokens(mails[1]?.text ?? '');
    expect(await app.services.newsletter.confirmState(first.confirm)).toBe('non-valido');
    expect(await app.services.newsletter.confirmState(second.confirm)).toBe('da-confermare');
    expect(await subscriptions(app)).toHaveLength(1);
  });

  it('counts an address as subscribed only once its link is confirmed', async () => {
    const { app } = await site.build({ clock: time.clock });
    await subscribe(app, { email: 'luca@example.org' });
    const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
    const { newsletter } = app.services;

    // Opening the link only looks at it (mail scanners open links too).
    expect(await newsletter.confirmState(tokens.confirm)).toBe('da-confermare');
    expect((await subscriptions(app))[0]?.status).toBe('pending');

    time.advance(60_000);
    expect(await newsletter.confirm(tokens.confirm)).toBe('confermata');
    expect((await subscriptions(app))[0]).toMatchObject({
      status: 'confirmed',
      confirmed_at: time.clock().toISOString(),
    });
    expect(await newsletter.confirm(tokens.confirm)).toBe('confermata');

    // Signing up again once confirmed changes nothing and mails nothing.
    expect((await subscribe(app, { email: 'luca@example.org' })).statusCode).toBe(200);
    expect(await queuedMails(app)).toHaveLength(1);
    expect((await subscriptions(app))[0]?.status).toBe('confirmed');
  });

  it('withdraws a subscription by its unsubscribe link, and allows signing up again', async () => {
    const { app } = await site.build({ clock: time.clock });
    await subscribe(app, { email: 'giulia@example.org' });
    const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
    const { newsletter } = app.services;
    await newsletter.confirm(tokens.confirm);

    expect(await newsletter.unsubscribeState(tokens.unsubscribe)).toBe('attiva');
    expect(await newsletter.unsubscribe(tokens.unsubscribe)).toBe('annullata');
    expect((await subscriptions(app))[0]).toMatchObject({
      status: 'unsubscribed',
      unsubscribed_at: time.clock().toISOString(),
    });
    expect(await newsletter.unsubscribe(tokens.unsubscribe)).toBe('annullata');
    expect(await newsletter.confirmState(tokens.confirm)).toBe('non-valido');

    expect((await subscribe(app, { email: 'giulia@example.org' })).statusCode).toBe(200);
    expect((await subscriptions(app))[0]?.status).toBe('pending');
    expect(await queuedMails(app)).toHaveLength(2);
  });

  it('refuses expired, unknown and malformed links', async () => {
    const { app } = await site.build({ clock: time.clock });
    await subscribe(app, { email: 'paolo@example.org' });
    const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
    const { newsletter } = app.services;
    for (const token of ['', 'abc', 'x'.repeat(43), `${tokens.confirm}x`, tokens.unsubscribe]) {
      expect(await newsletter.confirmState(token)).toBe('non-valido');
      expect(await newsletter.confirm(token)).toBe('non-valido');
    }
    expect(await newsletter.unsubscribeState('nonvalido')).toBe('non-valido');
    time.advance(8 * 86_400_000);
    expect(await newsletter.confirm(tokens.confirm)).toBe('non-valido');
    expect((await subscriptions(app))[0]?.status).toBe('pending');
  });

  it('sends the confirmation over SMTP; the link in the e-mail confirms the address', async () => {
    const sink = new SmtpSink();
    await sink.start();
    try {
      const { app } = await site.build({ clock: time.clock, env: { SMTP_URL: sink.url } });
      await subscribe(app, { email: 'sara@example.org' });
      await app.services.outbox.runOnce();
      expect(sink.messages.map((message) => message.to)).toEqual([['sara@example.org']]);
      const mail = parseMail(sink.messages[0]?.raw ?? '');
      expect(mail.subject).toBe('Conferma l’iscrizione alla newsletter SIMTI');
      const tokens = linkTokens(mail.text);
      expect(await app.services.newsletter.confirm(tokens.confirm)).toBe('confermata');
    } finally {
      await sink.stop();
    }
  });

  it('never logs the address in full nor the link tokens', async () => {
    const log = new CapturedLog();
    const { app } = await site.build({ clock: time.clock, logger: log.logger });
    await subscribe(app, { email: 'riservato@example.org' });
    const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
    await app.services.newsletter.confirm(tokens.confirm);
    await app.services.outbox.runOnce();
    const logged = log.text();
    expect(logged).toContain('r***@example.org');
    expect(logged).not.toContain('riservato@example.org');
    expect(logged).not.toContain(tokens.confirm);
  });

  it('limits signups per IP (NEWSLETTER_RATE_LIMIT_PER_HOUR)', async () => {
    const { app } = await site.build({
      clock: time.clock,
      env: { NEWSLETTER_RATE_LIMIT_PER_HOUR: '2' },
    });
    expect((await subscribe(app, { email: 'a@example.org' })).statusCode).toBe(200);
    expect((await subscribe(app, { email: 'b@example.org' })).statusCode).toBe(200);
    const refused = await subscribe(app, { email: 'c@example.org' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ data: null, error: { code: 'troppe-richieste' } });
    // Another visitor is not affected.
    expect((await subscribe(app, { email: 'c@example.org' }, '198.51.100.4')).statusCode).toBe(200);
    expect(await subscriptions(app)).toHaveLength(3);
  });

  it('keeps the API’s small body limit on this route', async () => {
    const { app } = await site.build({ clock: time.clock });
    const response = await subscribe(app, { email: 'a@example.org', extra: 'x'.repeat(8 * 1024) });
    expect(response.statusCode).toBe(413);
  });

  describe('with MailUp configured', () => {
    let mailup: FakeMailUp;

    beforeEach(async () => {
      mailup = new FakeMailUp();
      await mailup.start();
    });

    afterEach(async () => {
      await mailup.stop();
    });

    it('forwards a confirmed address to MailUp through the outbox, and withdraws it there', async () => {
      const { app } = await site.build({ clock: time.clock, env: mailup.env() });
      await subscribe(app, { email: 'marco@example.org' });
      const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
      await app.services.outbox.runOnce();
      // Pending addresses are never forwarded.
      expect(mailup.consoleCalls()).toEqual([]);

      await app.services.newsletter.confirm(tokens.confirm);
      await app.services.outbox.runOnce();
      const [token, add] = mailup.calls;
      expect(token?.body).toContain('grant_type=password');
      expect(token?.authorization).toBe(
        `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
      );
      expect(add).toMatchObject({
        method: 'POST',
        url: '/API/v1.1/Rest/ConsoleService.svc/Console/List/7/Recipient?ConfirmEmail=false',
        authorization: 'Bearer token-di-prova',
      });
      expect(JSON.parse(add?.body ?? '{}')).toMatchObject({ Email: 'marco@example.org' });
      expect((await subscriptions(app))[0]?.mailup_recipient_id).toBe('1000');

      await app.services.newsletter.unsubscribe(tokens.unsubscribe);
      await app.services.outbox.runOnce();
      expect(mailup.consoleCalls().at(-1)).toMatchObject({
        method: 'DELETE',
        url: '/API/v1.1/Rest/ConsoleService.svc/Console/List/7/Unsubscribe/1000',
      });
      expect((await subscriptions(app))[0]?.mailup_recipient_id).toBeNull();
    });

    it('retries the forwarding while MailUp fails, and forwards once it answers', async () => {
      const { app } = await site.build({ clock: time.clock, env: mailup.env() });
      await subscribe(app, { email: 'elena@example.org' });
      const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
      await app.services.newsletter.confirm(tokens.confirm);
      mailup.failWith = 503;
      expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 1, dead: 0 });
      mailup.failWith = null;
      time.advance(60 * 60_000);
      expect(await app.services.outbox.runOnce()).toEqual({ sent: 1, retried: 0, dead: 0 });
      expect(mailup.consoleCalls().filter((call) => call.method === 'POST')).toHaveLength(2);
      expect((await subscriptions(app))[0]?.mailup_recipient_id).toBe('1000');
    });
  });

  it('queues nothing for MailUp when it is not configured', async () => {
    const { app } = await site.build({ clock: time.clock });
    await subscribe(app, { email: 'franco@example.org' });
    const tokens = linkTokens((await queuedMails(app))[0]?.text ?? '');
    await app.services.newsletter.confirm(tokens.confirm);
    const kinds = await app.services.db.selectFrom('outbox').select('kind').execute();
    expect(kinds.map((row) => row.kind)).toEqual(['mail']);
  });
});
