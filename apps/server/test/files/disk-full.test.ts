import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { API_ERRORS } from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { createMailTestSite, samplePdf, type MailTestSite } from '../helpers/mail-test-app.js';
import { testEngines } from '../helpers/test-app.js';

/**
 * A disk that fills while the server runs (ADR 028): the write that fails is answered 503 with
 * Retry-After and the Italian "service unavailable", never 500, and leaves nothing half
 * written — no partial file in the store, no row of the request. The file system's refusal
 * is injected at the edge (a disk cannot be filled here); SQLite's is real, from a database
 * held at its size with `max_page_count`.
 */
const URL_PATH = '/api/v1/SharepointContent/InviaRichiestaPatrocinio';

function sponsorshipRequest(label: string) {
  return {
    richiedente: 'Mario Rossi',
    email: 'mario.rossi@example.org',
    ente: 'ASL Roma 1',
    telefono: '+39 06 1234567',
    richiesta: 'Patrocinio',
    tipoEvento: 'Nazionale',
    titoloEvento: `Giornata di studio sul plasma (${label})`,
    dataInizio: '2026-05-14',
    dataFine: '2026-05-15',
    luogo: 'Roma',
    sede: 'Auditorium del Policlinico',
    organizzatore: 'Servizio trasfusionale',
    sitoWeb: 'https://www.giornata-plasma.example',
    segreteriaScientifica: 'Dott.ssa Anna Bianchi',
    segreteriaOrganizzativa: 'Eventi Srl',
    altriEntiPatrocinanti: 'Regione Lazio',
    contenutiEvento: 'Prima giornata: raccolta.\nSeconda giornata: uso clinico.',
    accettaPrivacy: true,
    attachments: [
      { fileName: 'programma.pdf', content: samplePdf(`programma ${label}`).toString('base64') },
    ],
  };
}

/** Every file under `directory`, relative to it. */
function filesUnder(directory: string): string[] {
  if (!fs.existsSync(directory)) return [];
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(directory, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function rowCounts(app: FastifyInstance) {
  const { db } = app.services;
  const count = async (table: 'sponsorship_requests' | 'attachments' | 'outbox' | 'files') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    requests: await count('sponsorship_requests'),
    attachments: await count('attachments'),
    outbox: await count('outbox'),
    files: await count('files'),
  };
}

/**
 * Holds a SQLite database at its present size (`max_page_count`) and uses up its free pages:
 * a row that needs a new page then fails with a real SQLITE_FULL. Answers the undo.
 */
async function fillSqliteDatabase(db: Kysely<Database>): Promise<() => Promise<void>> {
  await sql`create table riempitivo (b blob)`.execute(db);
  const { rows } = await sql<{ page_count: number }>`pragma page_count`.execute(db);
  await sql.raw(`pragma max_page_count = ${rows[0]?.page_count ?? 0}`).execute(db);
  let full: unknown = null;
  while (full === null) {
    await sql`insert into riempitivo values (zeroblob(2000))`.execute(db).catch((error) => {
      full = error;
    });
  }
  expect((full as { code?: string }).code).toBe('SQLITE_FULL');
  return async () => {
    await sql`drop table riempitivo`.execute(db);
    await sql.raw('pragma max_page_count = 1073741823').execute(db);
  };
}

const UNAVAILABLE = {
  data: null,
  error: {
    status: 503,
    code: API_ERRORS.serviceUnavailable.code,
    message: API_ERRORS.serviceUnavailable.message,
  },
};

describe.each(testEngines())('a full disk (%s)', (engine) => {
  let site: MailTestSite;
  let app: FastifyInstance;
  let filesFolder: string;

  beforeAll(async () => {
    site = await createMailTestSite(engine);
    ({ app } = await site.build());
    filesFolder = path.join(site.dataDir, 'files');
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await site.close();
  });

  it('answers 503 with Retry-After when a PDF cannot be written (ENOSPC), leaving no partial file', async () => {
    const filesBefore = filesUnder(filesFolder);
    const rowsBefore = await rowCounts(app);
    const writeFile = fsp.writeFile.bind(fsp);
    vi.spyOn(fsp, 'writeFile').mockImplementation(async (file, data, options) => {
      if (!String(file).startsWith(filesFolder)) return writeFile(file, data, options);
      // Part of the bytes reach the disk, then it is full: what a real ENOSPC leaves.
      await writeFile(file, (data as Uint8Array).subarray(0, 64), options);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
        code: 'ENOSPC',
        errno: -28,
        syscall: 'write',
      });
    });

    const answer = await app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: sponsorshipRequest('disco pieno'),
    });
    expect(answer.statusCode, answer.body).toBe(503);
    expect(answer.headers['retry-after']).toBe('60');
    expect(answer.json()).toEqual(UNAVAILABLE);
    expect(filesUnder(filesFolder)).toEqual(filesBefore);
    expect(await rowCounts(app)).toEqual(rowsBefore);

    // Space again: the same request goes through.
    vi.restoreAllMocks();
    const again = await app.inject({
      method: 'POST',
      url: URL_PATH,
      payload: sponsorshipRequest('disco pieno'),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it.runIf(engine === 'sqlite')(
    'answers 503 with Retry-After when the SQLite database is full (SQLITE_FULL), keeping no row',
    async () => {
      const makeRoom = await fillSqliteDatabase(app.services.db);
      const rowsBefore = await rowCounts(app);
      try {
        const answer = await app.inject({
          method: 'POST',
          url: URL_PATH,
          // Text longer than a page: its row needs pages the database no longer has.
          payload: {
            ...sponsorshipRequest('database pieno'),
            contenutiEvento: 'Programma della giornata. '.repeat(190),
          },
        });
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.headers['retry-after']).toBe('60');
        expect(answer.json()).toEqual(UNAVAILABLE);
        expect(await rowCounts(app)).toEqual(rowsBefore);
      } finally {
        await makeRoom();
      }
    },
  );
});
