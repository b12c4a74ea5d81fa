import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { liveCall, liveSignIn, newsForm } from '../helpers/live-site.js';
import { minimalPdf } from '../helpers/pdf-corpus.js';
import {
  runCliProcess,
  startServerProcess,
  type ServerProcess,
} from '../helpers/server-process.js';
import { createPostgresDatabase, makeTempDir, testEngines } from '../helpers/test-app.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Where the file store keeps a blob (content-addressed, `files/ab/abcd…`). */
const blobPath = (dataDir: string, digest: string) =>
  path.join(dataDir, 'files', digest.slice(0, 2), digest);

interface Acknowledged {
  id: number;
  title: string;
  pdf: Buffer;
}

// Real processes (server, CLI, server again; helpers/server-process.ts): slow on a loaded
// two-core machine.
describe.each(testEngines())(
  'backup and restore on %s (ADR 033)',
  { timeout: 240_000 },
  (engine) => {
    const cleanups: (() => Promise<void> | void)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    async function site(): Promise<{ dataDir: string; env: Record<string, string> }> {
      const dataDir = makeTempDir('sodalis-backup-data-');
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env: Record<string, string> = { DATA_DIR: dataDir, DEMO_CONTENT: 'true' };
      if (engine === 'postgres') {
        const database = await createPostgresDatabase();
        cleanups.push(database.drop);
        env.DATABASE_URL = database.url;
        if (process.env.TEST_PG_BIN) env.PG_BIN = process.env.TEST_PG_BIN;
      }
      return { dataDir, env };
    }

    function started(env: Record<string, string>): ServerProcess {
      const server = startServerProcess(env);
      cleanups.push(async () => {
        server.child.kill('SIGTERM');
        await server.exited;
      });
      return server;
    }

    it('copies a server under write load and restores every acknowledged row and file', async () => {
      const original = await site();
      const baseUrl = await started(original.env).listening;
      const token = await liveSignIn(baseUrl, 'segreteria');

      // Writers through the API, each news item with a PDF of its own, until told to stop.
      const acknowledged: Acknowledged[] = [];
      let writing = true;
      let counter = 0;
      const writer = async () => {
        while (writing) {
          counter += 1;
          const title = `Notizia sotto carico ${counter}`;
          const pdf = minimalPdf(title);
          const answer = await liveCall<{ id: number }>(baseUrl, 'POST', '/api/v1/Admin/News', {
            token,
            body: newsForm(title, [{ fileName: 'carico.pdf', content: pdf.toString('base64') }]),
          });
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          acknowledged.push({ id: answer.body.data.id, title, pdf });
        }
      };
      const writers = [writer(), writer(), writer()];
      while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 50));

      const before = [...acknowledged];
      const backupDir = path.join(makeTempDir('sodalis-backup-'), 'copia');
      cleanups.push(() => fs.rmSync(path.dirname(backupDir), { recursive: true, force: true }));
      const backup = await runCliProcess(['backup', backupDir], original.env);
      const duringBackup = acknowledged.length - before.length;
      writing = false;
      await Promise.all(writers);
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.stdout).toContain('Copia di sicurezza in');
      // The writes went on while the copy was taken (the server was not paused).
      expect(duringBackup).toBeGreaterThan(0);

      const manifest = JSON.parse(
        fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8'),
      ) as {
        tables: Record<string, number>;
        files: { path: string; sha256: string }[];
      };
      expect(manifest.tables.articles).toBeGreaterThanOrEqual(before.length);

      // A restore refuses a DATA_DIR that holds anything, in Italian.
      const refused = await runCliProcess(['restore', backupDir], original.env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('non è vuota');

      const restored = await site();
      const restore = await runCliProcess(['restore', backupDir], restored.env);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('checksum verificati');

      // Every file of the copy has the bytes of the original's.
      for (const entry of manifest.files) {
        const bytes = fs.readFileSync(path.join(restored.dataDir, entry.path));
        expect(
          bytes.equals(fs.readFileSync(path.join(original.dataDir, entry.path))),
          entry.path,
        ).toBe(true);
      }

      const restoredUrl = await started(restored.env).listening;
      // The session opened before the backup is one of the copied rows, signed with the copied
      // secret: it is valid on the restored site too.
      const staffToken = token;
      for (const item of before) {
        const answer = await liveCall<{ title: string; attachments: { id: number }[] }>(
          restoredUrl,
          'GET',
          `/api/v1/Admin/News/${item.id}`,
          { token: staffToken },
        );
        expect(answer.status, item.title).toBe(200);
        expect(answer.body.data.title).toBe(item.title);
        expect(answer.body.data.attachments).toHaveLength(1);
        const blob = blobPath(restored.dataDir, sha256(item.pdf));
        expect(fs.readFileSync(blob).equals(item.pdf), item.title).toBe(true);
      }
    });

    it('refuses a folder that is not a backup, in Italian', async () => {
      const empty = await site();
      const notABackup = makeTempDir('sodalis-not-backup-');
      cleanups.push(() => fs.rmSync(notABackup, { recursive: true, force: true }));
      fs.rmSync(empty.dataDir, { recursive: true, force: true });
      const answer = await runCliProcess(['restore', notABackup], empty.env);
      expect(answer.code).toBe(1);
      expect(answer.stderr).toContain('non è una copia fatta con "backup"');
      expect(fs.existsSync(empty.dataDir)).toBe(false);
    });
  },
);
