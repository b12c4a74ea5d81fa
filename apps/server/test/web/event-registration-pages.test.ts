import type { LightMyRequestResponse } from 'fastify';
import { OTHER_PROFESSION, REGISTRATION_MESSAGES, registrationCausale } from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite, signInDemoAccount } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { demoCongressPath, pageRequests, pageText, requireWebBuild } from '../helpers/web-pages.js';

// Registering to an event and "Le mie iscrizioni" as the production build renders them, without
// JavaScript (ADR 049, ADR 022): the forms posted to the pages with the session cookie of a
// sign-in without scripts, through the real server. The real clock: the web app checks a
// token's expiry against the browser's time (spec §4); the demo's congress is relative to today
// (its registration window open, the early bird in force).

const IBAN = 'IT60X0542811101000000123456';

/** The value of the input named `name` in `html` (the first one). */
function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*name="${name.replace('.', '\\.')}"[^>]*>`).exec(html)?.[0];
  return input === undefined ? undefined : /value="([^"]*)"/.exec(input)?.[1];
}

/** The `value` of the radio or checkbox whose label starts with `label`. */
function choiceValue(html: string, name: string, label: string): string {
  const pattern = new RegExp(
    `(<input[^>]*name="${name}"[^>]*>)\\s*<label[^>]*>(?:<span[^>]*>)?${label}`,
  );
  const value = /value="(\d+)"/.exec(pattern.exec(html)?.[1] ?? '')?.[1];
  if (value === undefined) throw new Error(`nessuna scelta «${label}» per ${name}`);
  return value;
}

/** Whether an input named `name` has `value`, and is checked when asked. */
function hasInput(html: string, name: string, value: string, checked = false): boolean {
  return [...html.matchAll(new RegExp(`<input[^>]*name="${name}"[^>]*>`, 'g'))].some(
    ([tag]) => tag.includes(`value="${value}"`) && (!checked || tag.includes('checked')),
  );
}

/** Every hidden input of the second step's form, as they would be posted again. */
function hiddenFields(html: string): [string, string][] {
  const section = html.slice(html.indexOf('data-testid="registration-quote"'));
  return [...section.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)].map(
    (match) => [match[1] ?? '', (match[2] ?? '').replace(/&amp;/g, '&')],
  );
}

describe.each(testEngines())('registering to an event without scripts (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, {
    web: 'build',
    roles: ['socio', 'affiliato', 'segreteria'],
    env: { BANK_IBAN: IBAN, BANK_HOLDER: 'Società di prova' },
  });

  const pages = pageRequests(() => site.app);
  const { get } = pages;
  const post = (url: string, token: string | null, fields: [string, string][]) =>
    pages.post(url, fields, token);

  let congress = '';
  beforeAll(async () => {
    congress = await demoCongressPath(get);
  });
  const form = () => `${congress}/iscrizione`;

  /** The first step of the form for a member, with its request key. */
  async function firstStep(token: string): Promise<{ html: string; requestKey: string }> {
    const page = await get(form(), token);
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    const requestKey = inputValue(page.body, 'requestKey');
    expect(requestKey).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    return { html: page.body, requestKey: requestKey ?? '' };
  }

  it('leads from the event page to the registration, and asks a visitor to sign in first', async () => {
    const event = await get(congress);
    expect(event.statusCode).toBe(200);
    expect(event.body).toMatch(
      new RegExp(
        `<a[^>]*href="${form()}"[^>]*>Iscriviti</a>|<a[^>]*class="btn[^"]*"[^>]*href="${form()}"`,
      ),
    );
    expect(pageText(event.body)).toMatch(/Iscrizioni aperte fino al \d+ \w+ \d{4}, ore 23:59\./);

    const visitor = await get(form());
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    expect(pageText(visitor.body)).toContain(
      `${REGISTRATION_MESSAGES.signInRequired} Dopo l’accesso torni a questa pagina.`,
    );
    expect(visitor.body).toContain(`href="/area-riservata?ritorno=${encodeURIComponent(form())}"`);
    expect(visitor.body).not.toContain('data-testid="registration-form"');
    // A form posted without a session says to sign in.
    const posted = await post(form(), null, [['typeId', '1']]);
    expect(pageText(posted.body)).toContain(REGISTRATION_MESSAGES.signInRequired);
  });

  it('registers a member in two steps, through the real server, and shows it in «Le mie iscrizioni»', async () => {
    // The Socio: the demo registers the Affiliato as a speaker, not them (ADR 049).
    const token = site.tokens.socio;
    const { html, requestKey } = await firstStep(token);
    const text = pageText(html);
    // The types with their price in the window in force and who may choose them; the add-ons.
    expect(text).toContain('Quote in vigore ora: early bird.');
    expect(text).toMatch(/Non socio – 300,00 €\s*Aperta a tutti/);
    expect(text).toMatch(/Relatore – Gratuita\s*Con il codice ricevuto dalla segreteria/);
    expect(text).toContain('Cena sociale – 60,00 €');
    expect(html).toMatch(
      /<fieldset[^>]*id="iscrizione-typeId"[\s\S]*?<legend[^>]*>Tipo di iscrizione/,
    );
    for (const label of [
      'Codice fiscale',
      'Professione',
      'Disciplina (delle professioni sanitarie)',
      'Condizione lavorativa',
      'Ente di appartenenza',
    ])
      expect(html).toContain(`>${label}</label>`);
    // Without scripts every discipline, grouped by profession (ADR 059).
    expect(html).toMatch(
      /<optgroup label="Medico chirurgo">[\s\S]*?<option value="47">Medicina trasfusionale<\/option>/,
    );
    expect(text).toContain('Desidero la fattura');
    expect(html).toContain('>Partita IVA o codice fiscale</label>');

    const nonMember = choiceValue(html, 'typeId', 'Non socio');
    const dinner = choiceValue(html, 'addonIds', 'Cena sociale');
    const fields: [string, string][] = [
      ['requestKey', requestKey],
      ['typeId', nonMember],
      ['addonIds', dinner],
      ['fiscalCode', 'rssmra80a01h501u'],
      ['professionCode', '28'],
      ['disciplineCode', '93'],
      ['employment', 'dipendente'],
      ['employer', 'Ospedale di prova'],
      ['intent', 'riepilogo'],
    ];
    const quote = await post(form(), token, fields);
    expect(quote.statusCode, pageText(quote.body).slice(0, 500)).toBe(200);
    const quoted = pageText(quote.body);
    expect(quoted).toContain('Riepilogo dell’iscrizione');
    expect(quoted).toMatch(/Non socio \(quota early bird\)\s*300,00 €/);
    expect(quoted).toMatch(/Cena sociale\s*60,00 €/);
    expect(quoted).toMatch(/Totale dell’iscrizione\s*360,00 €/);
    expect(quoted).not.toContain('lista d’attesa');
    expect(quote.body).toContain('>Conferma iscrizione</button>');
    expect(quote.body).toContain('>Modifica</button>');

    // "Modifica" goes back to the first step with what was typed.
    const hidden = hiddenFields(quote.body);
    expect(hidden).toContainEqual(['requestKey', requestKey]);
    const back = await post(form(), token, [...hidden, ['intent', 'modifica']]);
    expect(back.body).toContain('data-testid="registration-form"');
    expect(back.body).toMatch(
      /<option value="28" selected="">Tecnico sanitario laboratorio biomedico/,
    );
    expect(back.body).toMatch(/<option value="93" selected="">/);
    expect(hasInput(back.body, 'addonIds', dinner, true)).toBe(true);

    const done = await post(form(), token, [...hidden, ['intent', 'conferma']]);
    expect(done.statusCode).toBe(200);
    const doneText = pageText(done.body);
    expect(doneText).toContain('In attesa di pagamento');
    expect(doneText).toMatch(/Iscrizione registrata: il posto è tenuto per te fino al/);
    expect(done.body).toMatch(/<a[^>]*href="\/area-riservata-iscrizioni"[^>]*>Le mie iscrizioni</);
    // The same submission again (a reload) makes nothing new.
    const again = await post(form(), token, [...hidden, ['intent', 'conferma']]);
    expect(pageText(again.body)).toMatch(/Iscrizione registrata: il posto è tenuto per te/);
    const rows = await site.app.services.db
      .selectFrom('event_registrations')
      .select(['id', 'state', 'fiscal_code', 'employer'])
      .where('request_key', '=', requestKey)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        state: 'awaiting_payment',
        fiscal_code: 'RSSMRA80A01H501U',
        employer: 'Ospedale di prova',
      }),
    ]);
    const id = rows[0]?.id ?? 0;

    // The registration page again: the registration, not a second form.
    const reopened = await get(form(), token);
    expect(reopened.body).toContain('data-testid="registration-current"');
    expect(reopened.body).not.toContain('data-testid="registration-form"');
    expect(pageText(reopened.body)).toMatch(
      /Sei già iscritto a questo evento Stato: In attesa di pagamento · tipo Non socio\./,
    );

    // "Le mie iscrizioni" in the first HTML for the cookie session: never "Caricamento…".
    const mine = await get('/area-riservata-iscrizioni', token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const mineText = pageText(mine.body);
    expect(mineText).not.toContain('Caricamento in corso');
    expect(mineText).toContain('Le mie iscrizioni');
    expect(mineText).toMatch(/Congresso nazionale \w+ 2027/);
    expect(mineText).toContain('In attesa di pagamento');
    expect(mineText).toMatch(/Non socio \(quota early bird\)/);
    expect(mineText).toContain('Cena sociale: 60,00 €');
    expect(mineText).toMatch(/Completa il pagamento entro il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
    expect(mineText).toContain('Da pagare: 360,00 €');
    expect(mineText).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(mineText).toContain(registrationCausale(id));
    // No PayPal client id on this server: the transfer only.
    expect(mineText).toContain('Il pagamento online non è al momento disponibile.');
    // The reserved home links here.
    const home = await get('/area-riservata-homepage', token);
    expect(home.body).toMatch(/<a[^>]*href="\/area-riservata-iscrizioni"[^>]*>Le mie iscrizioni</);

    // Cancelling asks first (a step of its own), then cancels.
    expect(mine.body).toContain(`href="/area-riservata-iscrizioni?annulla=${id}"`);
    const asked = await get(`/area-riservata-iscrizioni?annulla=${id}`, token);
    expect(pageText(asked.body)).toMatch(/Vuoi davvero annullare l’iscrizione a «Congresso/);
    const cancelled = await post('/area-riservata-iscrizioni', token, [
      ['intent', 'annulla'],
      ['id', String(id)],
    ]);
    expect(cancelled.statusCode).toBe(200);
    const cancelledText = pageText(cancelled.body);
    expect(cancelledText).toContain('La tua iscrizione è annullata.');
    expect(cancelledText).toContain('Annullata');
    expect(cancelledText).not.toContain('Vuoi davvero');
    // Cancelled: the form is offered again.
    expect((await get(form(), token)).body).toContain('data-testid="registration-form"');
    // Cancelling again is refused in the server's words.
    const twice = await post('/area-riservata-iscrizioni', token, [
      ['intent', 'annulla'],
      ['id', String(id)],
    ]);
    expect(twice.statusCode).toBe(409);
    expect(pageText(twice.body)).toContain(REGISTRATION_MESSAGES.notCancellable);
  });

  it('lists the demo’s registrations: a speaker’s free place, and renew and register for a member in arrears', async () => {
    const speaker = pageText((await get('/area-riservata-iscrizioni', site.tokens.affiliato)).body);
    expect(speaker).toMatch(/Congresso nazionale \w+ 2027/);
    expect(speaker).toMatch(
      /Stato Confermata Tipo di iscrizione Relatore \(quota standard\) Importo Gratuita/,
    );
    expect(speaker).not.toContain('Da pagare');

    const inArrears = await signInDemoAccount(site.app, 'arretrati.demo@example.org');
    const owed = pageText((await get('/area-riservata-iscrizioni', inArrears)).body);
    expect(owed).toContain('In attesa di pagamento');
    expect(owed).toContain('Workshop pratico di immunoematologia: 40,00 €');
    // The registration and the open dues in one payment ("rinnova e iscriviti", ADR 049).
    expect(owed).toMatch(
      /Da pagare: [\d.]+,\d{2} € \(iscrizione 190,00 € e quota associativa \d{4}(, \d{4})* [\d.]+,\d{2} €\)/,
    );
  });

  it('takes an offered place and leaves the waiting list without scripts (the demo’s full webinar)', async () => {
    const offered = await signInDemoAccount(site.app, 'tesoreria.demo@example.org');
    const offer = await get('/area-riservata-iscrizioni', offered);
    const offerText = pageText(offer.body);
    expect(offerText).toContain('Posto offerto dalla lista d’attesa');
    expect(offerText).toMatch(
      /Si è liberato un posto per te: accettalo entro il \d{2}\/\d{2}\/\d{4}/,
    );
    const offeredId =
      /name="intent" value="accetta"\/><input type="hidden" name="id" value="(\d+)"/.exec(
        offer.body,
      )?.[1];
    expect(offeredId).toBeDefined();
    const accepted = await post('/area-riservata-iscrizioni', offered, [
      ['intent', 'accetta'],
      ['id', offeredId ?? ''],
    ]);
    expect(accepted.statusCode).toBe(200);
    expect(pageText(accepted.body)).toContain('Il posto è tuo: iscrizione confermata.');
    expect(pageText(accepted.body)).toMatch(/Stato Confermata/);

    const waiting = await signInDemoAccount(site.app, 'redazione.demo@example.org');
    const list = await get('/area-riservata-iscrizioni', waiting);
    expect(pageText(list.body)).toMatch(
      /Sei in lista d’attesa, in posizione \d+: se si libera un posto/,
    );
    const waitingId =
      /href="\/area-riservata-iscrizioni\?annulla=(\d+)"/.exec(list.body)?.[1] ?? '';
    const asked = await get(`/area-riservata-iscrizioni?annulla=${waitingId}`, waiting);
    expect(pageText(asked.body)).toContain('Vuoi davvero uscire dalla lista d’attesa di «Webinar');
    const left = await post('/area-riservata-iscrizioni', waiting, [
      ['intent', 'annulla'],
      ['id', waitingId],
    ]);
    expect(pageText(left.body)).toContain('Sei uscito dalla lista d’attesa.');
  });

  it('shows each refusal next to its field, summed up at the top', async () => {
    // Someone with no registration for the congress (the demo's Affiliato has one).
    const token = site.tokens.segreteria;
    const { html, requestKey } = await firstStep(token);
    const expectNextToField = (answer: LightMyRequestResponse, field: string, message: string) => {
      const id = `iscrizione-${field.replace('.', '-')}`;
      expect(answer.body).toContain(`id="${id}-errore"`);
      expect(pageText(answer.body)).toContain(message);
      expect(answer.body).toMatch(new RegExp(`aria-describedby="[^"]*${id}-errore`));
      // The summary links to the field.
      expect(answer.body).toMatch(
        new RegExp(`data-testid="registration-errors"[\\s\\S]*?<a href="#${id}">`),
      );
    };

    const noType = await post(form(), token, [
      ['requestKey', requestKey],
      ['intent', 'riepilogo'],
    ]);
    expect(noType.statusCode).toBe(400);
    expectNextToField(noType, 'typeId', REGISTRATION_MESSAGES.typeRequired);

    const speaker = choiceValue(html, 'typeId', 'Relatore');
    const wrongCode = await post(form(), token, [
      ['requestKey', requestKey],
      ['typeId', speaker],
      ['accessCode', 'SBAGLIATO'],
      ['professionCode', OTHER_PROFESSION],
      ['otherProfession', 'Ingegnere clinico'],
      ['intent', 'riepilogo'],
    ]);
    expect(wrongCode.statusCode).toBe(400);
    expectNextToField(wrongCode, 'accessCode', REGISTRATION_MESSAGES.codeWrong);
    // What was typed stays.
    expect(hasInput(wrongCode.body, 'otherProfession', 'Ingegnere clinico')).toBe(true);
    // A discipline of another profession is refused beside its field, without scripts too.
    const otherDiscipline = await post(form(), token, [
      ['requestKey', requestKey],
      ['typeId', speaker],
      ['accessCode', 'RELATORI'],
      ['professionCode', '14'],
      ['disciplineCode', '47'],
      ['intent', 'riepilogo'],
    ]);
    expect(otherDiscipline.statusCode).toBe(400);
    expectNextToField(
      otherDiscipline,
      'disciplineCode',
      'Disciplina: «Medicina trasfusionale» non è una disciplina di Infermiere; scegli tra quelle della tua professione.',
    );
    expect(hasInput(wrongCode.body, 'typeId', speaker, true)).toBe(true);

    const badInvoice = await post(form(), token, [
      ['requestKey', requestKey],
      ['typeId', speaker],
      ['accessCode', 'RELATORI'],
      ['wantsInvoice', '1'],
      ['invoice.name', 'Ospedale di prova'],
      ['invoice.taxId', '123'],
      ['intent', 'riepilogo'],
    ]);
    expect(badInvoice.statusCode).toBe(400);
    expectNextToField(
      badInvoice,
      'invoice.taxId',
      'Fattura – partita IVA o codice fiscale: 11 cifre (partita IVA) o 16 caratteri (codice fiscale).',
    );
  });
});
