import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { useMemoryScratch } from '../scripts/test-scratch';
import { freePortPair } from './support/free-ports';
import { PDF_VIEWER_TAG } from './support/tags';
import { E2E_BANK_IBAN } from './support/bank';
import { E2E_PAYPAL_CLIENT_ID, E2E_PAYPAL_CLIENT_SECRET } from './support/paypal-stand-in';

/**
 * End-to-end tests in Debian's Chromium (never a browser download) against the real production
 * server, built beforehand (`npm run build`), started on a free port with a fresh DATA_DIR and
 * the demo content.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  throw new Error(
    `Chromium non trovato in ${chromium}: installalo con "apt-get install chromium" oppure imposta CHROMIUM_PATH.`,
  );
}
// Debian's headless shell of the same Chromium (Blink and V8 without the browser's window): what
// Playwright itself runs headless tests in, and on a 2-core machine about twice as fast. It has no
// PDF viewer, so the tests that open a PDF in the browser run in the full Chromium (PDF_VIEWER_TAG).
// Without the package, every test runs in the full Chromium.
const headlessShellPath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const headlessShell = fs.existsSync(headlessShellPath) ? headlessShellPath : chromium;
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const ADMIN_SPECS = /admin.*\.spec\.ts$/;
const PDF_VIEWER = new RegExp(PDF_VIEWER_TAG);
const serverEntry = path.resolve(import.meta.dirname, '../apps/server/dist/server.js');
if (!fs.existsSync(serverEntry))
  throw new Error('Server non compilato: esegui prima "npm run build".');

useMemoryScratch();

// Chosen once in the main process; workers inherit them through the environment.
process.env.E2E_PORT ??= String(freePortPair());
process.env.E2E_PAYPAL_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-e2e-'));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  // One retry: a 2-core CI machine running two workers shows rare timing flakes; Playwright
  // still reports a test that passed only on retry as "flaky", so they stay visible.
  retries: 1,
  forbidOnly: Boolean(process.env.CI),
  // `.ci/run` sets TEST_TIMINGS_DIR: a JSON report too, read by scripts/test-timings.ts.
  reporter: process.env.TEST_TIMINGS_DIR
    ? [
        ['list'],
        ['json', { outputFile: path.join(process.env.TEST_TIMINGS_DIR, 'playwright.json') }],
      ]
    : [['list']],
  timeout: 30_000,
  // A web-first assertion waits for its condition; on a 2-core machine running two browsers and
  // the server, a hydration or a screen can take longer than Playwright's default 5 s. A passing
  // assertion returns as soon as its condition holds, so this costs a passing run nothing.
  expect: { timeout: 10_000 },
  // One server and one database for all: the back office's specs change what the public pages
  // show (latest news, page texts), so they run after the public site's specs.
  projects: [
    {
      name: 'sito',
      testIgnore: ADMIN_SPECS,
      grepInvert: PDF_VIEWER,
      use: { launchOptions: { executablePath: headlessShell, args: CHROMIUM_ARGS } },
    },
    {
      name: 'sito-visore-pdf',
      testIgnore: ADMIN_SPECS,
      grep: PDF_VIEWER,
      use: { launchOptions: { executablePath: chromium, args: CHROMIUM_ARGS } },
    },
    {
      name: 'amministrazione',
      testMatch: ADMIN_SPECS,
      dependencies: ['sito', 'sito-visore-pdf'],
      use: { launchOptions: { executablePath: headlessShell, args: CHROMIUM_ARGS } },
    },
  ],
  use: {
    baseURL,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'off',
  },
  webServer: {
    command: `node ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The payment panels show PayPal's button (served by a stand-in, e2e/support/paypal-stand-in.ts),
      // and the server verifies each payment with PayPal's API stood in for on loopback
      // (support/global-setup.ts).
      PAYPAL_CLIENT_ID: E2E_PAYPAL_CLIENT_ID,
      PAYPAL_CLIENT_SECRET: E2E_PAYPAL_CLIENT_SECRET,
      PAYPAL_API_BASE_URL: `http://127.0.0.1:${process.env.E2E_PAYPAL_PORT}`,
      // Every browser test sends its forms from 127.0.0.1: the hourly limits of one address
      // (ADR 040) are the API tests' to prove.
      APPLICATION_RATE_LIMIT_PER_HOUR: '1000',
      APPLICATIONS_PER_HOUR: '1000',
      NEWSLETTER_RATE_LIMIT_PER_HOUR: '1000',
      NEWSLETTER_SIGNUPS_PER_HOUR: '1000',
      SPONSORSHIP_RATE_LIMIT_PER_HOUR: '1000',
      SPONSORSHIP_REQUESTS_PER_HOUR: '1000',
      // The fee page shows the transfer's details (IBAN in groups of four, "Copia"; ADR 029).
      BANK_IBAN: E2E_BANK_IBAN,
      BANK_HOLDER: 'Società di prova',
    },
  },
});
