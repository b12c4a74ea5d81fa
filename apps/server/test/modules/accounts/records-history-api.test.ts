import type {
  AdminAuditEntry,
  AdminMember,
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
} from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_ROLLBACK_REFUSED } from '../../../src/modules/accounts/members-admin-service.js';
import { SmtpSink } from '../../helpers/smtp-sink.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const NO_EARLIER_VERSION = 'Questa voce del registro non ha una versione precedente.';

/**
 * "Annulla questa modifica" for the records staff edit without publishing them (ADR 031):
 * sponsorship requests (status and note, never the outcome e-mail again) and accounts (only
 * the names; role, state and sign-in stay deliberate acts).
 */
describe.each(testEngines())(
  'back office: history of sponsorships and accounts on %s',
  (engine) => {
    const sink = new SmtpSink();
    beforeAll(() => sink.start());
    afterAll(() => sink.stop());
    // Read when the app is built, after the sink has its port.
    const site = staffSite(engine, {
      roles: ['tesoreria'],
      clock: fixedClock('2026-11-24'),
      env: {
        get SMTP_URL() {
          return sink.url;
        },
      },
    });
    const { call, ok } = site;
    const history = (path: string, role: 'segreteria' | 'tesoreria' = 'segreteria') =>
      ok<AdminAuditEntry[]>(call('GET', `${path}/History`, undefined, role));
    const rollback = (
      path: string,
      auditId: number | undefined,
      role: 'segreteria' | 'tesoreria' = 'segreteria',
    ) => call('POST', `${path}/Rollback`, { auditId }, role);

    it('rolls a sponsorship request back to an earlier status and note without e-mailing the requester', async () => {
      const page = await ok<AdminPage<AdminSponsorshipSummary>>(
        call('GET', '/SponsorshipRequests?status=received'),
      );
      const summary = page.items.find((item) => item.email !== null);
      if (summary === undefined) throw new Error('nessuna richiesta con e-mail nei dati di prova');
      const path = `/SponsorshipRequests/${summary.id}`;
      await ok(call('PUT', path, { status: 'received', internalNote: 'In attesa del programma.' }));
      await ok(
        call('PUT', path, {
          status: 'approved',
          internalNote: 'Approvata dal Consiglio.',
          notifyRequester: true,
          outcomeMessage: 'Potete usare il logo.',
        }),
      );
      await site.app.services.outbox.runOnce();
      const mailsTo = () =>
        sink.messages.filter((message) => message.to.includes(summary.email ?? ''));
      expect(mailsTo()).toHaveLength(1);

      const entries = await history(path);
      expect(entries.map((entry) => entry.action)).toEqual(['gestisce', 'riapre']);
      const back = await ok<AdminSponsorshipRequest>(rollback(path, entries[0]?.id));
      expect(back).toMatchObject({
        status: 'received',
        internalNote: 'In attesa del programma.',
        handledBy: null,
      });
      const undone = (await history(path))[0];
      expect(undone?.summary).toContain('versione precedente ripristinata, nessuna e-mail');

      // Undoing the rollback puts the outcome back, and still sends nothing.
      const again = await ok<AdminSponsorshipRequest>(rollback(path, undone?.id));
      expect(again).toMatchObject({ status: 'approved', internalNote: 'Approvata dal Consiglio.' });
      await site.app.services.outbox.runOnce();
      expect(mailsTo()).toHaveLength(1);

      // An entry that is not in this request's history.
      const foreign = await rollback(path, 999999);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.body).toContain(NO_EARLIER_VERSION);
      expect((await call('GET', '/SponsorshipRequests/999999/History')).statusCode).toBe(404);
      expect((await rollback('/SponsorshipRequests/999999', entries[0]?.id)).statusCode).toBe(404);
      // The requests are the secretariat's area, their history too.
      expect((await call('GET', `${path}/History`, undefined, 'tesoreria')).statusCode).toBe(403);
    });

    it('rolls an account’s names back, and refuses a rollback of its role or state in Italian', async () => {
      const member = await ok<AdminMember>(
        call('POST', '/Members', {
          email: 'storia.account@example.org',
          firstName: 'Giulia',
          lastName: 'Bianchi',
          role: 'socio',
        }),
      );
      const path = `/Members/${member.id}`;
      const form = { firstName: 'Giulia', lastName: 'Bianchi', role: 'socio', status: 'active' };
      await ok(call('PUT', path, { ...form, lastName: 'Bianchi Neri' }, 'tesoreria'));
      const renamed = (await history(path, 'tesoreria'))[0];
      expect(renamed).toMatchObject({ action: 'modifica', before: { cognome: 'Bianchi' } });
      // No secret in the account's entries.
      expect(JSON.stringify(await history(path))).not.toMatch(/password|hash|token/i);

      const back = await ok<AdminMember>(rollback(path, renamed?.id, 'tesoreria'));
      expect(back).toMatchObject({ firstName: 'Giulia', lastName: 'Bianchi', status: 'active' });

      await ok(call('PUT', path, { ...form, status: 'disabled' }));
      const disabled = (await history(path))[0];
      expect(disabled).toMatchObject({ action: 'disattiva', before: { stato: 'active' } });
      const refused = await rollback(path, disabled?.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(MEMBER_ROLLBACK_REFUSED);
      expect((await ok<AdminMember>(call('GET', path))).status).toBe('disabled');

      // The creation has no earlier version; an unknown account is 404.
      const created = (await history(path)).find((entry) => entry.action === 'crea');
      expect((await rollback(path, created?.id)).body).toContain(NO_EARLIER_VERSION);
      expect((await call('GET', '/Members/999999/History')).statusCode).toBe(404);
      expect((await rollback('/Members/999999', created?.id)).statusCode).toBe(404);
    });

    it('lets only the secretariat roll back a staff account, as its form', async () => {
      const staffMember = await ok<AdminMember>(
        call('POST', '/Members', {
          email: 'storia.staff@example.org',
          firstName: 'Marco',
          lastName: 'Verdi',
          role: 'redazione',
        }),
      );
      const path = `/Members/${staffMember.id}`;
      await ok(
        call('PUT', path, {
          firstName: 'Marco',
          lastName: 'Verdini',
          role: 'redazione',
          status: 'active',
        }),
      );
      const renamed = (await history(path, 'tesoreria'))[0];
      expect((await rollback(path, renamed?.id, 'tesoreria')).statusCode).toBe(403);
      expect((await ok<AdminMember>(rollback(path, renamed?.id))).lastName).toBe('Verdi');
    });
  },
);
