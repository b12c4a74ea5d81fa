/**
 * `npm run build`: builds every workspace, unless nothing it is built from has changed since the
 * last build (ADR 039). `npm test` and `npm start` build first; on an unchanged checkout that
 * build is a minute of two cores spent to write the same files again. The stamp is a hash of the
 * sources the build reads (every file git knows but tests, end-to-end tests and docs), the lock
 * file and the Node version; the outputs must exist too. `--force` builds anyway.
 *
 * The contracts come first (the server and the web app import their build); then the server and
 * the web app build side by side, one core each: each is one process that keeps one core busy.
 *
 *   tsx scripts/build.ts [--force]
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP = path.join(ROOT, 'node_modules', '.cache', 'sodalis-build-stamp');
/** What the build writes; a stamp without them means nothing. */
const OUTPUTS = ['packages/contracts/dist', 'apps/server/dist/server.js', 'apps/web/build/client'];
/** Files no build reads. */
const NOT_BUILT_FROM = [
  /^e2e\//,
  /^docs\//,
  /^apps\/server\/test\//,
  /^apps\/server\/bench\//,
  /^apps\/web\/test\//,
  /\.test\.tsx?$/,
  /^\.ci\//,
  /\.md$/,
];

/**
 * The hash of what the build is made from, or null outside a git checkout (a copy without
 * history is always built).
 */
export function buildInputsHash(root = ROOT): string | null {
  let listing: string;
  try {
    listing = execFileSync(
      'git',
      ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(process.version);
  for (const file of listing.split('\0').filter(Boolean).sort()) {
    if (NOT_BUILT_FROM.some((pattern) => pattern.test(file))) continue;
    const full = path.join(root, file);
    // A tracked file deleted in the working tree is listed by git but is not there.
    if (!fs.existsSync(full)) continue;
    hash.update(file).update('\0').update(fs.readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Whether the outputs on disk were built from the sources as they are now (`inputs`: their hash,
 * when the caller has it already).
 */
export function buildIsCurrent(inputs: string | null = buildInputsHash()): boolean {
  if (inputs === null || !OUTPUTS.every((output) => fs.existsSync(path.join(ROOT, output))))
    return false;
  try {
    return fs.readFileSync(STAMP, 'utf8').trim() === inputs;
  } catch {
    return false;
  }
}

/** The workspaces built first, then those built side by side once they are. */
export const BUILD_STAGES = [['@sodalis/contracts'], ['@sodalis/server', '@sodalis/web']];

/**
 * `npm run build` of one workspace; its output is printed whole when it ends, so two builds
 * side by side do not mix their lines. Resolves with its exit status.
 */
function buildWorkspace(workspace: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--workspace', workspace], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      resolve(1);
    });
    child.on('close', (status) => {
      process.stdout.write(Buffer.concat(output));
      resolve(status ?? 1);
    });
  });
}

async function build(force: boolean): Promise<number> {
  const inputs = buildInputsHash();
  if (!force && buildIsCurrent(inputs)) {
    console.log('Build già aggiornata: nessun sorgente è cambiato dall’ultima (--force la rifà).');
    return 0;
  }
  // The stamp goes first: a build that fails halfway leaves no stamp claiming it is current.
  fs.rmSync(STAMP, { force: true });
  for (const stage of BUILD_STAGES) {
    const statuses = await Promise.all(stage.map(buildWorkspace));
    const failed = statuses.find((status) => status !== 0);
    if (failed !== undefined) return failed;
  }
  if (inputs !== null) {
    fs.mkdirSync(path.dirname(STAMP), { recursive: true });
    fs.writeFileSync(STAMP, `${inputs}\n`);
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exit(await build(process.argv.includes('--force')));
}
