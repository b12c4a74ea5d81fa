import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

/**
 * `npm run bench`: starts the production server on a fresh copy of the demo data and a
 * yardstick (a bare Fastify route answering a constant body of the same bytes), measures both
 * in interleaved rounds in one run, and prints throughput ratios. It reports; no test asserts
 * a time.
 */

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_CLIENT_BUILD = path.resolve(DIST, '../../web/build/client');
/** Budget of the home page's initial JavaScript (ADR 006). */
const INITIAL_JS_BUDGET_KB = 130;

/**
 * The JavaScript a browser loads to start the page: every `/assets/*.js` the HTML names
 * (module scripts and modulepreload links), gzip-compressed as a server would send it.
 */
function initialJavaScript(html: string): { files: number; gzipBytes: number } {
  const files = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((match) => match[0]));
  let gzipBytes = 0;
  for (const file of files)
    gzipBytes += gzipSync(fs.readFileSync(path.join(WEB_CLIENT_BUILD, file)), {
      level: 9,
    }).byteLength;
  return { files: files.size, gzipBytes };
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
  {
    name: 'Home (pagina resa sul server)',
    method: 'GET',
    path: '/',
  },
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
  },
];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`processo uscito con codice ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} non risponde`);
}

function start(script: string, env: Record<string, string>, logFile: string): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  return spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', log, log],
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function requestsPerSecond(url: string, target: Target): Promise<number> {
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
  return result.requests.average;
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-bench-'));
  const children: ChildProcess[] = [];
  try {
    const serverPort = await freePort();
    const server = start(
      path.join(DIST, 'server.js'),
      {
        NODE_ENV: 'production',
        DATA_DIR: path.join(work, 'data'),
        DEMO_CONTENT: 'true',
        HOST: '127.0.0.1',
        PORT: String(serverPort),
        LOG_LEVEL: 'info',
      },
      path.join(work, 'server.log'),
    );
    children.push(server);
    const serverUrl = `http://127.0.0.1:${serverPort}`;
    await waitUntilUp(`${serverUrl}/healthz`, server);

    console.log(
      `Sodalis bench: ${ROUNDS} giri alternati da ${SECONDS} s, ${CONNECTIONS} connessioni, Node ${process.version}`,
    );
    for (const target of TARGETS) {
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
      const yardstick = start(
        path.join(DIST, 'bench', 'yardstick.js'),
        { YARDSTICK_BODY_FILE: bodyFile, PORT: String(yardstickPort) },
        path.join(work, 'yardstick.log'),
      );
      children.push(yardstick);
      const yardstickUrl = `http://127.0.0.1:${yardstickPort}/constant`;
      await waitUntilUp(yardstickUrl, yardstick);

      // Warm-up, then alternate rounds so drift on the machine hits both sides alike.
      await requestsPerSecond(`${serverUrl}${target.path}`, { ...target });
      let measured = 0;
      let baseline = 0;
      for (let round = 1; round <= ROUNDS; round += 1) {
        const targetRps = await requestsPerSecond(`${serverUrl}${target.path}`, target);
        const baselineRps = await requestsPerSecond(yardstickUrl, target);
        measured += targetRps;
        baseline += baselineRps;
        console.log(
          `  giro ${round}: ${target.name} ${targetRps.toFixed(0)} req/s, metro ${baselineRps.toFixed(0)} req/s`,
        );
      }
      const ratio = measured / baseline;
      const goal =
        target.goal === undefined
          ? 'solo misura'
          : `obiettivo >= ${target.goal}: ${ratio >= target.goal ? 'OK' : 'SOTTO OBIETTIVO'}`;
      console.log(
        `${target.name}: rapporto ${ratio.toFixed(2)} sul metro (${Buffer.byteLength(answer)} byte per risposta; ${goal})`,
      );
      await stop(yardstick);
      if (target.path === '/') {
        const js = initialJavaScript(answer);
        const kb = js.gzipBytes / 1024;
        console.log(
          `Home: JavaScript iniziale ${kb.toFixed(1)} KB gzip in ${js.files} file (obiettivo <= ${INITIAL_JS_BUDGET_KB} KB: ${kb <= INITIAL_JS_BUDGET_KB ? 'OK' : 'SOPRA OBIETTIVO'})`,
        );
      }
    }
  } finally {
    await Promise.all(children.map(stop));
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
