import type { AdminNewsletterSubscriber, AdminPage } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: newsletter subscribers on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock('2026-11-22') });

  it('lists subscribers by status, withdraws one on request and exports them', async () => {
    for (const [email, status] of [
      ['lettrice@example.org', 'confirmed'],
      ['lettore@example.org', 'confirmed'],
      ['attesa@example.org', 'pending'],
    ] as const) {
      await staff.app.services.db
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
    const confirmed = await staff.ok<AdminPage<AdminNewsletterSubscriber>>(
      staff.call('GET', '/NewsletterSubscribers?status=confirmed&perPage=200'),
    );
    expect(confirmed.total).toBeGreaterThan(1);
    expect(confirmed.items.every((item) => item.status === 'confirmed')).toBe(true);
    const target = confirmed.items[0] as AdminNewsletterSubscriber;

    await staff.ok(staff.call('DELETE', `/NewsletterSubscribers/${target.id}`));
    const again = await staff.call('DELETE', `/NewsletterSubscribers/${target.id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      error: { issues: [{ message: 'L’iscrizione non esiste o è già annullata.' }] },
    });
    const withdrawn = await staff.ok<AdminPage<AdminNewsletterSubscriber>>(
      staff.call('GET', `/NewsletterSubscribers?q=${encodeURIComponent(target.email)}`),
    );
    expect(withdrawn.items[0]?.status).toBe('unsubscribed');
    expect(await staff.lastAudit('newsletter')).toMatchObject({ action: 'annulla iscrizione' });

    const exported = await staff.call('GET', '/NewsletterSubscribers/Export?status=confirmed');
    expect(exported.statusCode).toBe(200);
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email;stato;consenso;conferma;annullamento');
    expect(lines).toHaveLength(confirmed.total); // one less confirmed, plus the header
    expect(lines.slice(1).every((line) => line.split(';')[1] === 'confermata')).toBe(true);
    expect(exported.body).not.toContain(target.email);
    expect(await staff.lastAudit('newsletter')).toMatchObject({
      action: 'esporta',
      summary: `Esportati ${confirmed.total - 1} iscritti alla newsletter (confermata)`,
    });
  });
});
