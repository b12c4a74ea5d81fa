import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The bench scripts' processes: the production server on demo data, and its yardstick. */

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function waitUntilUp(url: string, child: ChildProcess): Promise<void> {
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

/**
 * The V8 flags `npm start` runs the server with (apps/server/package.json; ADR 020): under
 * load V8 let the old generation grow to twice what is live before collecting it, so the
 * resident memory passed 200 MB; `--optimize-for-size` collects sooner.
 */
export const SERVER_NODE_FLAGS = ['--optimize-for-size'];

export function start(
  script: string,
  env: Record<string, string>,
  logFile: string,
  nodeFlags: string[] = [],
): ChildProcess {
  const log = fs.openSync(logFile, 'a');
  return spawn(process.execPath, [...nodeFlags, script], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', log, log],
  });
}

export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The production server on a fresh copy of the demo data in `work`; its base URL once up. */
export async function startDemoServer(
  work: string,
  children: ChildProcess[],
): Promise<{ server: ChildProcess; serverUrl: string }> {
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
    SERVER_NODE_FLAGS,
  );
  children.push(server);
  const serverUrl = `http://127.0.0.1:${serverPort}`;
  await waitUntilUp(`${serverUrl}/healthz`, server);
  return { server, serverUrl };
}
