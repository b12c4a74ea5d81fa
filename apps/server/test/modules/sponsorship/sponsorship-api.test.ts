import { PDF_REFUSAL_MESSAGES, SPONSORSHIP_REQUIRED_FIELDS } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DUPLICATE_WINDOW_MS } from '../../../src/modules/sponsorship/service.js';
import type { MailJob } from '../../../src/modules/outbox/outbox.js';
import {
  createMailTestSite,
  samplePdf,
  TestClock,
  type MailTestApp,
  type MailTestSite,
} from '../../helpers/mail-test-app.js';
import {
  embeddedFile,
  flateBomb,
  htmlThenPdf,
  javaScriptOpenAction,
  launchAction,
  objectStreamBomb,
  pdfThenHtml,
  pdfThenZip,
  validPdf,
} from '../../helpers/pdf-corpus.js';
import { parseMail, SmtpSink } from '../../helpers/smtp-sink.js';
import { testEngines } from '../../helpers/test-app.js';

const URL_PATH = '/api/v1/SharepointContent/InviaRichiestaPatrocinio';

const PROGRAMMA = samplePdf('programma');
const LOCANDINA = samplePdf('locandina');

function attachment(fileName: string, content: Buffer = PROGRAMMA) {
  return { fileName, content: content.toString('base64') };
}

/** A complete, valid request as the form sends it. */
function validRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    richiedente: 'Mario Rossi',
    email: 'mario.rossi@example.org',
    ente: 'ASL Roma 1',
    telefono: '+39 06 1234567',
    richiesta: 'Patrocinio',
    tipoEvento: 'Nazionale',
    titoloEvento: 'Giornata di studio sul plasma',
    dataInizio: '2026-05-14',
    dataFine: '2026-05-15',
    luogo: 'Roma',
    sede: 'Auditorium del Policlinico',
    organizzatore: 'Servizio trasfusionale',
    sitoWeb: 'https://www.giornata-plasma.example',
    segreteriaScientifica: 'Dott.ssa Anna Bianchi',
    segreteriaOrganizzativa: 'Eventi Srl',
    altriEntiPatrocinanti: 'Regione Lazio',
    contenutiEvento: 'Prima giornata: raccolta.\nSeconda giornata: uso clinico.',
    accettaPrivacy: true,
    attachments: [attachment('programma.pdf'), attachment('locandina.pdf', LOCANDINA)],
    ...overrides,
  };
}

async function counts(app: FastifyInstance) {
  const { db } = app.services;
  const count = async (table: 'sponsorship_requests' | 'attachments' | 'outbox' | 'files') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    requests: await count('sponsorship_requests'),
    attachments: await count('attachments'),
    outbox: await count('outbox'),
    files: await count('files'),
  };
}

const NOTHING = { requests: 0, attachments: 0, outbox: 0, files: 0 };

describe.each(testEngines())('InviaRichiestaPatrocinio on %s', (engine) => {
  let site: MailTestSite;
  let time: TestClock;
  let shared: MailTestApp;

  // One app for the many refusals (each stores nothing, so they do not disturb each other).
  beforeAll(async () => {
    site = await createMailTestSite(engine);
    time = new TestClock();
    shared = await site.build({ clock: time.clock, env: { SPONSORSHIP_MAX_FILE_MB: '1' } });
  });

  afterAll(async () => {
    await site.close();
  });

  function send(app: FastifyInstance, body: unknown, remoteAddress = '203.0.113.9') {
    return app.inject({ method: 'POST', url: URL_PATH, payload: body as object, remoteAddress });
  }

  async function expectRefused(
    body: unknown,
    status: number,
    issue: { path: string; message: string | RegExp },
  ) {
    const response = await send(shared.app, body);
    expect(response.statusCode).toBe(status);
    const answer = response.json() as {
      data: null;
      error: { status: number; issues?: { path: string; message: string }[] };
    };
    expect(answer.data).toBeNull();
    expect(answer.error.status).toBe(status);
    const found = answer.error.issues?.find((candidate) => candidate.path === issue.path);
    expect(found, JSON.stringify(answer.error.issues)).toBeDefined();
    if (typeof issue.message === 'string') expect(found?.message).toBe(issue.message);
    else expect(found?.message).toMatch(issue.message);
    expect(await counts(shared.app)).toEqual(NOTHING);
  }

  describe('refuses, clearly and storing nothing,', () => {
    it.each(SPONSORSHIP_REQUIRED_FIELDS)('a request without %s', async (field) => {
      await expectRefused(validRequest({ [field]: undefined }), 400, {
        path: field,
        message: 'Campo obbligatorio.',
      });
      await expectRefused(validRequest({ [field]: '   ' }), 400, {
        path: field,
        message: 'Campo obbligatorio.',
      });
    });

    it('a request without the privacy consent', async () => {
      for (const value of [false, undefined, null]) {
        await expectRefused(validRequest({ accettaPrivacy: value }), 400, {
          path: 'accettaPrivacy',
          message: 'Devi acconsentire al trattamento dei dati personali.',
        });
      }
    });

    it('a badly formed e-mail', async () => {
      await expectRefused(validRequest({ email: 'mario.rossi@example' }), 400, {
        path: 'email',
        message: 'Il formato email non è corretto',
      });
    });

    it('a web site that is not an address', async () => {
      for (const sitoWeb of ['www.esempio.it', 'javascript:alert(1)', 'ftp://esempio.it']) {
        await expectRefused(validRequest({ sitoWeb }), 400, {
          path: 'sitoWeb',
          message: /indirizzo web completo/,
        });
      }
    });

    it('dates in the wrong order, and dates that do not exist', async () => {
      await expectRefused(validRequest({ dataInizio: '2026-05-15', dataFine: '2026-05-14' }), 400, {
        path: 'dataFine',
        message: 'La data di fine non può precedere la data di inizio.',
      });
      await expectRefused(validRequest({ dataInizio: '2026-02-30' }), 400, {
        path: 'dataInizio',
        message: 'Inserisci una data valida.',
      });
      await expectRefused(validRequest({ dataFine: '15/05/2026' }), 400, {
        path: 'dataFine',
        message: 'Inserisci una data valida.',
      });
    });

    it('values outside the lists of richiesta and tipoEvento', async () => {
      await expectRefused(validRequest({ richiesta: 'Sponsorizzazione' }), 400, {
        path: 'richiesta',
        message: 'Scegli tra Patrocinio e Pubblicazione sul sito.',
      });
      await expectRefused(validRequest({ tipoEvento: 'Internazionale' }), 400, {
        path: 'tipoEvento',
        message: 'Scegli tra Nazionale e Regionale.',
      });
    });

    it('no attachment, and six attachments', async () => {
      await expectRefused(validRequest({ attachments: [] }), 400, {
        path: 'attachments',
        message: 'Allega almeno un file PDF.',
      });
      await expectRefused(validRequest({ attachments: undefined }), 400, {
        path: 'attachments',
        message: 'Allega almeno un file PDF.',
      });
      const six = [1, 2, 3, 4, 5, 6].map((n) => attachment(`f${n}.pdf`, samplePdf(`f${n}`)));
      await expectRefused(validRequest({ attachments: six }), 400, {
        path: 'attachments',
        message: 'Puoi allegare al massimo 5 file PDF.',
      });
    });

    it('a text file renamed .pdf', async () => {
      const text = Buffer.from('Questo non è un PDF, è testo.\n');
      await expectRefused(
        validRequest({ attachments: [attachment('programma.pdf'), attachment('finto.pdf', text)] }),
        400,
        { path: 'attachments.1.content', message: 'Il file non è un PDF.' },
      );
    });

    it('active, embedded, polyglot and bomb PDFs, each with its reason (ADR 027)', async () => {
      const corpus: [string, Buffer, string][] = [
        ['pdf-html.pdf', await pdfThenHtml(), PDF_REFUSAL_MESSAGES.foreignContent],
        ['html-pdf.pdf', await htmlThenPdf(), PDF_REFUSAL_MESSAGES.foreignContent],
        ['pdf-zip.pdf', await pdfThenZip(), PDF_REFUSAL_MESSAGES.foreignContent],
        ['script.pdf', await javaScriptOpenAction(), PDF_REFUSAL_MESSAGES.activeContent],
        ['launch.pdf', await launchAction(), PDF_REFUSAL_MESSAGES.activeContent],
        ['allegato.pdf', await embeddedFile(), PDF_REFUSAL_MESSAGES.activeContent],
        ['bomba.pdf', await flateBomb(), PDF_REFUSAL_MESSAGES.tooExpanded],
        ['bomba-oggetti.pdf', await objectStreamBomb(), PDF_REFUSAL_MESSAGES.tooExpanded],
      ];
      for (const [fileName, content, message] of corpus) {
        await expectRefused(
          validRequest({
            attachments: [attachment('programma.pdf'), attachment(fileName, content)],
          }),
          400,
          { path: 'attachments.1.content', message },
        );
      }
    }, 120_000);

    it('invalid base64, and base64 with its data-URL prefix', async () => {
      for (const content of [
        '%%%non-base64%%%',
        '',
        'JVBERi0',
        `data:application/pdf;base64,${PROGRAMMA.toString('base64')}`,
      ]) {
        await expectRefused(validRequest({ attachments: [{ fileName: 'a.pdf', content }] }), 400, {
          path: 'attachments.0.content',
          message: 'Invalid base64 string',
        });
      }
    });

    it('a file larger than SPONSORSHIP_MAX_FILE_MB with a 413', async () => {
      const big = samplePdf('grande', 1024 * 1024 + 1);
      await expectRefused(
        validRequest({ attachments: [attachment('programma.pdf'), attachment('grande.pdf', big)] }),
        413,
        { path: 'attachments.1.content', message: 'Il file supera la dimensione massima di 1 MB.' },
      );
    });

    it('a body larger than five files of the largest size with a 413', async () => {
      const response = await send(
        shared.app,
        validRequest({ contenutiEvento: 'x'.repeat(8 * 1024 * 1024) }),
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ error: { code: 'richiesta-troppo-grande' } });
      expect(await counts(shared.app)).toEqual(NOTHING);
    });

    it('fields of the wrong type and malformed JSON', async () => {
      await expectRefused(validRequest({ richiedente: 42 }), 400, {
        path: 'richiedente',
        message: 'richiedente deve essere un testo.',
      });
      const response = await shared.app.inject({
        method: 'POST',
        url: URL_PATH,
        headers: { 'content-type': 'application/json' },
        payload: '{"richiedente": ',
        remoteAddress: '203.0.113.9',
      });
      expect(response.statusCode).toBe(400);
      expect(await counts(shared.app)).toEqual(NOTHING);
    });
  });

  describe('a good request', () => {
    let own: MailTestSite;
    let clock: TestClock;

    beforeEach(async () => {
      own = await createMailTestSite(engine);
      clock = new TestClock('2026-03-02T09:30:00.000Z');
    });

    afterEach(async () => {
      await own.close();
    });

    async function mails(app: FastifyInstance): Promise<MailJob[]> {
      const rows = await app.services.db
        .selectFrom('outbox')
        .select('payload_json')
        .orderBy('id')
        .execute();
      return rows.map((row) => JSON.parse(row.payload_json) as MailJob);
    }

    it('accepts PDFs made as the demo content’s are (ADR 027)', async () => {
      const { app } = await own.build({ clock: clock.clock });
      const demo = await validPdf('Programma della giornata');
      const response = await send(
        app,
        validRequest({ attachments: [attachment('programma.pdf', demo)] }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(await counts(app)).toMatchObject({ requests: 1, attachments: 1, files: 1 });
    });

    it('is stored once with its files, and mails the secretariat and the requester', async () => {
      const { app } = await own.build({ clock: clock.clock });
      const response = await send(app, validRequest());
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: null });
      expect(await counts(app)).toEqual({ requests: 1, attachments: 2, outbox: 2, files: 2 });

      const row = await app.services.db
        .selectFrom('sponsorship_requests')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        requester: 'Mario Rossi',
        email: 'mario.rossi@example.org',
        organisation: 'ASL Roma 1',
        phone: '+39 06 1234567',
        request_kind: 'Patrocinio',
        event_kind: 'Nazionale',
        event_title: 'Giornata di studio sul plasma',
        starts_on: '2026-05-14',
        ends_on: '2026-05-15',
        city: 'Roma',
        venue: 'Auditorium del Policlinico',
        website: 'https://www.giornata-plasma.example',
        event_contents: 'Prima giornata: raccolta.\nSeconda giornata: uso clinico.',
        privacy_accepted_at: clock.clock().toISOString(),
        status: 'received',
      });

      const attachments = await app.services.db
        .selectFrom('attachments')
        .selectAll()
        .orderBy('position')
        .execute();
      expect(attachments.map((a) => [a.owner_kind, a.owner_id, a.file_name])).toEqual([
        ['sponsorship_request', row.id, 'programma.pdf'],
        ['sponsorship_request', row.id, 'locandina.pdf'],
      ]);
      expect(attachments[0]?.server_relative_url).toBe(
        `/Documenti/Patrocini/${row.id}/programma.pdf`,
      );
      const bytes = await app.services.files.read(attachments[1]?.file_sha256 ?? '');
      expect(bytes.equals(LOCANDINA)).toBe(true);

      const [toSecretariat, toRequester] = await mails(app);
      expect(toSecretariat).toMatchObject({
        to: ['segreteria@simti.example'],
        replyTo: 'mario.rossi@example.org',
        subject: `Richiesta di patrocinio n. ${row.id}: Giornata di studio sul plasma`,
      });
      expect(toSecretariat?.text).toContain('Data di inizio: 14/05/2026');
      expect(toSecretariat?.text).toContain('Ente: ASL Roma 1');
      expect(toSecretariat?.attachments?.map((a) => a.fileName)).toEqual([
        'programma.pdf',
        'locandina.pdf',
      ]);
      expect(toRequester).toMatchObject({
        to: ['mario.rossi@example.org'],
        subject: 'Abbiamo ricevuto la tua richiesta di patrocinio',
      });
      // A fixed text: nothing the requester typed comes back (ADR 027).
      expect(toRequester?.text).toContain('Richiesta inviata correttamente!');
      for (const typed of ['Mario Rossi', 'Giornata di studio', 'Roma', 'ASL', 'programma.pdf']) {
        expect(toRequester?.text).not.toContain(typed);
      }
      expect(toRequester?.attachments).toBeUndefined();
    });

    it('reaches the secretariat by e-mail over real SMTP, with the PDFs attached', async () => {
      const sink = new SmtpSink();
      await sink.start();
      try {
        const { app } = await own.build({ clock: clock.clock, env: { SMTP_URL: sink.url } });
        expect((await send(app, validRequest())).statusCode).toBe(200);
        expect(await app.services.outbox.runOnce()).toEqual({ sent: 2, retried: 0, dead: 0 });
        const bySecretariat = sink.messages.find((m) => m.to.includes('segreteria@simti.example'));
        const mail = parseMail(bySecretariat?.raw ?? '');
        expect(mail.subject).toMatch(
          /^Richiesta di patrocinio n\. \d+: Giornata di studio sul plasma$/,
        );
        expect(mail.headers.get('reply-to')).toBe('mario.rossi@example.org');
        expect(mail.text).toContain('Contenuti dell’evento:\n  Prima giornata: raccolta.');
        expect(mail.attachments).toEqual([
          { fileName: 'programma.pdf', content: PROGRAMMA },
          { fileName: 'locandina.pdf', content: LOCANDINA },
        ]);
        const byRequester = sink.messages.find((m) => m.to.includes('mario.rossi@example.org'));
        expect(parseMail(byRequester?.raw ?? '').subject).toBe(
          'Abbiamo ricevuto la tua richiesta di patrocinio',
        );
      } finally {
        await sink.stop();
      }
    });

    it('acknowledges with a fixed text over real SMTP: the sender’s words never reach the address typed (ADR 027)', async () => {
      const sink = new SmtpSink();
      await sink.start();
      try {
        const { app } = await own.build({ clock: clock.clock, env: { SMTP_URL: sink.url } });
        const lure = 'Il tuo conto è sospeso: accedi su https://phish.example/login';
        const phishing = validRequest({
          email: 'vittima@example.net',
          richiedente: lure,
          ente: lure,
          titoloEvento: lure,
          luogo: lure,
          sede: lure,
          contenutiEvento: lure,
          attachments: [attachment('https___phish.example_login.pdf')],
        });
        expect((await send(app, phishing)).statusCode).toBe(200);
        expect(await app.services.outbox.runOnce()).toEqual({ sent: 2, retried: 0, dead: 0 });
        const toVictim = sink.messages.filter((m) => m.to.includes('vittima@example.net'));
        expect(toVictim).toHaveLength(1);
        const raw = toVictim[0]?.raw ?? '';
        expect(raw).not.toMatch(/phish/i);
        const mail = parseMail(raw);
        expect(mail.subject).toBe('Abbiamo ricevuto la tua richiesta di patrocinio');
        expect(mail.text).not.toMatch(/phish|sospeso/i);
        expect(mail.text).toContain('Richiesta inviata correttamente!');
        expect(mail.text).toContain('Se non hai inviato tu la richiesta, ignora questo messaggio');
        expect(mail.attachments).toEqual([]);
        // The secretariat still gets every field, to judge the request.
        const bySecretariat = sink.messages.find((m) => m.to.includes('segreteria@simti.example'));
        expect(bySecretariat?.raw).toMatch(/phish/);
      } finally {
        await sink.stop();
      }
    });

    it('sent twice within minutes is stored once; later it is a new request', async () => {
      const { app } = await own.build({ clock: clock.clock });
      expect((await send(app, validRequest())).statusCode).toBe(200);
      clock.advance(60_000);
      // Same content, typed with different spacing and case in the address.
      const again = await send(
        app,
        validRequest({ email: ' Mario.Rossi@example.org', richiedente: 'Mario  Rossi ' }),
      );
      expect(again.statusCode).toBe(200);
      expect(await counts(app)).toEqual({ requests: 1, attachments: 2, outbox: 2, files: 2 });

      // A change of content is a different request.
      expect((await send(app, validRequest({ luogo: 'Milano' }))).statusCode).toBe(200);
      expect((await counts(app)).requests).toBe(2);

      clock.advance(DUPLICATE_WINDOW_MS);
      expect((await send(app, validRequest())).statusCode).toBe(200);
      expect((await counts(app)).requests).toBe(3);
    });

    it('stores two identical requests sent at the same moment once', async () => {
      const { app } = await own.build({ clock: clock.clock });
      const answers = await Promise.all([1, 2, 3].map(() => send(app, validRequest())));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect((await counts(app)).requests).toBe(1);
    });

    it('without an e-mail address mails only the secretariat; optional fields may be left out', async () => {
      const { app } = await own.build({ clock: clock.clock });
      const minimal = {
        richiedente: 'Lucia Verdi',
        ente: 'Ospedale di Pisa',
        tipoEvento: 'Regionale',
        titoloEvento: 'Corso di immunoematologia',
        dataInizio: '2026-06-01',
        dataFine: '2026-06-01',
        luogo: 'Pisa',
        accettaPrivacy: true,
        attachments: [attachment('programma.pdf')],
        email: null,
        sitoWeb: '',
      };
      expect((await send(app, minimal)).statusCode).toBe(200);
      const list = await mails(app);
      expect(list).toHaveLength(1);
      expect(list[0]?.to).toEqual(['segreteria@simti.example']);
      expect(list[0]?.replyTo).toBeUndefined();
      const row = await app.services.db
        .selectFrom('sponsorship_requests')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: null, website: null, request_kind: null, venue: null });
    });

    it('names the files itself: no folders, no odd characters, .pdf, unique', async () => {
      const { app } = await own.build({ clock: clock.clock });
      const response = await send(
        app,
        validRequest({
          attachments: [
            attachment('../../etc/passwd.pdf', samplePdf('a')),
            attachment('C:\\Documenti\\Programma <finale>.PDF', samplePdf('b')),
            attachment('Programma _finale_.pdf', samplePdf('c')),
            attachment('....pdf', samplePdf('d')),
            attachment('relazione', samplePdf('e')),
          ],
        }),
      );
      expect(response.statusCode).toBe(200);
      const names = await app.services.db
        .selectFrom('attachments')
        .select('file_name')
        .orderBy('position')
        .execute();
      expect(names.map((row) => row.file_name)).toEqual([
        'passwd.pdf',
        'Programma _finale.pdf',
        'Programma _finale-2.pdf',
        'allegato.pdf',
        'relazione.pdf',
      ]);
    });

    it('limits requests per IP (SPONSORSHIP_RATE_LIMIT_PER_HOUR)', async () => {
      const { app } = await own.build({
        clock: clock.clock,
        env: { SPONSORSHIP_RATE_LIMIT_PER_HOUR: '2' },
      });
      expect((await send(app, validRequest({ luogo: 'Roma' }))).statusCode).toBe(200);
      expect((await send(app, validRequest({ luogo: 'Bari' }))).statusCode).toBe(200);
      const refused = await send(app, validRequest({ luogo: 'Lecce' }));
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'troppe-richieste' } });
      expect((await counts(app)).requests).toBe(2);
      expect((await send(app, validRequest({ luogo: 'Lecce' }), '198.51.100.20')).statusCode).toBe(
        200,
      );
    });
  });
});
