/**
 * `npm test` after the build: the API and unit tests (Vitest) and the end-to-end tests
 * (Playwright) side by side, not one after the other (ADR 039, amended 2026-12-07).
 *
 * Measured on a 2-core machine, each runner alone kept the cores about three quarters busy: the
 * API tests wait on PostgreSQL and sockets, the browsers on the server, and both spend their
 * first seconds starting up. Side by side they fill each other's waits, and the whole run takes
 * the time of the work rather than the sum of the two waits. Neither runner's tests depend on
 * timing (none asserts a duration; waits are on conditions), so they pass as well on a busy
 * machine; the two share nothing but the CPU (each has its own databases, data folders and
 * ports).
 *
 * Each runner's lines are printed as they come, prefixed by its name; at the end, the last lines
 * of a runner that failed are printed again in one piece (its failures and summary), and the
 * exit code is the first non-zero one.
 *
 *   tsx scripts/test-together.ts
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';

const ROOT = path.resolve(import.meta.dirname, '..');
/** How much of a failed runner's output is printed again at the end. */
const TAIL_LINES = 250;

interface Runner {
  name: string;
  command: string;
  args: string[];
}

const RUNNERS: Runner[] = [
  { name: 'vitest', command: 'npx', args: ['vitest', 'run'] },
  { name: 'e2e', command: 'npm', args: ['run', 'test:e2e'] },
];

interface Finished {
  runner: Runner;
  code: number;
  seconds: number;
  tail: string[];
}

function run(runner: Runner): Promise<Finished> {
  const started = Date.now();
  const child = spawn(runner.command, runner.args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  const tail: string[] = [];
  const prefix = `${runner.name.padEnd(6)} │ `;
  const follow = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    readline.createInterface({ input: stream }).on('line', (line) => {
      out.write(prefix + line + '\n');
      tail.push(line);
      if (tail.length > TAIL_LINES) tail.shift();
    });
  };
  if (child.stdout) follow(child.stdout, process.stdout);
  if (child.stderr) follow(child.stderr, process.stderr);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({
        runner,
        code: code ?? (signal === null ? 1 : 128),
        seconds: Math.round((Date.now() - started) / 1000),
        tail,
      });
    });
    child.on('error', (error) => {
      tail.push(`${runner.name} non avviato: ${error.message}`);
      resolve({ runner, code: 1, seconds: 0, tail });
    });
  });
}

// A Ctrl-C reaches both runners (same process group); this process waits for them to end.
process.on('SIGINT', () => undefined);

const finished = await Promise.all(RUNNERS.map(run));
for (const result of finished) {
  if (result.code === 0) continue;
  process.stdout.write(
    `\n== ${result.runner.name}: ultime righe (uscito con ${result.code})\n${result.tail.join('\n')}\n`,
  );
}
process.stdout.write('\n');
for (const result of finished) {
  process.stdout.write(
    `== ${result.runner.name}: ${result.code === 0 ? 'superati' : 'NON superati'} in ${result.seconds} s\n`,
  );
}
process.exitCode = finished.find((result) => result.code !== 0)?.code ?? 0;
