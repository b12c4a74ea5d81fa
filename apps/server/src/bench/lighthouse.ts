import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts.js';
import { startDemoServer, stop } from './processes.js';

/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, its default throttling) on the production
 * server with the demo data: home, the news list, a news page and a reserved list, the last
 * both signed out (the sign-in a visitor meets first) and signed in as the demo Socio. Prints
 * the four scores of each page, the paints and the audits that failed (ADR 020). It reports; no
 * test asserts a score.
 */

const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Where the web app keeps the session token (`apps/web/app/api/api-client.ts`). */
const SESSION_TOKEN_KEY = 'token';
const RESERVED_LIST = '/area-riservata-raccomandazioni';

/** Signs the demo Socio in and leaves the token where the web app looks for it. */
async function signIn(serverUrl: string, chromePort: number): Promise<void> {
  const answer = await fetch(`${serverUrl}/api/v1/Account/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'socio.demo@example.org', password: DEMO_PASSWORD }),
  });
  const token = ((await answer.json()) as { data?: { token?: string } }).data?.token;
  if (token === undefined) throw new Error('accesso del socio dimostrativo non riuscito');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  await page.goto(`${serverUrl}/`);
  // A string: it runs in the page, whose types (the DOM's) the server does not compile with.
  await page.evaluate(
    `localStorage.setItem(${JSON.stringify(SESSION_TOKEN_KEY)}, ${JSON.stringify(token)})`,
  );
  await page.close();
  await browser.disconnect();
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-lighthouse-'));
  const children: ChildProcess[] = [];
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const { serverUrl } = await startDemoServer(work, children);
    const newsList = await (await fetch(`${serverUrl}/news`)).text();
    const newsPage = /href="(\/news\/\d+[^"]*)"/.exec(newsList)?.[1];
    if (newsPage === undefined) throw new Error('nessuna news nell’elenco');
    const pages: [string, boolean][] = [
      ['/', false],
      ['/news', false],
      [newsPage, false],
      [RESERVED_LIST, false],
      [RESERVED_LIST, true],
    ];
    console.log(`Lighthouse 12 (mobile), Chromium ${CHROMIUM}, Node ${process.version}`);
    for (const [page, signedIn] of pages) {
      if (signedIn) await signIn(serverUrl, chrome.port);
      const result = await lighthouse(`${serverUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        // Signed in: the session the browser holds must survive Lighthouse's start.
        disableStorageReset: signedIn,
      });
      if (result === undefined) throw new Error(`${page}: nessun risultato`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map(
        (category) => `${category} ${Math.round((categories[category]?.score ?? 0) * 100)}`,
      );
      const lcp = audits['largest-contentful-paint']?.displayValue ?? '?';
      const fcp = audits['first-contentful-paint']?.displayValue ?? '?';
      const failed = CATEGORIES.filter((category) => category !== 'performance').flatMap(
        (category) =>
          (categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map((ref) => ref.id),
      );
      const who = signedIn ? ' (con accesso del socio)' : '';
      console.log(`${page}${who}: ${scores.join(', ')}; FCP ${fcp}, LCP ${lcp}`);
      if (failed.length > 0) console.log(`  verifiche non superate: ${failed.join(', ')}`);
    }
  } finally {
    chrome.kill();
    await Promise.all(children.map(stop));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
