import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of one test file alone, on its own port: a test that stops and starts
 * the database must not break the other files, which share the TEST_DATABASE_URL server. The
 * binaries are the ones scripts/test-postgres.sh uses; as root the cluster runs as `postgres`.
 */
export interface OwnPostgres {
  url: string;
  /** Stops the cluster: `fast` ends the sessions cleanly, `immediate` as a crash would. */
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  /** Stops the cluster (immediately) and removes its folder; never throws. */
  remove(): void;
}

/** Longest wait for one pg_ctl or initdb: a stuck command fails the test instead of hanging it. */
const COMMAND_TIMEOUT_MS = 60_000;

function postgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.readdirSync(root).sort((a, b) => Number(a) - Number(b));
  const latest = versions.at(-1);
  if (latest === undefined) throw new Error('PostgreSQL non installato');
  return path.join(root, latest, 'bin');
}

export function startOwnPostgres(port: number): OwnPostgres {
  const bin = postgresBin();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(folder, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  const logFile = path.join(folder, 'log');
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const [file, fileArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    try {
      // No pipes to the server: it writes to its log file, so nothing is left holding ours.
      execFileSync(file, fileArgs, { stdio: 'ignore', timeout: COMMAND_TIMEOUT_MS });
    } catch (error) {
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${program} ${args.join(' ')} non riuscito: ${String(error)}\n${log}`);
    }
  };
  const dataDir = path.join(folder, 'data');
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  // The port may be held for a moment by another process's short-lived client socket (it lies
  // in the ephemeral range while the suite runs end-to-end tests beside): a refused bind is
  // tried again a few times, any other failure is reported at once.
  const start = () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-o', options, 'start']);
        return;
      } catch (error) {
        if (attempt >= 5 || !String(error).includes('Address already in use')) throw error;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1_000);
      }
    }
  };
  const stop = (mode: 'fast' | 'immediate' = 'fast') =>
    run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop('immediate');
      } catch {
        // Already stopped.
      }
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
