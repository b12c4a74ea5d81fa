import {
  MAILING_STATES,
  type AdminPage,
  type AdminRegistration,
  type AdminRegistrationMailing,
  type AdminRegistrationSummary,
  type RegistrationMailingSent,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { queuedMails } from '../../helpers/queued-mails.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const key = () => randomUUID().replaceAll('-', '');

/**
 * Writing to an event's registrants (ADR 049, amendment "writing to the registrants"), on the
 * demo congress and its registrations in each state: how many a message reaches, the message
 * to each through the outbox with their name, the history and the audit, a form sent twice
 * sending once, Italian refusals naming the field, and who may do it.
 */
describe.each(testEngines())('writing to an event’s registrants (%s)', (engine) => {
  const staff = staffSite(engine, { roles: ['eventi', 'redazione'] });

  async function congress(): Promise<number> {
    const events = await staff.ok<{ id: number; title: string }[]>(
      staff.call('GET', '/EventRegistrations/Events'),
    );
    const found = events.find((event) => event.title.startsWith('Congresso nazionale'));
    if (found === undefined) throw new Error('nessun congresso dimostrativo');
    return found.id;
  }

  async function emailsIn(eventId: number, state: string): Promise<string[]> {
    const page = await staff.ok<AdminPage<AdminRegistration>>(
      staff.call('GET', `/EventRegistrations?eventId=${eventId}&state=${state}&perPage=100`),
    );
    return page.items.map((registration) => registration.email);
  }

  async function mailsWith(subject: string) {
    return (await queuedMails(staff.app)).filter((mail) => mail.subject === subject);
  }

  it('says how many it reaches, sends each registrant the message with their name, once', async () => {
    const eventId = await congress();
    const confirmed = await emailsIn(eventId, 'confirmed');
    const awaiting = await emailsIn(eventId, 'awaiting_payment');
    expect(confirmed.length).toBeGreaterThan(0);
    expect(awaiting.length).toBeGreaterThan(0);
    const recipients = await staff.ok<{ count: number }>(
      staff.call(
        'GET',
        `/EventRegistrations/Recipients?eventId=${eventId}&states=confirmed,awaiting_payment`,
      ),
    );
    expect(recipients.count).toBe(new Set([...confirmed, ...awaiting]).size);

    const subject = `Programma aggiornato ${engine}`;
    const body = {
      eventId,
      states: ['awaiting_payment', 'confirmed'],
      subject,
      text: 'Il programma definitivo è online.\nA presto!',
      requestKey: key(),
    };
    const answer = await staff.call('POST', '/EventRegistrations/Mailings', body, 'eventi');
    expect(answer.statusCode, answer.body).toBe(201);
    const sent = (answer.json() as { data: RegistrationMailingSent }).data;
    expect(sent).toMatchObject({ recipients: recipients.count, repeated: false });

    const mails = await mailsWith(subject);
    expect(mails.map((mail) => mail.to[0]).sort()).toEqual(
      [...new Set([...confirmed, ...awaiting])].sort(),
    );
    const [first] = mails;
    expect(first?.text).toMatch(
      /^Gentile \S+ \S+,\n\nIl programma definitivo è online\.\nA presto!/,
    );
    expect(first?.text).toContain('Ricevi questo messaggio perché ti sei iscritto a «Congresso');
    expect(first?.text).toContain('/area-riservata-iscrizioni');

    // The same form again (a double click, a reload): the same message, nothing sent again.
    const again = await staff.call('POST', '/EventRegistrations/Mailings', body, 'eventi');
    expect(again.statusCode).toBe(200);
    expect((again.json() as { data: RegistrationMailingSent }).data).toEqual({
      ...sent,
      repeated: true,
    });
    expect(await mailsWith(subject)).toHaveLength(mails.length);

    // The event's history and the audit say what went to whom, and who sent it.
    const history = await staff.ok<AdminRegistrationMailing[]>(
      staff.call('GET', `/EventRegistrations/Mailings?eventId=${eventId}`),
    );
    expect(history[0]).toMatchObject({
      id: sent.id,
      subject,
      states: ['confirmed', 'awaiting_payment'],
      recipients: recipients.count,
      sentBy: 'eventi.demo@example.org',
    });
    expect((await staff.auditOf('event', eventId))[0]).toMatchObject({
      action: 'scrive agli iscritti',
      actorEmail: 'eventi.demo@example.org',
      summary: expect.stringContaining(`E-mail «${subject}» a ${recipients.count} iscritti`),
    });
  });

  it('sends a message once when the same form arrives twice at the same moment', async () => {
    const eventId = await congress();
    const subject = `Due clic ${engine}`;
    const body = {
      eventId,
      states: ['confirmed'],
      subject,
      text: 'Promemoria.',
      requestKey: key(),
    };
    const answers = await Promise.all([
      staff.call('POST', '/EventRegistrations/Mailings', body),
      staff.call('POST', '/EventRegistrations/Mailings', body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    const confirmed = new Set(await emailsIn(eventId, 'confirmed'));
    expect(await mailsWith(subject)).toHaveLength(confirmed.size);
  });

  it('refuses in Italian, naming the field, and sends nothing', async () => {
    const eventId = await congress();
    const refusal = async (body: object) => {
      const answer = await staff.call('POST', '/EventRegistrations/Mailings', body);
      expect(answer.statusCode, answer.body).toBe(400);
      return (answer.json() as { error: { issues: { path: string; message: string }[] } }).error
        .issues;
    };
    const valid = {
      eventId,
      states: ['confirmed'],
      subject: 'Oggetto',
      text: 'Testo',
      requestKey: key(),
    };
    expect(await refusal({ ...valid, states: [] })).toContainEqual({
      path: 'states',
      message: 'Destinatari: scegli almeno uno stato delle iscrizioni.',
    });
    expect(await refusal({ ...valid, states: ['refused'] })).toContainEqual(
      expect.objectContaining({ message: 'Destinatari: stato dell’iscrizione non valido.' }),
    );
    expect(await refusal({ ...valid, subject: '  ' })).toContainEqual({
      path: 'subject',
      message: 'Oggetto: scrivi l’oggetto del messaggio.',
    });
    expect(await refusal({ ...valid, subject: 'Riga\nBcc: altri@example.org' })).toContainEqual({
      path: 'subject',
      message: 'Oggetto: una riga sola.',
    });
    expect(await refusal({ ...valid, text: '' })).toContainEqual({
      path: 'text',
      message: 'Testo: scrivi il messaggio.',
    });
    expect(await refusal({ ...valid, eventId: 999_999 })).toContainEqual({
      path: 'eventId',
      message: 'L’evento scelto non esiste.',
    });
    // A state nobody of the congress is in: nobody to write to.
    const summary = await staff.ok<AdminRegistrationSummary>(
      staff.call('GET', `/EventRegistrations/Summary?eventId=${eventId}`),
    );
    const empty = MAILING_STATES.find((state) => summary.byState[state] === 0);
    expect(empty, 'uno stato senza iscritti nel congresso dimostrativo').toBeDefined();
    expect(await refusal({ ...valid, states: [empty] })).toEqual([
      { path: 'states', message: 'Destinatari: nessun iscritto in questi stati.' },
    ]);
    const recipients = await staff.call('GET', `/EventRegistrations/Recipients?eventId=${eventId}`);
    expect(recipients.statusCode).toBe(400);
    expect(recipients.body).toContain('Destinatari: scegli almeno uno stato delle iscrizioni.');
  });

  it('is for the events’ staff, the treasury and the secretariat, not the editors', async () => {
    const eventId = await congress();
    const path = `/EventRegistrations/Recipients?eventId=${eventId}&states=confirmed`;
    expect((await staff.call('GET', path, undefined, 'eventi')).statusCode).toBe(200);
    expect((await staff.call('GET', path, undefined, 'redazione')).statusCode).toBe(403);
    const post = await staff.call(
      'POST',
      '/EventRegistrations/Mailings',
      { eventId, states: ['confirmed'], subject: 'No', text: 'No', requestKey: key() },
      'redazione',
    );
    expect(post.statusCode).toBe(403);
  });
});
