import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { measureRegistrationSpike } from './registration-spike.js';
import { encodePagingToken, romeDate } from '@sodalis/contracts';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { openDatabase } from '../src/db/database.js';
import { generateListData } from './list-data.js';
import {
  ADMIN_FIRST_SCREEN_BUDGET_KB,
  ADMIN_ROUTE_CHUNK,
  BROWSER_ACCEPT_ENCODING,
  budgetLine,
  INITIAL_JS_BUDGET_KB,
  pageJavaScript,
  type FetchedAsset,
} from './page-weight.js';
import { freePort, start, startDemoServer, stop, waitUntilUp } from './processes.js';

/**
 * `npm run bench`: starts the production server on a fresh copy of the demo data and a
 * yardstick (a bare Fastify route answering a constant body of the same bytes), measures both
 * in interleaved rounds in one run, and prints throughput ratios. It reports; no test asserts
 * a time.
 */

/** The bytes of a GET as they travel (compressed when the server compresses), and the text. */
function sentBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.byteLength));
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(bytes)
            : reject(new Error(`${url}: ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/** An asset of the server as the browser gets it (the text, and the bytes on the wire). */
function fetchFrom(serverUrl: string): (file: string) => Promise<FetchedAsset> {
  return async (file) => ({
    text: await (await fetch(`${serverUrl}${file}`)).text(),
    sentBytes: await sentBytes(`${serverUrl}${file}`),
  });
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = 10;

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** A different body for each request (defeats the content cache, to measure the queries). */
  varyBody?: (index: number) => string;
  /** The goal for the ratio, printed beside it; absent for figures that are only reported. */
  goal?: number;
}

/** Stands for the first news item's address, read from the news list at start. */
const NEWS_PAGE = '<prima news della home>';
/** Stands for the first event's address, read from `/eventi` at start. */
const EVENT_PAGE = '<primo evento>';

const TARGETS: Target[] = [
  {
    name: 'GetArticoli (prima pagina, 4 notizie)',
    method: 'POST',
    path: '/api/v1/SharepointContent/GetArticoli',
    body: JSON.stringify({
      paginated: true,
      dataOffset: '4',
      orderByFields: 'Datapubblicazione',
      ascending: false,
    }),
    goal: 0.5,
  },
  { name: 'Home (pagina resa sul server)', method: 'GET', path: '/', goal: 0.25 },
  { name: 'Elenco news (pagina resa sul server)', method: 'GET', path: '/news', goal: 0.25 },
  // The address of the news list's first item, found at start (see main).
  { name: 'Pagina di una news (resa sul server)', method: 'GET', path: NEWS_PAGE, goal: 0.25 },
  // The congress's page, with its fees (ADR 047, 048).
  { name: 'Pagina di un evento (resa sul server)', method: 'GET', path: EVENT_PAGE, goal: 0.25 },
  {
    name: 'GetArticoli senza cache (token diverso a ogni richiesta)',
    method: 'POST',
    path: '/api/v1/SharepointContent/GetArticoli',
    body: JSON.stringify({ paginated: true, dataOffset: '4' }),
    varyBody: (index) =>
      JSON.stringify({
        paginated: true,
        dataOffset: '4',
        pagingInfo: `Paged=TRUE&p_ID=${1_000_000 + index}&p_Datapubblicazione=2999-12-31`,
      }),
    goal: 0.5,
  },
];

/**
 * The CPU time a process has used, in ms (Linux's /proc, user and system time, counted in the
 * kernel's fixed 100 ticks a second; 0 where there is none).
 */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * Requests a second of `target` at `url`, and the CPU time per request of the process `pid`
 * answering it (µs): on a machine whose cores the load generator shares, the CPU a request
 * costs varies less than the requests a second (ADR 038).
 */
async function measure(
  url: string,
  target: Target,
  pid: number | undefined,
): Promise<{ perSecond: number; cpuMicros: number }> {
  const before = cpuMs(pid);
  const { perSecond, total } = await requestsPerSecond(url, target);
  return { perSecond, cpuMicros: total > 0 ? ((cpuMs(pid) - before) * 1000) / total : 0 };
}

async function requestsPerSecond(
  url: string,
  target: Target,
): Promise<{ perSecond: number; total: number }> {
  let index = 0;
  const vary = target.varyBody;
  const result = await autocannon({
    url,
    method: target.method,
    connections: CONNECTIONS,
    duration: SECONDS,
    ...(target.body ? { body: target.body, headers: { 'content-type': 'application/json' } } : {}),
    ...(vary
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                body: vary((index += 1)),
              }),
            },
          ],
        }
      : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} risposte non 2xx, ${result.errors} errori`);
  }
  return { perSecond: result.requests.average, total: result.requests.total };
}

/** The large archive of the latency figures (ADR 020): news items and members generated. */
const LARGE_NEWS = Number(process.env.BENCH_NEWS ?? 100_000);
const LARGE_MEMBERS = 20_000;
/** Resident memory goal under load (ADR 020). */
const RSS_GOAL_MB = 200;
/** The deep page measured beside the first: keyset paging should make them cost alike. */
const DEEP_PAGE = 500;
const NEWS_PAGE_SIZE = 4;

/** The resident memory of a process, in MB (Linux's /proc; 0 where there is none). */
function residentMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * A second server on a copy of the demo data grown to LARGE_NEWS news items and LARGE_MEMBERS
 * accounts; the token of the first item of page DEEP_PAGE of the news list, as a reader who
 * paged there would send it.
 */
async function startLargeServer(
  work: string,
  children: ChildProcess[],
): Promise<{ server: ChildProcess; serverUrl: string; deepToken: string }> {
  fs.mkdirSync(work, { recursive: true });
  const first = await startDemoServer(work, children);
  await stop(first.server);
  const database = openDatabase({
    databaseUrl: null,
    dataDir: path.join(work, 'data'),
    logger: pino({ enabled: false }),
  });
  let deepToken = '';
  try {
    await generateListData(database.db, { news: LARGE_NEWS, members: LARGE_MEMBERS });
    const before = await database.db
      .selectFrom('articles')
      .select(['id', 'published_on'])
      .where('published', '=', 1)
      .where('published_on', '<=', romeDate())
      .orderBy('published_on', 'desc')
      .orderBy('id', 'desc')
      .offset((DEEP_PAGE - 1) * NEWS_PAGE_SIZE - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    deepToken = encodePagingToken({
      id: before.id,
      sortValues: { Datapubblicazione: before.published_on },
    });
  } finally {
    await database.close();
  }
  const { server, serverUrl } = await startDemoServer(work, children);
  return { server, serverUrl, deepToken };
}

interface Latency {
  p50: number;
  p99: number;
}

/**
 * Latency of one page of the news list under load. Each request carries a different unknown
 * field (the schema drops it) so the content cache never answers: the query is measured.
 */
async function latencyOf(url: string, filter: Record<string, unknown>): Promise<Latency> {
  let index = 0;
  const bodyOf = () =>
    JSON.stringify({ ...filter, dataOffset: String(NEWS_PAGE_SIZE), richiesta: (index += 1) });
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: SECONDS,
    body: bodyOf(),
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: bodyOf() }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} risposte non 2xx, ${result.errors} errori`);
  }
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

/**
 * The first page and page DEEP_PAGE of the news list on the large archive, in interleaved
 * rounds, with the server's resident memory sampled while they run.
 */
async function measureLargeArchive(work: string, children: ChildProcess[]): Promise<void> {
  const { server, serverUrl, deepToken } = await startLargeServer(work, children);
  const url = `${serverUrl}/api/v1/SharepointContent/GetArticoli`;
  const pages: [string, Record<string, unknown>][] = [
    ['prima pagina', { paginated: true }],
    [`pagina ${DEEP_PAGE}`, { paginated: true, pagingInfo: deepToken }],
  ];
  console.log(
    `Archivio grande: ${LARGE_NEWS} news e ${LARGE_MEMBERS} iscritti generati; GetArticoli senza cache, ${NEWS_PAGE_SIZE} per pagina`,
  );
  let peakRss = residentMb(server.pid);
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, residentMb(server.pid));
  }, 100);
  try {
    const totals = pages.map(() => ({ p50: 0, p99: 0 }));
    await latencyOf(url, pages[0]?.[1] ?? {});
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [index, [name, filter]] of pages.entries()) {
        const latency = await latencyOf(url, filter);
        const total = totals[index] as Latency;
        total.p50 += latency.p50;
        total.p99 += latency.p99;
        console.log(`  giro ${round}: ${name} p50 ${latency.p50} ms, p99 ${latency.p99} ms`);
      }
    }
    for (const [index, [name]] of pages.entries()) {
      const total = totals[index] as Latency;
      console.log(
        `Latenza ${name} (media dei giri): p50 ${(total.p50 / ROUNDS).toFixed(1)} ms, p99 ${(total.p99 / ROUNDS).toFixed(1)} ms`,
      );
    }
  } finally {
    clearInterval(sampler);
  }
  console.log(
    `Memoria del server sotto carico: ${peakRss.toFixed(0)} MB RSS al massimo (obiettivo <= ${RSS_GOAL_MB} MB: ${peakRss <= RSS_GOAL_MB ? 'OK' : 'SOPRA OBIETTIVO'})`,
  );
  await stop(server);
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-bench-'));
  const children: ChildProcess[] = [];
  try {
    const { server, serverUrl } = await startDemoServer(work, children);

    console.log(
      `Sodalis bench: ${ROUNDS} giri alternati da ${SECONDS} s, ${CONNECTIONS} connessioni, Node ${process.version}`,
    );
    const homeHtml = await (await fetch(`${serverUrl}/`)).text();
    const newsList = await (await fetch(`${serverUrl}/news`)).text();
    const newsPage = /href="(\/news\/\d+[^"]*)"/.exec(newsList)?.[1];
    if (newsPage === undefined) throw new Error('nessuna news nell’elenco');
    const eventsList = await (await fetch(`${serverUrl}/eventi`)).text();
    const eventPage = /href="(\/eventi\/\d+[^"]*)"/.exec(eventsList)?.[1];
    if (eventPage === undefined) throw new Error('nessun evento nell’elenco');
    const homeJs = await pageJavaScript(homeHtml, fetchFrom(serverUrl));
    const homeHtmlSent = await sentBytes(`${serverUrl}/`);
    console.log(
      `Home: HTML ${(Buffer.byteLength(homeHtml) / 1024).toFixed(1)} KB, ${(homeHtmlSent / 1024).toFixed(1)} KB come inviato (compresso)`,
    );
    console.log(
      budgetLine(
        'Home: JavaScript iniziale',
        homeJs.sentBytes,
        homeJs.files.length,
        INITIAL_JS_BUDGET_KB,
      ),
    );
    // The stylesheets the home links (render-blocking unless inlined), as sent.
    const stylesheets = [
      ...homeHtml.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/g),
    ].map((match) => match[1] as string);
    let homeCssSent = 0;
    for (const sheet of stylesheets) homeCssSent += await sentBytes(`${serverUrl}${sheet}`);
    console.log(
      `Home: CSS ${(homeCssSent / 1024).toFixed(1)} KB come inviato in ${stylesheets.length} file; in tutto (HTML, JavaScript iniziale, CSS) ${((homeHtmlSent + homeJs.sentBytes + homeCssSent) / 1024).toFixed(1)} KB come inviati`,
    );
    const adminHtml = await (await fetch(`${serverUrl}/amministrazione`)).text();
    const adminJs = await pageJavaScript(adminHtml, fetchFrom(serverUrl), ADMIN_ROUTE_CHUNK);
    console.log(
      budgetLine(
        'Amministrazione: JavaScript della prima schermata',
        adminJs.sentBytes,
        adminJs.files.length,
        ADMIN_FIRST_SCREEN_BUDGET_KB,
      ),
    );

    for (const configured of TARGETS) {
      const pages: Record<string, string> = { [NEWS_PAGE]: newsPage, [EVENT_PAGE]: eventPage };
      const target = { ...configured, path: pages[configured.path] ?? configured.path };
      const response = await fetch(`${serverUrl}${target.path}`, {
        method: target.method,
        ...(target.body
          ? { body: target.body, headers: { 'content-type': 'application/json' } }
          : {}),
      });
      const answer = await response.text();
      if (!response.ok) throw new Error(`${target.path}: ${response.status} ${answer}`);
      const bodyFile = path.join(work, 'yardstick-body.json');
      fs.writeFileSync(bodyFile, answer);

      const yardstickPort = await freePort();
      // The yardstick's source through tsx: transpiled once as it loads, the same code after.
      const yardstick = start(
        path.join(import.meta.dirname, 'yardstick.ts'),
        { YARDSTICK_BODY_FILE: bodyFile, PORT: String(yardstickPort) },
        path.join(work, 'yardstick.log'),
        ['--import', 'tsx'],
      );
      children.push(yardstick);
      const yardstickUrl = `http://127.0.0.1:${yardstickPort}/constant`;
      await waitUntilUp(yardstickUrl, yardstick);

      // Warm-up, then alternate rounds so drift on the machine hits both sides alike.
      await requestsPerSecond(`${serverUrl}${target.path}`, { ...target });
      let measured = 0;
      let baseline = 0;
      let measuredCpu = 0;
      let baselineCpu = 0;
      for (let round = 1; round <= ROUNDS; round += 1) {
        const ours = await measure(`${serverUrl}${target.path}`, target, server.pid);
        const bare = await measure(yardstickUrl, target, yardstick.pid);
        measured += ours.perSecond;
        baseline += bare.perSecond;
        measuredCpu += ours.cpuMicros;
        baselineCpu += bare.cpuMicros;
        console.log(
          `  giro ${round}: ${target.name} ${ours.perSecond.toFixed(0)} req/s (${ours.cpuMicros.toFixed(0)} µs di CPU del server per richiesta), metro ${bare.perSecond.toFixed(0)} req/s (${bare.cpuMicros.toFixed(0)} µs)`,
        );
      }
      const ratio = measured / baseline;
      const goal =
        target.goal === undefined
          ? 'solo misura'
          : `obiettivo >= ${target.goal}: ${ratio >= target.goal ? 'OK' : 'SOTTO OBIETTIVO'}`;
      console.log(
        `${target.name}: rapporto ${ratio.toFixed(2)} sul metro (${Buffer.byteLength(answer)} byte per risposta; ${goal}); CPU per richiesta ${(measuredCpu / ROUNDS).toFixed(0)} µs contro ${(baselineCpu / ROUNDS).toFixed(0)} µs del metro, rapporto ${measuredCpu > 0 ? (baselineCpu / measuredCpu).toFixed(2) : '-'}`,
      );
      await stop(yardstick);
    }
    await measureLargeArchive(path.join(work, 'grande'), children);
    await measureRegistrationSpike(path.join(work, 'iscrizioni'), children);
  } finally {
    await Promise.all(children.map(stop));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
