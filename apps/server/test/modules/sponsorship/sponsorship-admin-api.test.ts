import type {
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
} from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: sponsorship requests on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock('2026-11-22') });

  it('reads sponsorship requests, downloads their files and marks them handled with who and when', async () => {
    const page = await staff.ok<AdminPage<AdminSponsorshipSummary>>(
      staff.call('GET', '/SponsorshipRequests?status=received'),
    );
    expect(page.total).toBeGreaterThan(0);
    const summary = page.items.find((item) => item.attachmentCount > 0);
    expect(summary).toBeDefined();
    const request = await staff.ok<AdminSponsorshipRequest>(
      staff.call('GET', `/SponsorshipRequests/${summary?.id}`),
    );
    const file = request.attachments[0];
    const download = await staff.call(
      'GET',
      `/SponsorshipRequests/${request.id}/Files/${file?.id}`,
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A file of another owner, or an unknown one, is not served through this request.
    expect(
      (await staff.call('GET', `/SponsorshipRequests/${request.id + 1000}/Files/${file?.id}`))
        .statusCode,
    ).toBe(404);

    const handled = await staff.ok<AdminSponsorshipRequest>(
      staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'approved' }),
    );
    expect(handled).toMatchObject({
      status: 'approved',
      handledBy: 'segreteria.demo@example.org',
      handledAt: '2026-11-22T12:00:00.000Z',
    });
    expect(await staff.lastAudit('sponsorship')).toMatchObject({
      action: 'gestisce',
      entityId: String(request.id),
      before: { stato: 'ricevuta' },
      after: { stato: 'approvata' },
    });
    const reopened = await staff.ok<AdminSponsorshipRequest>(
      staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'received' }),
    );
    expect(reopened).toMatchObject({ status: 'received', handledBy: null, handledAt: null });
    expect(
      (await staff.call('PUT', `/SponsorshipRequests/${request.id}`, { status: 'boh' })).statusCode,
    ).toBe(400);
  });
});

describe.each(testEngines())(
  'back office: a sponsorship request’s note and outcome on %s',
  (engine) => {
    const sink = new SmtpSink();
    beforeAll(() => sink.start());
    afterAll(() => sink.stop());
    // Read when the app is built, after the sink has its port.
    const staff = staffSite(engine, {
      clock: fixedClock('2026-11-22'),
      env: {
        get SMTP_URL() {
          return sink.url;
        },
      },
    });

    it('keeps an internal note and e-mails the outcome to the requester over real SMTP, audited', async () => {
      const page = await staff.ok<AdminPage<AdminSponsorshipSummary>>(
        staff.call('GET', '/SponsorshipRequests?status=received'),
      );
      const summary = page.items.find((item) => item.email !== null);
      expect(summary).toBeDefined();
      const id = summary?.id ?? 0;

      // A note alone is not sent anywhere.
      const noted = await staff.ok<AdminSponsorshipRequest>(
        staff.call('PUT', `/SponsorshipRequests/${id}`, {
          status: 'received',
          internalNote: 'Manca il programma definitivo: sentito il dott. Rossi.',
        }),
      );
      expect(noted).toMatchObject({
        internalNote: 'Manca il programma definitivo: sentito il dott. Rossi.',
        outcomeSentAt: null,
      });
      // No outcome without a decision.
      const undecided = await staff.call('PUT', `/SponsorshipRequests/${id}`, {
        status: 'received',
        notifyRequester: true,
      });
      expect(undecided.statusCode).toBe(400);
      expect(undecided.body).toContain('Per inviare l’esito scegli prima');

      const decided = await staff.ok<AdminSponsorshipRequest>(
        staff.call('PUT', `/SponsorshipRequests/${id}`, {
          status: 'approved',
          internalNote: 'Approvata dal Consiglio Direttivo del 20/11.',
          notifyRequester: true,
          outcomeMessage: 'Potete usare il logo della società sul materiale dell’evento.',
        }),
      );
      expect(decided).toMatchObject({
        status: 'approved',
        internalNote: 'Approvata dal Consiglio Direttivo del 20/11.',
        outcomeSentAt: '2026-11-22T12:00:00.000Z',
      });
      expect(await staff.lastAudit('sponsorship')).toMatchObject({
        action: 'gestisce',
        before: { nota: 'Manca il programma definitivo: sentito il dott. Rossi.' },
        after: {
          stato: 'approvata',
          nota: 'Approvata dal Consiglio Direttivo del 20/11.',
          esitoInviatoA: summary?.email,
        },
      });

      await staff.app.services.outbox.runOnce();
      const sent = sink.messages.filter((message) => message.to.includes(summary?.email ?? ''));
      expect(sent).toHaveLength(1);
      const mail = parseMail(sent[0]?.raw ?? '');
      expect(mail.subject).toBe(`Richiesta di patrocinio approvata: ${summary?.eventTitle}`);
      expect(mail.text).toContain(
        `La tua richiesta di patrocinio n. ${id} per "${summary?.eventTitle}" è stata approvata.`,
      );
      expect(mail.text).toContain('Potete usare il logo della società sul materiale dell’evento.');
      // The internal note never leaves the back office.
      expect(mail.text).not.toContain('Consiglio Direttivo del 20/11');
    });
  },
);
