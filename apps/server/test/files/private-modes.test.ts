import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_FILE_NAME } from '../../src/db/database.js';
import { checkWritableDirectory, DataDirError } from '../../src/files/data-dir.js';
import { createMailer } from '../../src/mail/mailer.js';
import { createTestApp, makeTempDir, type TestApp } from '../helpers/test-app.js';

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

// What the server writes under DATA_DIR is the owner's alone (ADR 028), whatever the process's
// umask: the test runs with the usual 022, which would leave everything readable by others.
describe('modes of what the server writes', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps DATA_DIR and the SQLite database (with its WAL) to the owner', async () => {
    const { dataDir } = testApp.config;
    expect(modeOf(dataDir)).toBe(0o700);
    // A write, so the WAL exists.
    await testApp.app.services.contentCache.contentChanged();
    for (const name of [SQLITE_FILE_NAME, `${SQLITE_FILE_NAME}-wal`]) {
      expect(modeOf(path.join(dataDir, name)), name).toBe(0o600);
    }
  });

  it('stores files 0600 in folders 0700', async () => {
    const { sha256 } = await testApp.app.services.files.put(
      new TextEncoder().encode(`%PDF-1.4 prova dei permessi ${Date.now()}\n%%EOF\n`),
    );
    const file = path.join(testApp.config.dataDir, 'files', sha256.slice(0, 2), sha256);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(path.join(testApp.config.dataDir, 'files'))).toBe(0o700);
  });

  it('writes stored mail 0600 in a folder 0700', async () => {
    const mailDir = path.join(testApp.config.dataDir, 'mail');
    const mailer = createMailer({ smtpUrl: null, mailDir });
    await mailer.send({
      from: 'SIMTI <noreply@example.org>',
      to: ['socio@example.org'],
      subject: 'Prova',
      text: 'Prova dei permessi.',
      messageId: '<prova-permessi@example.org>',
      key: 'prova-permessi',
      attachments: [],
    });
    mailer.close();
    expect(modeOf(mailDir)).toBe(0o700);
    expect(modeOf(path.join(mailDir, 'prova-permessi.eml'))).toBe(0o600);
  });
});

describe('a data folder the server cannot use', () => {
  const dirs: string[] = [];

  afterAll(() => {
    for (const dir of dirs) {
      fs.chmodSync(dir, 0o700);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is named with the cause when a file stands in its way (refused to root too)', async () => {
    const parent = makeTempDir();
    dirs.push(parent);
    const file = path.join(parent, 'un-file');
    fs.writeFileSync(file, 'non una cartella');
    await expect(checkWritableDirectory(file)).rejects.toThrow(
      new DataDirError(file, 'esiste già un file con questo nome, non una cartella (EEXIST)'),
    );
    const below = path.join(file, 'dati');
    await expect(checkWritableDirectory(below)).rejects.toThrow(
      `La cartella dei dati ${below} non è utilizzabile: il percorso attraversa un file che non è una cartella (ENOTDIR).`,
    );
  });

  // Root passes every permission check, so a read-only folder refuses only other users.
  it.skipIf(process.getuid?.() === 0)('is named with the cause when it is read-only', async () => {
    const readOnly = makeTempDir();
    dirs.push(readOnly);
    fs.chmodSync(readOnly, 0o500);
    await expect(checkWritableDirectory(readOnly)).rejects.toThrow(
      `La cartella dei dati ${readOnly} non è utilizzabile: permesso negato (EACCES).`,
    );
  });
});
