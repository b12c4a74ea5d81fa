import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MembersService } from '../../../src/modules/accounts/members-service.js';
import { parseCsv } from '../../../src/text/csv.js';
import { nodeArgumentsFor } from '../../helpers/server-process.js';
import {
  createTestApp,
  fixedClock,
  makeTempDir,
  testEngines,
  type TestApp,
} from '../../helpers/test-app.js';

const run = promisify(execFile);
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('reading CSV', () => {
  it('reads commas or semicolons, quotes, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa;b;c\r\n"x;1";"di ""lei""";\r\n\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x;1', 'di "lei"', ''],
    ]);
    expect(parseCsv('email,nome\nm@x.it,Anna')).toEqual([
      ['email', 'nome'],
      ['m@x.it', 'Anna'],
    ]);
  });
});

describe.each(testEngines())('managing accounts on %s', (engine) => {
  let testApp: TestApp;
  let members: MembersService;

  beforeEach(async () => {
    testApp = await createTestApp(engine, { clock: fixedClock('2026-11-22') });
    members = new MembersService({
      db: testApp.app.services.db,
      clock: testApp.app.services.clock,
      society: { acronym: 'SIMTI', publicBaseUrl: 'https://www.simti.example' },
    });
  });

  afterEach(async () => {
    await testApp.close();
  });

  const CSV = [
    'Email;Nome;Cognome;Ruolo',
    'anna.rossi@example.org;Anna;Rossi;socio',
    'MARIO.BIANCHI@example.org;Mario;Bianchi;Affiliato',
    'non-una-email;Carla;Verdi;socio',
    'luca.neri@example.org;;Neri;socio',
    'sara.gialli@example.org;Sara;Gialli;presidente',
    'anna.rossi@example.org;Anna;Rossi;socio',
  ].join('\n');

  it('previews an import, applies it once, and finds nothing new the second time', async () => {
    const preview = await members.importCsv(CSV, { apply: false });
    expect(preview.created).toEqual(['anna.rossi@example.org', 'mario.bianchi@example.org']);
    expect(await testApp.app.services.db.selectFrom('members').select('id').execute()).toEqual([]);
    expect(preview.rejected).toEqual([
      { line: 4, reason: 'e-mail "non-una-email" non valida' },
      { line: 5, reason: 'nome e cognome sono obbligatori' },
      {
        line: 6,
        reason:
          'ruolo "presidente" non valido: usa socio, affiliato, segreteria, redazione, tesoreria, eventi, partecipante',
      },
      { line: 7, reason: 'anna.rossi@example.org compare più volte nel file' },
    ]);
    const applied = await members.importCsv(CSV, { apply: true });
    expect(applied.created).toHaveLength(2);
    const again = await members.importCsv(
      CSV.replace('Mario;Bianchi;Affiliato', 'Mario;Bianchi;socio'),
      { apply: true },
    );
    expect(again).toMatchObject({
      created: [],
      updated: ['mario.bianchi@example.org'],
      unchanged: ['anna.rossi@example.org'],
    });
    const rows = await testApp.app.services.db
      .selectFrom('members')
      .select(['email', 'role', 'password_changed', 'password_hash'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'anna.rossi@example.org', role: 'socio', password_changed: 0, password_hash: null },
      {
        email: 'mario.bianchi@example.org',
        role: 'socio',
        password_changed: 0,
        password_hash: null,
      },
    ]);
  });

  it('refuses a file without the required columns', async () => {
    await expect(members.importCsv('email;nome\nx@y.it;X', { apply: true })).rejects.toThrow(
      'intestazione mancante: cognome, ruolo',
    );
  });

  it('adds, changes role, disables and invites, queueing the invitation e-mail', async () => {
    await members.add({
      email: 'Paolo.Blu@example.org',
      firstName: 'Paolo',
      lastName: 'Blu',
      role: 'socio',
    });
    await expect(
      members.add({ email: 'paolo.blu@example.org', firstName: 'P', lastName: 'B', role: 'socio' }),
    ).rejects.toThrow('esiste già');
    await members.changeRole('paolo.blu@example.org', 'affiliato');
    await members.invite('paolo.blu@example.org');
    const outbox = await testApp.app.services.db
      .selectFrom('outbox')
      .select(['kind', 'payload_json'])
      .execute();
    expect(outbox).toHaveLength(1);
    const job = JSON.parse(outbox[0]?.payload_json ?? '{}') as { to: string[]; text: string };
    expect(job.to).toEqual(['paolo.blu@example.org']);
    expect(job.text).toMatch(
      /https:\/\/www\.simti\.example\/area-riservata-resetpwd\?token=[A-Za-z0-9_-]{43}&username=paolo\.blu%40example\.org/,
    );
    await members.setStatus('paolo.blu@example.org', 'disabled');
    await expect(members.invite('paolo.blu@example.org')).rejects.toThrow('disattivato');
    await expect(members.changeRole('nessuno@example.org', 'socio')).rejects.toThrow(
      'nessun account',
    );
    await expect(members.changeRole('paolo.blu@example.org', 'capo')).rejects.toThrow(
      'ruolo "capo" non valido',
    );
  });
});

// Each command is a real process (the built one when current, else through tsx): slow on a
// loaded two-core machine.
describe('the command line', { timeout: 120_000 }, () => {
  it('imports a CSV into the data folder of the directory it is run from', async () => {
    const dir = makeTempDir('sodalis-cli-');
    try {
      fs.writeFileSync(
        path.join(dir, 'soci.csv'),
        'email,nome,cognome,ruolo\nanna.rossi@example.org,Anna,Rossi,socio\nx,Y,Z,socio\n',
      );
      const env = { ...process.env, INIT_CWD: dir, DEMO_CONTENT: 'false', DATA_DIR: './dati' };
      const cli = (...args: string[]) =>
        run(process.execPath, [...nodeArgumentsFor('cli/index'), ...args], {
          cwd: SERVER_ROOT,
          env,
        });
      const preview = await cli('membri:importa', 'soci.csv');
      expect(preview.stdout).toContain('Anteprima');
      expect(preview.stdout).toContain('nuovi: 1 (anna.rossi@example.org)');
      expect(preview.stdout).toContain('riga 3: e-mail "x" non valida');
      const applied = await cli('membri:importa', 'soci.csv', '--applica');
      expect(applied.stdout).toContain('Importazione eseguita');
      expect(fs.existsSync(path.join(dir, 'dati', 'sodalis.db'))).toBe(true);
      const again = await cli('membri:importa', 'soci.csv', '--applica');
      expect(again.stdout).toContain('invariati: 1');
      await expect(cli('membri:ruolo', 'nessuno@example.org', 'socio')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Errore: nessun account'),
      });
      await expect(cli('comando-inventato')).rejects.toMatchObject({ code: 1 });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
