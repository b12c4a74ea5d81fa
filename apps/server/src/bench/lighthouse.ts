import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startDemoServer, stop } from './processes.js';

/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile, its default throttling) on the production
 * server with the demo data: home, the news list, a news page and a reserved list (seen signed
 * out: the sign-in a visitor meets first). Prints the four scores of each page and the largest
 * contentful paint (ADR 020). It reports; no test asserts a score.
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

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-lighthouse-'));
  const children: ChildProcess[] = [];
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const { serverUrl } = await startDemoServer(work, children);
    const newsList = await (await fetch(`${serverUrl}/news`)).text();
    const newsPage = /href="(\/news\/\d+[^"]*)"/.exec(newsList)?.[1];
    if (newsPage === undefined) throw new Error('nessuna news nell’elenco');
    const pages = ['/', '/news', newsPage, '/area-riservata-raccomandazioni'];
    console.log(`Lighthouse 12 (mobile), Chromium ${CHROMIUM}, Node ${process.version}`);
    for (const page of pages) {
      const result = await lighthouse(`${serverUrl}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      if (result === undefined) throw new Error(`${page}: nessun risultato`);
      const { categories, audits } = result.lhr;
      const scores = CATEGORIES.map(
        (category) => `${category} ${Math.round((categories[category]?.score ?? 0) * 100)}`,
      );
      const lcp = audits['largest-contentful-paint']?.displayValue ?? '?';
      const fcp = audits['first-contentful-paint']?.displayValue ?? '?';
      console.log(`${page}: ${scores.join(', ')}; FCP ${fcp}, LCP ${lcp}`);
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
