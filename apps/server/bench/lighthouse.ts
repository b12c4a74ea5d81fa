import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.js';
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
/** The reserved area's scriptless sign-in cookie, moved into the tab's storage by the page (ADR 022). */
const SESSION_COOKIE = 'sodalis_sessione';
const RESERVED_LIST = '/area-riservata-raccomandazioni';
const WARM_UP_ROUNDS = 3;

/**
 * Signs the demo Socio in and leaves the session where a scriptless sign-in leaves it: the
 * browser-session cookie, which the page moves into its tab's storage (ADR 010, ADR 022).
 * Lighthouse opens its own tab, so a token in another tab's `sessionStorage` would not reach it.
 */
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
  await page.setCookie({ name: SESSION_COOKIE, value: token, url: serverUrl, sameSite: 'Strict' });
  await page.close();
  await browser.disconnect();
}

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/** What a table audit lists, as plain rows (Lighthouse's detail shapes vary by audit). */
function rowsOf(audits: Audits, id: string): Record<string, unknown>[] {
  const details = audits[id]?.details;
  return details !== undefined && 'items' in details
    ? (details.items as unknown as Record<string, unknown>[])
    : [];
}

/**
 * Why a page scores what it scores: the metrics beyond the paints, the largest paint's element
 * and its phases, and the resources that block the first render, so a low figure can be traced.
 */
function performanceDetails(audits: Audits): string[] {
  const metric = (id: string) => `${id} ${audits[id]?.displayValue ?? '?'}`;
  const lines = [
    ['total-blocking-time', 'cumulative-layout-shift', 'speed-index', 'server-response-time']
      .map(metric)
      .join(', '),
  ];
  // The LCP audit's list: the element's table, then the phases' table.
  const [elementTable, phaseTable] = rowsOf(audits, 'largest-contentful-paint-element') as {
    items?: { node?: { snippet?: string }; phase?: string; timing?: number }[];
  }[];
  const snippet = elementTable?.items?.[0]?.node?.snippet;
  if (snippet !== undefined) lines.push(`elemento LCP: ${snippet.slice(0, 160)}`);
  for (const id of ['largest-contentful-paint-element', 'layout-shifts']) {
    const failure = audits[id]?.errorMessage;
    if (failure !== undefined) lines.push(`${id} non calcolato: ${failure.slice(0, 200)}`);
  }
  const phases = (phaseTable?.items ?? []).map(
    (row) => `${row.phase} ${Math.round(row.timing ?? 0)} ms`,
  );
  if (phases.length > 0) lines.push(`fasi LCP: ${phases.join(', ')}`);
  const blocking = rowsOf(audits, 'render-blocking-resources').map(
    (row) =>
      `${String(row.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(row.wastedMs))} ms`,
  );
  if (blocking.length > 0) lines.push(`bloccano il rendering: ${blocking.join(', ')}`);
  const shifts = rowsOf(audits, 'layout-shifts').map(
    (row) =>
      `${Number(row.score).toFixed(3)} ${String((row.node as { snippet?: string } | undefined)?.snippet ?? '').slice(0, 100)}`,
  );
  if (shifts.length > 0) lines.push(`spostamenti: ${shifts.join('; ')}`);
  const scripts = rowsOf(audits, 'bootup-time')
    .slice(0, 3)
    .map(
      (row) =>
        `${String(row.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(row.total))} ms`,
    );
  if (scripts.length > 0) lines.push(`JavaScript eseguito: ${scripts.join(', ')}`);
  return lines;
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
    // A server just started renders its first pages cold (JIT, empty page cache): each page is
    // fetched a few times first, so the figures are those of a server in service.
    for (const [page] of pages)
      for (let round = 0; round < WARM_UP_ROUNDS; round += 1)
        await (await fetch(`${serverUrl}${page}`)).text();
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
      for (const id of failed) {
        const details = audits[id]?.details;
        const first = details && 'items' in details ? details.items[0] : undefined;
        if (first !== undefined) console.log(`    ${id}: ${JSON.stringify(first).slice(0, 300)}`);
      }
      for (const line of performanceDetails(audits)) console.log(`  ${line}`);
      const runError = result.lhr.runtimeError?.message;
      if (runError !== undefined) console.log(`  errore di Lighthouse: ${runError}`);
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
