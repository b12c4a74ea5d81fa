import {
  DUES_REMINDER_TEXT_DEFAULTS,
  DUES_REMINDER_TEXT_KINDS,
  type AdminDuesReminderText,
  type AdminPage,
  type DuesReminderSendPreview,
  type DuesReminderSendResult,
} from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDuesMail, reminderMail } from '../../../src/modules/membership/reminders.js';
import { addLedgerMember } from '../../helpers/ledger.js';
import { TestClock } from '../../helpers/mail-test-app.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { editConflictOf, refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

const DAY = 24 * 3_600_000;
const ROOT = '/DuesReminderTexts';
const LINK = 'https://www.simti.example/chi-siamo-iscrizione?scheda=pagamento';

/** The text of a delivered message, its line ends made `\n`. */
function textOf(raw: string | undefined): string {
  return parseMail(raw ?? '')
    .text.replace(/\r\n/g, '\n')
    .trimEnd();
}

describe.each(testEngines())('the texts of the dues reminders (%s)', (engine) => {
  const sink = new SmtpSink();
  beforeAll(() => sink.start());
  afterAll(() => sink.stop());
  // 15 January 2027: the day of the monthly arrears reminder, and 2027's first step is due.
  const time = new TestClock('2027-01-15T09:00:00.000Z');
  const site = staffSite(engine, {
    roles: ['socio', 'tesoreria', 'redazione'],
    clock: time.clock,
    outbox: 'manual',
    env: {
      SOCIETY_ACRONYM: 'SIMTI',
      PUBLIC_BASE_URL: 'https://www.simti.example',
      // Read when the app is built, after the sink has its port.
      get SMTP_URL() {
        return sink.url;
      },
    },
  });

  const text = (kind: string) =>
    site.ok<AdminDuesReminderText>(site.call('GET', `${ROOT}/${kind}`, undefined, 'tesoreria'));
  const save = (
    kind: string,
    body: object,
    version?: number | string,
    role: 'tesoreria' | 'segreteria' | 'redazione' | 'socio' = 'tesoreria',
  ) =>
    site.call(
      'PUT',
      `${ROOT}/${kind}`,
      body,
      role,
      version === undefined ? {} : { 'if-match': `"${version}"` },
    );

  /** Delivers what the outbox holds; answers the messages delivered. */
  async function deliver() {
    const before = sink.messages.length;
    await site.app.services.outbox.runOnce();
    return sink.messages.slice(before);
  }

  it('sends the edited text over SMTP, shows it in the preview of "Invia ora", and the default once restored', async () => {
    const { app } = site;
    const { db } = app.services;
    await db.deleteFrom('memberships').execute();
    await db.deleteFrom('outbox').execute();
    for (const [year, amount_cents] of [
      [2025, 8_000],
      [2026, 9_000],
      [2027, 9_500],
    ] as const) {
      await db
        .insertInto('fee_years')
        .values({ year, access: 'Socio', amount_cents, updated_at: '2027-01-01T00:00:00.000Z' })
        .onConflict((conflict) =>
          conflict.columns(['year', 'access']).doUpdateSet({ amount_cents }),
        )
        .execute();
    }
    // Ada owes 2025 (arrears) and 2027; Bea owes only 2027, whose first step is due.
    const ada = await addLedgerMember(
      app,
      'Ada',
      2025,
      { 2026: 'paid' },
      { memberNumber: '00077' },
    );
    await addLedgerMember(app, 'Bea', 2026, { 2026: 'paid' });

    // Never edited: every kind at its default, version 1.
    const list = await site.ok<AdminPage<AdminDuesReminderText>>(
      site.call('GET', ROOT, undefined, 'tesoreria'),
    );
    expect(list.items.map((item) => item.id)).toEqual([...DUES_REMINDER_TEXT_KINDS]);
    for (const item of list.items) {
      expect(item).toMatchObject({
        edited: false,
        version: 1,
        updatedAt: null,
        subject: DUES_REMINDER_TEXT_DEFAULTS[item.id].subject,
        body: DUES_REMINDER_TEXT_DEFAULTS[item.id].body,
      });
    }

    const arrearsText = {
      subject: '{acronimo} – Socio n. {numero}: quote da pagare',
      body: [
        'Cara {nome} {cognome},',
        '{quote}',
        'Totale: {importo}.',
        '{avviso-decadenza}',
        'Paga qui: {link}',
        '',
        'La segreteria {acronimo}',
      ].join('\r\n'),
    };
    const edited = await site.ok<AdminDuesReminderText>(save('arretrati', arrearsText, 1));
    expect(edited).toMatchObject({
      edited: true,
      version: 2,
      subject: arrearsText.subject,
      body: arrearsText.body.replace(/\r\n/g, '\n'),
      defaultSubject: DUES_REMINDER_TEXT_DEFAULTS.arretrati.subject,
    });
    const audit = await site.lastAudit('dues_reminder_text');
    expect(audit).toMatchObject({
      action: 'modifica',
      entityId: 'arretrati',
      actorEmail: 'tesoreria.demo@example.org',
      summary: 'Testo del promemoria «Quote arretrate» modificato',
      after: { oggetto: arrearsText.subject },
      before: { oggetto: DUES_REMINDER_TEXT_DEFAULTS.arretrati.subject },
    });
    const yearly = await text('quota-dell-anno');
    await site.ok(
      save(
        'quota-dell-anno',
        { subject: 'Quota {anno}', body: 'Gentile {nome},\nla quota {anno} aspetta: {link}' },
        yearly.version,
        'segreteria',
      ),
    );

    // "Invia ora" to Ada: the preview is the edited text, and so is what she receives.
    const preview = await site.ok<DuesReminderSendPreview>(
      site.call('POST', '/DuesReminders/Send/Preview', { memberId: ada }, 'tesoreria'),
    );
    const arrearsMail = [
      'Cara Ada Rossi,',
      'risultano ancora da pagare le quote associative degli anni 2025 (80,00 €) e 2027 (95,00 €), in tutto 175,00 €.',
      'Totale: 175,00 €.',
      `Paga qui: ${LINK}`,
      '',
      'La segreteria SIMTI',
    ].join('\n');
    expect(preview.sample).toEqual({
      to: 'ada@example.org',
      subject: 'SIMTI – Socio n. 00077: quote da pagare',
      text: arrearsMail,
    });
    expect(
      await site.ok<DuesReminderSendResult>(
        site.call('POST', '/DuesReminders/Send', { memberId: ada }, 'tesoreria'),
      ),
    ).toEqual({ sent: 1, skipped: 0 });
    const [manual, ...none] = await deliver();
    expect(none).toEqual([]);
    expect(manual?.to).toEqual(['ada@example.org']);
    expect(parseMail(manual?.raw ?? '').subject).toBe('SIMTI – Socio n. 00077: quote da pagare');
    expect(textOf(manual?.raw)).toBe(arrearsMail);

    // The scheduled check: Bea's step of 1 January with the edited yearly text (Ada was sent
    // "Invia ora" today, her monthly reminder waits).
    expect(await app.services.duesReminders.runOnce()).toBe(1);
    const [scheduled] = await deliver();
    expect(scheduled?.to).toEqual(['bea@example.org']);
    expect(parseMail(scheduled?.raw ?? '').subject).toBe('Quota 2027');
    expect(textOf(scheduled?.raw)).toBe(`Gentile Bea,\nla quota 2027 aspetta: ${LINK}`);

    // "Ripristina il testo predefinito": the default saved back is the default again (null).
    const restored = await site.ok<AdminDuesReminderText>(
      save(
        'arretrati',
        { ...edited, subject: edited.defaultSubject, body: edited.defaultBody },
        edited.version,
      ),
    );
    expect(restored).toMatchObject({
      edited: false,
      version: 3,
      subject: DUES_REMINDER_TEXT_DEFAULTS.arretrati.subject,
    });
    expect(
      await db
        .selectFrom('dues_reminder_texts')
        .select(['subject', 'body'])
        .where('kind', '=', 'arretrati')
        .executeTakeFirstOrThrow(),
    ).toEqual({ subject: null, body: null });
    expect((await site.lastAudit('dues_reminder_text'))?.summary).toBe(
      'Testo del promemoria «Quote arretrate» uguale al testo predefinito',
    );

    // 15 February: Ada's monthly reminder goes with the default text, word for word as before.
    time.advance(31 * DAY);
    expect(await app.services.duesReminders.runOnce()).toBe(2);
    const february = await deliver();
    const toAda = february.find((message) => message.to.includes('ada@example.org'));
    expect(parseMail(toAda?.raw ?? '').subject).toBe(
      'SIMTI – Quote associative arretrate da pagare',
    );
    expect(textOf(toAda?.raw)).toBe(
      [
        'Gentile Ada Rossi,',
        'risultano ancora da pagare le quote associative degli anni 2025 (80,00 €) e 2027 (95,00 €), in tutto 175,00 €.',
        '',
        `Puoi pagare online con PayPal o con bonifico bancario dalla pagina: ${LINK}`,
        'Accedi con l’indirizzo e-mail e la password dell’area riservata: la pagina mostrerà le tue quote da pagare e potrai pagarle tutte insieme.',
        '',
        'Se hai già pagato, non tenere conto di questo messaggio: la registrazione del pagamento può richiedere qualche giorno.',
        '',
        'La segreteria SIMTI',
      ].join('\n'),
    );
    // Bea's yearly text is still the secretariat's.
    const toBea = february.find((message) => message.to.includes('bea@example.org'));
    expect(parseMail(toBea?.raw ?? '').subject).toBe('Quota 2027');
    time.advance(-31 * DAY);
  });

  it('refuses unknown placeholders, empty or two-line subjects and empty bodies in Italian, and changes nothing', async () => {
    const before = await text('decaduto');
    const audits = (await site.auditOf('dues_reminder_text')).length;

    await refused(
      save('arretrati', { subject: 'Quota {anno}', body: 'Ciao {nome} {saluto} {data}' }),
      'subject',
      'Il segnaposto {anno} non esiste in questo testo: puoi usare {nome}, {cognome}, {numero}, {acronimo}, {link}, {anni}, {quote}, {importo} e {avviso-decadenza}.',
    );
    await refused(
      save('arretrati', { subject: 'Quota {anno}', body: 'Ciao {nome} {saluto} {data}' }),
      'body',
      'I segnaposto {saluto} e {data} non esistono in questo testo: puoi usare {nome}, {cognome}, {numero}, {acronimo}, {link}, {anni}, {quote}, {importo} e {avviso-decadenza}.',
    );
    // The notice of lapse has no payment link.
    await refused(
      save('decaduto', { subject: 'Decadenza', body: 'Paga qui: {link}' }, before.version),
      'body',
      'Il segnaposto {link} non esiste in questo testo: puoi usare {nome}, {cognome}, {numero}, {acronimo} e {anni}.',
    );
    await refused(
      save('decaduto', { subject: '   ', body: 'Testo' }),
      'subject',
      'Campo obbligatorio.',
    );
    await refused(save('decaduto', { subject: 'Oggetto' }), 'body', 'Campo obbligatorio.');
    await refused(
      save('decaduto', { subject: 'Oggetto', body: ' \n ' }),
      'body',
      'Campo obbligatorio.',
    );
    await refused(
      save('decaduto', { subject: 'Due\nrighe', body: 'Testo' }),
      'subject',
      'L’oggetto deve stare su una riga.',
    );
    await refused(
      save('decaduto', { subject: 'Oggetto', body: 'x'.repeat(10_001) }),
      'body',
      'Testo troppo lungo.',
    );
    await refused(save('decaduto', { subject: 5, body: ['a'] }), 'subject', 'Campo obbligatorio.');
    await refused(
      save('sconosciuto', { subject: 'Oggetto', body: 'Testo' }),
      'id',
      'Testo sconosciuto: usa prima-dell-anno, quota-dell-anno, arretrati, invia-ora, decadenza, decaduto.',
    );
    await refused(
      save('decaduto', { subject: 'Oggetto', body: 'Testo' }, 'ieri'),
      'If-Match',
      'La versione indicata per il salvataggio non è valida.',
    );
    const unknownKind = await site.call('GET', `${ROOT}/sconosciuto`, undefined, 'tesoreria');
    expect(unknownKind.statusCode).toBe(400);

    // Who manages the reminders writes their texts: treasury and secretariat, no one else.
    for (const role of ['redazione', 'socio'] as const) {
      const answer = await save('decaduto', { subject: 'Oggetto', body: 'Testo' }, undefined, role);
      expect(answer.statusCode).toBe(403);
      expect((await site.call('GET', ROOT, undefined, role)).statusCode).toBe(403);
    }
    expect((await site.call('GET', ROOT, undefined, null)).statusCode).toBe(401);

    expect(await text('decaduto')).toEqual(before);
    expect(await site.auditOf('dues_reminder_text')).toHaveLength(audits);
  });

  it('refuses a save over a newer version with 409 and the change made since; of two at once one goes through', async () => {
    const read = await text('prima-dell-anno');
    const tabA = await site.ok<AdminDuesReminderText>(
      save(
        'prima-dell-anno',
        { subject: read.subject, body: `${read.body}\nA presto!` },
        read.version,
        'segreteria',
      ),
    );
    expect(tabA.version).toBe(read.version + 1);

    // Tab B, opened before A saved: refused, with A's text and who changed what.
    const stale = await save(
      'prima-dell-anno',
      { subject: 'Quota {anno}: è ora', body: read.body },
      read.version,
    );
    const conflict = editConflictOf(stale);
    expect(conflict.current).toMatchObject({
      id: 'prima-dell-anno',
      version: tabA.version,
      body: tabA.body,
    });
    expect(conflict.changes).toEqual([
      { at: expect.any(String), actorEmail: 'segreteria.demo@example.org', fields: ['testo'] },
    ]);
    expect(await text('prima-dell-anno')).toEqual(tabA);

    // "Sovrascrivi": the same save at the version the refusal showed.
    const overwritten = await site.ok<AdminDuesReminderText>(
      save(
        'prima-dell-anno',
        { subject: 'Quota {anno}: è ora', body: read.body },
        conflict.current.version as number,
      ),
    );
    expect(overwritten).toMatchObject({
      version: tabA.version + 1,
      subject: 'Quota {anno}: è ora',
    });

    // A kind never saved (no row yet), two first saves at once: exactly one goes through.
    const fresh = await text('decadenza');
    expect(fresh.version).toBe(1);
    const answers = await Promise.all(
      ['Primo', 'Secondo'].map((subject) =>
        save('decadenza', { subject, body: fresh.body }, fresh.version),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const after = await text('decadenza');
    expect(after.version).toBe(2);
    expect((await site.auditOf('dues_reminder_text', 'decadenza')).length).toBe(1);

    // A save without If-Match (scripts) saves as before, and raises the version.
    expect(
      await site.ok<AdminDuesReminderText>(
        save('decadenza', { subject: 'Terzo', body: fresh.body }),
      ),
    ).toMatchObject({ version: 3, subject: 'Terzo' });
  });
});

describe('the default texts of the dues reminders', () => {
  const society = { acronym: 'SIMTI', publicBaseUrl: 'https://www.simti.example' };
  const member = {
    first_name: 'Ada',
    last_name: 'Rossi',
    email: 'ada@example.org',
    kind: 'Socio',
  } as const;
  const closing = [
    '',
    `Puoi pagare online con PayPal o con bonifico bancario dalla pagina: ${LINK}`,
    'Accedi con l’indirizzo e-mail e la password dell’area riservata: la pagina mostrerà le tue quote da pagare e potrai pagarle tutte insieme.',
    '',
    'Se hai già pagato, non tenere conto di questo messaggio: la registrazione del pagamento può richiedere qualche giorno.',
    '',
    'La segreteria SIMTI',
  ];
  const mail = (subject: string, lines: string[]) => ({
    to: ['ada@example.org'],
    subject,
    text: lines.join('\n'),
  });

  it('are, word for word, the messages the reminders sent before they were editable', () => {
    const step = (year: number, name: string) => ({ year, step: name, on: `${year}-01-01` });
    expect(reminderMail(step(2027, '-30'), member, [2026], society)).toEqual(
      mail('SIMTI – Quota associativa 2027', [
        'Gentile Ada Rossi,',
        'il 01/01/2027 inizia l’anno associativo 2027: la quota si può già pagare.',
        ...closing,
      ]),
    );
    expect(reminderMail(step(2027, '30'), member, [2027], society)).toEqual(
      mail('SIMTI – Quota associativa 2027 da pagare', [
        'Gentile Ada Rossi,',
        'la quota associativa 2027 risulta ancora da pagare.',
        ...closing,
      ]),
    );
    expect(reminderMail(step(2026, 'decadenza'), member, [2025, 2026], society)).toEqual(
      mail('SIMTI – Avviso di decadenza da socio', [
        'Gentile Ada Rossi,',
        'risultano non pagate le quote associative degli anni 2025, 2026.',
        'Come prevede lo statuto, se non verranno pagate decadrai da socio e perderai l’accesso all’area riservata.',
        ...closing,
      ]),
    );
    expect(reminderMail(step(2025, 'decaduto'), member, [2025, 2026], society)).toEqual(
      mail('SIMTI – Decadenza da socio', [
        'Gentile Ada Rossi,',
        'poiché non risultano pagate le quote associative degli anni 2025 e 2026, come prevede lo statuto la tua iscrizione è decaduta.',
        'Restano disponibili nell’area riservata le ricevute dei pagamenti fatti.',
        'Per tornare socio o per qualsiasi chiarimento scrivi alla segreteria.',
        '',
        'La segreteria SIMTI',
      ]),
    );
    expect(
      openDuesMail(
        member,
        { years: [2026, 2027], amounts: [9_000, 9_500], lapsing: true },
        society,
        2027,
      ),
    ).toEqual(
      mail('SIMTI – Quote associative arretrate da pagare', [
        'Gentile Ada Rossi,',
        'risultano ancora da pagare le quote associative degli anni 2026 (90,00 €) e 2027 (95,00 €), in tutto 185,00 €.',
        'Come prevede lo statuto, se non verranno pagate entro la fine dell’anno decadrai da socio e perderai l’accesso all’area riservata.',
        ...closing,
      ]),
    );
    expect(
      openDuesMail(member, { years: [2027], amounts: [null], lapsing: false }, society, 2027),
    ).toEqual(
      mail('SIMTI – Quota associativa 2027 da pagare', [
        'Gentile Ada Rossi,',
        'risulta ancora da pagare la quota associativa 2027.',
        ...closing,
      ]),
    );
  });
});
