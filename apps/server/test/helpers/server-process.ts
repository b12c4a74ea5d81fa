import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the base URL once the server listens. */
  listening: Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stderr(): string;
  logLines(): Record<string, unknown>[];
}

/**
 * How Node starts a program of the server (`server`, `cli/index`): the built one, as `npm start`
 * does, when the build on disk is the sources' own (`npm test` builds first); otherwise the
 * sources through tsx, as `npm run dev` does. The built program starts with half the CPU, which
 * the process tests' two dozen starts feel on a 2-core machine (ADR 039).
 */
export function nodeArgumentsFor(program: 'server' | 'cli/index'): string[] {
  return inject('serverBuildCurrent')
    ? [`dist/${program}.js`]
    : ['--conditions=sodalis-source', '--import', 'tsx', `src/${program}.ts`];
}

/** Starts the server as a real process (nodeArgumentsFor). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, nodeArgumentsFor('server'), {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderrText = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString();
  });
  const lines: Record<string, unknown>[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  const listening = new Promise<string>((resolve, reject) => {
    const reader = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    reader.on('line', (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        lines.push(entry);
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(String(entry.msg));
        if (match?.[1]) resolve(match[1]);
      } catch {
        lines.push({ raw: line });
      }
    });
    void exited.then(({ code }) => reject(new Error(`server exited with ${code}: ${stderrText}`)));
  });
  listening.catch(() => undefined);
  return { child, listening, exited, stderr: () => stderrText, logLines: () => lines };
}

/** Runs the command line to its end as a real process (nodeArgumentsFor), as `npm run cli` would. */
export function runCliProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [...nodeArgumentsFor('cli/index'), ...args], {
    cwd: SERVER_ROOT,
    env: { PATH: process.env.PATH ?? '', INIT_CWD: SERVER_ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Whether the build on disk is the sources' own (scripts/vitest-build-state.ts). */
    serverBuildCurrent: boolean;
  }
}
