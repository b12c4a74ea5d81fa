import type { AdminDashboard, AdminPage } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: the home’s pending work on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock('2026-11-22') });

  const countOf = (home: AdminDashboard, key: string) =>
    home.pending.find((work) => work.key === key)?.count;

  it('counts each domain’s pending work with the link to its list, and shows the latest activity', async () => {
    const before = await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'));
    expect(before.pending.map((work) => work.key)).toEqual([
      'patrocini-da-gestire',
      'pagamenti-da-controllare',
      'pagamenti-da-rimborsare',
      'email-non-consegnate',
      'notizie-programmate',
      'domande-iscrizione-in-attesa',
      'bonifici-da-controllare',
      'iscrizioni-da-approvare',
      'iscrizioni-posti-offerti',
      'iscrizioni-da-pagare',
      'iscrizioni-fatture-da-emettere',
      // The demo's ECM course of last week, its report not yet sent (ADR 060).
      'ecm-rapporti-da-inviare',
      // No demo publication of 2025's contributions and final accounts: late in November 2026.
      'contributi-2025',
      'bilancio-consuntivo-2025',
      // Every demo PDF has text (ADR 025).
      'documenti-non-ricercabili',
    ]);
    expect(countOf(before, 'documenti-non-ricercabili')).toBe(0);
    expect(before.pending[0]).toMatchObject({
      label: 'Richieste di patrocinio da gestire',
      href: `/amministrazione/patrocini?filter=${encodeURIComponent('{"status":"received"}')}`,
    });
    // Each count is what its list shows under the same filter.
    const received = await staff.ok<AdminPage<unknown>>(
      staff.call('GET', '/SponsorshipRequests?status=received'),
    );
    expect(countOf(before, 'patrocini-da-gestire')).toBe(received.total);
    const flagged = await staff.ok<AdminPage<unknown>>(
      staff.call('GET', '/Payments?status=flagged'),
    );
    expect(countOf(before, 'pagamenti-da-controllare')).toBe(flagged.total);
    const toRefund = await staff.ok<AdminPage<unknown>>(
      staff.call('GET', '/Payments?status=to_refund'),
    );
    expect(countOf(before, 'pagamenti-da-rimborsare')).toBe(toRefund.total);
    const waiting = await staff.ok<AdminPage<unknown>>(
      staff.call('GET', '/MembershipApplications?status=pending'),
    );
    expect(countOf(before, 'domande-iscrizione-in-attesa')).toBe(waiting.total);
    // The demo's registrations: one awaiting approval, an offered place and places held until
    // paid, for coming events.
    for (const [key, state] of [
      ['iscrizioni-da-approvare', 'pending_approval'],
      ['iscrizioni-posti-offerti', 'offered'],
      ['iscrizioni-da-pagare', 'awaiting_payment'],
    ] as const) {
      const listed = await staff.ok<AdminPage<unknown>>(
        staff.call('GET', `/EventRegistrations?state=${state}`),
      );
      expect(listed.total, state).toBeGreaterThan(0);
      expect(countOf(before, key), key).toBe(listed.total);
    }
    const invoices = await staff.ok<AdminPage<unknown>>(
      staff.call('GET', '/EventRegistrations?invoice=da-emettere'),
    );
    expect(countOf(before, 'iscrizioni-fatture-da-emettere')).toBe(invoices.total);
    expect(before.pending.find((work) => work.key === 'contributi-2025')).toMatchObject({
      count: 1,
      href: '/amministrazione/contributi-pubblici',
    });
    expect(before.pending.find((work) => work.key === 'contributi-2025')?.label).toMatch(/2025/);

    const title = 'Congresso nazionale: programma';
    await staff.ok(
      staff.call('POST', '/News', {
        title,
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: '2026-11-30',
        publishTime: '09:00',
        published: true,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
    const after = await staff.ok<AdminDashboard>(staff.call('GET', '/Dashboard'));
    expect(countOf(after, 'notizie-programmate')).toBe(
      (countOf(before, 'notizie-programmate') ?? 0) + 1,
    );
    expect(after.latest[0]?.summary).toBe(`Notizia creata: ${title}`);
    expect(after.latest.length).toBeLessThanOrEqual(8);
  });
});
