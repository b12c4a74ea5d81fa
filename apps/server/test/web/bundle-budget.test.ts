import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_FIRST_SCREEN_BUDGET_KB,
  ADMIN_ROUTE_CHUNK,
  BROWSER_ACCEPT_ENCODING,
  INITIAL_JS_BUDGET_KB,
  pageCss,
  pageJavaScript,
  SITE_CSS_BUDGET_KB,
  type FetchedAsset,
} from '../../bench/page-weight.js';
import { WEB_ROOT } from '../../src/plugins/web-app.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../helpers/test-app.js';
import { requireWebBuild } from '../helpers/web-pages.js';

// The JavaScript and CSS budgets of ADR 020 on the build `npm run build` leaves, counted as the bench
// counts them: the bytes the server sends a browser that accepts Brotli.
const TODAY = '2026-11-22';
/** Strings only react-admin's code holds (its message keys): none may reach a public page. */
const REACT_ADMIN_CODE = /["']ra\.(?:action|notification|page)\./;

describe.each(testEngines())('the JavaScript the pages send on %s', (engine) => {
  let testApp: TestApp;
  const texts = new Map<string, string>();

  beforeAll(async () => {
    requireWebBuild();
    testApp = await createTestApp(engine, {
      demoContent: true,
      clock: fixedClock(TODAY),
      web: 'build',
    });
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function fetchAsset(file: string): Promise<FetchedAsset> {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: file,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    expect(answer.statusCode, file).toBe(200);
    const text =
      answer.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(answer.rawPayload).toString('utf8')
        : answer.body;
    texts.set(file, text);
    return { text, sentBytes: answer.rawPayload.byteLength };
  }

  async function pageHtml(url: string): Promise<string> {
    const page = await testApp.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    return page.body;
  }

  it(`keeps the home page's JavaScript within ${INITIAL_JS_BUDGET_KB} KB as sent, without react-admin`, async () => {
    const home = await pageJavaScript(await pageHtml('/'), fetchAsset);
    // Brotli, as a browser gets them: the counted files are the compressed ones.
    expect(home.files.length).toBeGreaterThan(3);
    expect(home.sentBytes / 1024).toBeLessThanOrEqual(INITIAL_JS_BUDGET_KB);
    for (const file of home.files) expect(texts.get(file), file).not.toMatch(REACT_ADMIN_CODE);
  });

  it(`keeps the back office's first screen within ${ADMIN_FIRST_SCREEN_BUDGET_KB} KB as sent`, async () => {
    const admin = await pageJavaScript(
      await pageHtml('/amministrazione'),
      fetchAsset,
      ADMIN_ROUTE_CHUNK,
    );
    // The count reached the screen loaded on demand: react-admin itself is in it.
    expect(admin.files.some((file) => REACT_ADMIN_CODE.test(texts.get(file) ?? ''))).toBe(true);
    expect(admin.sentBytes / 1024).toBeLessThanOrEqual(ADMIN_FIRST_SCREEN_BUDGET_KB);
  });

  it('fetches no module before a public page is painted: its scripts load after the content', async () => {
    const newsList = await pageHtml('/news');
    const newsPage = /href="(\/news\/\d+[^"]*)"/.exec(newsList)?.[1];
    expect(newsPage).toBeDefined();
    for (const url of ['/', '/news', newsPage as string, '/area-riservata-raccomandazioni']) {
      const html = await pageHtml(url);
      const head = html.slice(0, html.indexOf('</head>'));
      // Preloaded from the head, the modules shared a phone's bandwidth with the document and
      // Lighthouse counted them all before the first paint (ADR 020, 2026-11-24).
      expect(head, url).not.toMatch(/<link[^>]*rel="(?:modulepreload|preload|stylesheet)"/);
      expect(head, url).not.toMatch(/<script[^>]*\ssrc=/);
      // The body's module script still names them, so the page hydrates.
      expect((await pageJavaScript(html, fetchAsset)).files.length, url).toBeGreaterThan(3);
    }
    // The back office shows nothing before its scripts: it keeps the preloads.
    expect(await pageHtml('/amministrazione')).toContain('rel="modulepreload"');
  });

  it(`sends the public pages' CSS inline within ${SITE_CSS_BUDGET_KB} KB, apart from the back office's`, async () => {
    for (const url of ['/', '/news', '/chi-siamo', '/area-riservata']) {
      const css = await pageCss(await pageHtml(url), fetchAsset);
      // Inline in the head: no stylesheet request holds up the first paint.
      expect(css.linked, url).toEqual([]);
      expect(css.inline, url).toContain('.site-navbar');
      expect(css.sentBytes / 1024, url).toBeLessThanOrEqual(SITE_CSS_BUDGET_KB);
      // Trimmed to the site's classes: Bootstrap's unused rules and the staff screens' are gone.
      expect(css.inline, url).not.toContain('.was-validated');
      expect(css.inline, url).not.toContain('.btn-outline-danger');
    }
    // The back office's page has none of it: its own stylesheet comes with its screens' chunk.
    const admin = await pageCss(await pageHtml('/amministrazione'), fetchAsset);
    expect(admin).toEqual({ inline: '', linked: [], sentBytes: 0 });
    const adminStylesheets = fs
      .readdirSync(path.join(WEB_ROOT, 'build', 'client', 'assets'))
      .filter((file) => /^admin-app-[\w-]+\.css$/.test(file));
    expect(adminStylesheets).toHaveLength(1);
    const adminCss = (await fetchAsset(`/assets/${adminStylesheets[0]}`)).text;
    expect(adminCss).toContain('.btn-outline-danger');
    expect(adminCss).not.toContain('.site-navbar');
  });
});
