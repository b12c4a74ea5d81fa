import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { demoCongressPath, pageRequests, pageText, requireWebBuild } from '../helpers/web-pages.js';

// The calendars' links as the production build renders them, without JavaScript (ADR 052,
// ADR 022): "Iscriviti al calendario" on /eventi, "Aggiungi al calendario" on an event's page,
// and the private feed in «Le mie iscrizioni» with its "Rigenera" posted as a form.

const BASE = 'https://www.esempio.it';

/** The private feed's address in the page: the value of its field. */
function feedAddress(html: string): string | undefined {
  const input = /<input[^>]*id="calendario-indirizzo"[^>]*>/.exec(html)?.[0];
  return input === undefined ? undefined : /value="([^"]*)"/.exec(input)?.[1];
}

describe.each(testEngines())('the calendars’ links without scripts (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, { web: 'build', roles: ['socio'], env: { PUBLIC_BASE_URL: BASE } });

  const { get, post } = pageRequests(() => site.app);

  it('offers the feed of every event on /eventi as webcal: and https:', async () => {
    const page = await get('/eventi');
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<a[^>]*href="webcal:\/\/www\.esempio\.it\/eventi\/calendario\.ics"[^>]*>Iscriviti al calendario<\/a>/,
    );
    expect(page.body).toContain(`href="${BASE}/eventi/calendario.ics"`);
    const feed = await get('/eventi/calendario.ics');
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
  });

  it('links an event’s page to its .ics', async () => {
    const href = await demoCongressPath(get);
    const page = await get(href);
    expect(page.body).toMatch(
      new RegExp(`<a[^>]*href="${href}/calendario\\.ics"[^>]*>Aggiungi al calendario</a>`),
    );
    const file = await get(`${href}/calendario.ics`);
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('BEGIN:VEVENT\r\n');
  });

  it('shows the private feed in «Le mie iscrizioni» and regenerates it with a form', async () => {
    const token = site.tokens.socio;
    const anonymous = await get('/area-riservata-iscrizioni');
    expect(anonymous.body).not.toContain('calendario-indirizzo');

    const page = await get('/area-riservata-iscrizioni', token);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      /<label[^>]*for="calendario-indirizzo"[^>]*>Indirizzo del calendario/,
    );
    const address = feedAddress(page.body);
    expect(address).toMatch(
      /^https:\/\/www\.esempio\.it\/eventi\/iscrizioni\/[\w-]{43}\/calendario\.ics$/,
    );
    expect(page.body).toContain(`href="${address?.replace('https:', 'webcal:')}"`);
    // "Copia" needs the clipboard, so it is not in the page drawn for a reader without scripts.
    expect(pageText(page.body)).not.toContain('Copia');
    expect(pageText(page.body)).toContain('Rigenera');
    const old = new URL(address ?? '').pathname;
    expect((await get(old)).statusCode).toBe(200);

    const posted = await post(
      '/area-riservata-iscrizioni',
      [['intent', 'rigenera-calendario']],
      token,
    );
    expect(posted.statusCode).toBe(200);
    expect(pageText(posted.body)).toContain('Nuovo indirizzo del calendario');
    const renewed = feedAddress(posted.body);
    expect(renewed).toMatch(/\/eventi\/iscrizioni\/[\w-]{43}\/calendario\.ics$/);
    expect(renewed).not.toBe(address);
    expect((await get(old)).statusCode).toBe(404);
    expect((await get(new URL(renewed ?? '').pathname)).statusCode).toBe(200);

    // Without a session the form is refused, and nothing changes.
    const refused = await site.app.inject({
      method: 'POST',
      url: '/area-riservata-iscrizioni',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'intent=rigenera-calendario',
    });
    expect(refused.statusCode).toBe(401);
    expect(feedAddress((await get('/area-riservata-iscrizioni', token)).body)).toBe(renewed);
  });
});
