import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILD_STAGES, buildInputsHash } from './build';

describe('the build stamp (scripts/build.ts)', () => {
  let checkout: string;
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(checkout, file)), { recursive: true });
    fs.writeFileSync(path.join(checkout, file), text);
  };

  beforeEach(() => {
    checkout = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-build-stamp-'));
    execFileSync('git', ['init', '-q'], { cwd: checkout });
    write('.gitignore', 'dist/\n');
    write('apps/server/src/app.ts', 'export const a = 1;\n');
    write('apps/server/test/app.test.ts', 'test\n');
    write('apps/web/app/page.test.tsx', 'test\n');
    write('docs/decisions/001.md', '# 1\n');
    write('package-lock.json', '{}\n');
  });
  afterEach(() => fs.rmSync(checkout, { recursive: true, force: true }));

  it('changes with a source, a new file or the lock file, not with tests, docs or outputs', () => {
    const first = buildInputsHash(checkout);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    write('apps/server/test/app.test.ts', 'another test\n');
    write('apps/web/app/page.test.tsx', 'another component test\n');
    write('docs/decisions/002.md', '# 2\n');
    write('dist/server.js', 'built\n');
    expect(buildInputsHash(checkout)).toBe(first);

    write('apps/server/src/app.ts', 'export const a = 2;\n');
    const changed = buildInputsHash(checkout);
    expect(changed).not.toBe(first);
    write('apps/server/src/new.ts', 'export {};\n');
    expect(buildInputsHash(checkout)).not.toBe(changed);
    const withNewFile = buildInputsHash(checkout);
    write('package-lock.json', '{"lockfileVersion":3}\n');
    expect(buildInputsHash(checkout)).not.toBe(withNewFile);
  });

  it('is null outside a git checkout: such a copy is always built', () => {
    const plain = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-no-git-'));
    try {
      expect(buildInputsHash(plain)).toBeNull();
    } finally {
      fs.rmSync(plain, { recursive: true, force: true });
    }
  });
});

describe('the build stages (scripts/build.ts)', () => {
  it('build every workspace that has a build script, each once, the contracts first', () => {
    const root = path.resolve(import.meta.dirname, '..');
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const withBuild = manifest.workspaces
      .map(
        (folder) =>
          JSON.parse(fs.readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
            name: string;
            scripts?: Record<string, string>;
          },
      )
      .filter((workspace) => workspace.scripts?.build !== undefined)
      .map((workspace) => workspace.name);
    expect(BUILD_STAGES.flat().sort()).toEqual([...withBuild].sort());
    expect(BUILD_STAGES[0]).toEqual(['@sodalis/contracts']);
  });
});
