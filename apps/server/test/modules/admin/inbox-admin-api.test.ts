import type {
  AdminAuditEntry,
  AdminNewsletterSubscriber,
  AdminOutboxMessage,
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
  LoginResponse,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/db/seed/demo-accounts.js';
import { enqueue } from '../../../src/modules/outbox/outbox.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: inbox on %s', (engine) => {
  let testApp: TestApp;
  let token = '';

  beforeAll(async () => {
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock('2026-11-22'),
    });
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/v1/Account/Login',
      payload: { username: 'segreteria.demo@example.org', password: DEMO_PASSWORD },
    });
    token = (login.json() as { data: LoginResponse }).data.token ?? '';
  }, 120_000);

  afterAll(async () => {
    await testApp?.close();
  });

  function call(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, payload?: object) {
    return testApp.app.inject({
      method,
      url: `/api/v1/Admin${path}`,
      ...(payload === undefined ? {} : { payload }),
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return (answer.json() as { data: T }).data;
  }

  async function lastAudit(entity: string): Promise<AdminAuditEntry | undefined> {
    return (await ok<AdminPage<AdminAuditEntry>>(call('GET', `/AuditLog?entity=${entity}`)))
      .items[0];
  }

  it('reads sponsorship requests, downloads their files and marks them handled with who and when', async () => {
    const page = await ok<AdminPage<AdminSponsorshipSummary>>(
      call('GET', '/SponsorshipRequests?status=received'),
    );
    expect(page.total).toBeGreaterThan(0);
    const summary = page.items.find((item) => item.attachmentCount > 0);
    expect(summary).toBeDefined();
    const request = await ok<AdminSponsorshipRequest>(
      call('GET', `/SponsorshipRequests/${summary?.id}`),
    );
    const file = request.attachments[0];
    const download = await call('GET', `/SponsorshipRequests/${request.id}/Files/${file?.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A file of another owner, or an unknown one, is not served through this request.
    expect(
      (await call('GET', `/SponsorshipRequests/${request.id + 1000}/Files/${file?.id}`)).statusCode,
    ).toBe(404);

    const handled = await ok<AdminSponsorshipRequest>(
      call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'approved' }),
    );
    expect(handled).toMatchObject({
      status: 'approved',
      handledBy: 'segreteria.demo@example.org',
      handledAt: '2026-11-22T12:00:00.000Z',
    });
    expect(await lastAudit('sponsorship')).toMatchObject({
      action: 'gestisce',
      entityId: String(request.id),
      before: { stato: 'ricevuta' },
      after: { stato: 'approvata' },
    });
    const reopened = await ok<AdminSponsorshipRequest>(
      call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'received' }),
    );
    expect(reopened).toMatchObject({ status: 'received', handledBy: null, handledAt: null });
    expect(
      (await call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'boh' })).statusCode,
    ).toBe(400);
  });

  it('lists subscribers by status, withdraws one on request and exports them', async () => {
    for (const [email, status] of [
      ['lettrice@example.org', 'confirmed'],
      ['lettore@example.org', 'confirmed'],
      ['attesa@example.org', 'pending'],
    ] as const) {
      await testApp.app.services.db
        .insertInto('newsletter_subscriptions')
        .values({
          email,
          status,
          confirm_token_hash: null,
          unsubscribe_token_hash: null,
          consent_at: '2026-11-01T09:00:00.000Z',
          consent_text_version: '1',
          consent_ip: null,
          confirmed_at: status === 'confirmed' ? '2026-11-01T09:05:00.000Z' : null,
          unsubscribed_at: null,
          created_at: '2026-11-01T09:00:00.000Z',
          updated_at: '2026-11-01T09:05:00.000Z',
          confirmation_sent_at: null,
          mailup_recipient_id: null,
        })
        .execute();
    }
    const confirmed = await ok<AdminPage<AdminNewsletterSubscriber>>(
      call('GET', '/NewsletterSubscribers?status=confirmed&perPage=200'),
    );
    expect(confirmed.total).toBeGreaterThan(1);
    expect(confirmed.items.every((item) => item.status === 'confirmed')).toBe(true);
    const target = confirmed.items[0] as AdminNewsletterSubscriber;

    await ok(call('DELETE', `/NewsletterSubscribers/${target.id}`));
    const again = await call('DELETE', `/NewsletterSubscribers/${target.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { issues: [{ message: 'L’iscrizione non esiste o è già annullata.' }] },
    });
    const withdrawn = await ok<AdminPage<AdminNewsletterSubscriber>>(
      call('GET', `/NewsletterSubscribers?q=${encodeURIComponent(target.email)}`),
    );
    expect(withdrawn.items[0]?.status).toBe('unsubscribed');
    expect(await lastAudit('newsletter')).toMatchObject({ action: 'annulla iscrizione' });

    const exported = await call('GET', '/NewsletterSubscribers/Export?status=confirmed');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email;stato;consenso;conferma;annullamento');
    expect(lines).toHaveLength(confirmed.total); // one less confirmed, plus the header
    expect(lines.slice(1).every((line) => line.split(';')[1] === 'confermata')).toBe(true);
    expect(exported.body).not.toContain(target.email);
    expect(await lastAudit('newsletter')).toMatchObject({
      action: 'esporta',
      summary: `Esportati ${confirmed.total - 1} iscritti alla newsletter (confermata)`,
    });
  });

  it('shows dead outbox messages without their text, retries one and discards another', async () => {
    const { db } = testApp.app.services;
    const now = new Date('2026-11-20T10:00:00Z');
    const ids: number[] = [];
    for (const to of ['uno@example.org', 'due@example.org']) {
      const id = await enqueue(
        db,
        'mail',
        {
          to: [to],
          subject: 'Reimposta la password',
          text: 'https://x/area-riservata-resetpwd?token=SEGRETO',
        },
        now,
      );
      await db
        .updateTable('outbox')
        .set({ status: 'dead', attempts: 20, last_error: 'connessione rifiutata' })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const dead = await call('GET', '/OutboxMessages');
    expect(dead.statusCode).toBe(200);
    expect(dead.body).not.toContain('SEGRETO');
    const items = (dead.json() as { data: AdminPage<AdminOutboxMessage> }).data.items;
    expect(items.find((item) => item.id === ids[0])).toMatchObject({
      kind: 'mail',
      recipients: 'uno@example.org',
      subject: 'Reimposta la password',
      attempts: 20,
      lastError: 'connessione rifiutata',
    });

    await ok(call('POST', `/OutboxMessages/${ids[0]}/Retry`));
    const retried = await db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', ids[0] as number)
      .executeTakeFirstOrThrow();
    expect(retried).toMatchObject({ attempts: 0, last_error: null });
    expect(['pending', 'sent']).toContain(retried.status);
    expect((await call('POST', `/OutboxMessages/${ids[0]}/Retry`)).statusCode).toBe(400);

    await ok(call('DELETE', `/OutboxMessages/${ids[1]}`));
    expect(
      await db
        .selectFrom('outbox')
        .select('id')
        .where('id', '=', ids[1] as number)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await lastAudit('outbox')).toMatchObject({ action: 'scarta', entityId: String(ids[1]) });
    expect((await call('DELETE', '/OutboxMessages/999999')).statusCode).toBe(404);
  });
});
