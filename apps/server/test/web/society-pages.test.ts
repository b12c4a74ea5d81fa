import { beforeAll, describe, expect, it } from 'vitest';
import { demoSite } from '../helpers/member-api.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The society's pages rendered on the server (spec §2.11), as a reader without scripts and the
// HTML checker get them.
describe('the society’s pages rendered on the server', () => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite('sqlite', { web: 'build', roles: [] });
  const page = (url: string) => site.app.inject({ method: 'GET', url });

  it('leads from the home to the application form, whose tab no longer says to send it by post', async () => {
    const home = await page('/');
    const link = /<a [^>]*data-testid="home-join"[^>]*>Iscriviti<\/a>/.exec(home.body)?.[0] ?? '';
    const href = /href="([^"]+)"/.exec(link)?.[1];
    expect(href).toBe('/chi-siamo-iscrizione?scheda=iscrizione#iscriviti');
    const form = await page((href ?? '').replace(/#.*$/, ''));
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('id="iscriviti"');
    expect(form.body).toContain('Invia la domanda');
    // The tab's text points to the form below it, not to the secretariat's mailbox.
    expect(form.body).not.toContain('invialo alla Segreteria');
    expect(form.body).toContain('compila la domanda di iscrizione qui sotto');
  });

  it('names no plain element with aria-labelledby: only a section, a form or an element with a role may be', async () => {
    for (const url of [
      '/chi-siamo-iscrizione?scheda=iscrizione',
      '/chi-siamo-affiliati',
      '/chi-siamo-simti',
      '/chi-siamo-sostenitori?scheda=contributo',
      '/patrocini',
    ]) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(200);
      const named = answer.body.match(/<(div|span|p)\b[^>]*\baria-labelledby=[^>]*>/g) ?? [];
      expect(
        named.filter((tag) => !/\brole=/.test(tag)),
        url,
      ).toEqual([]);
    }
  });
});
