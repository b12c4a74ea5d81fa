import { API_ERRORS, type ApiErrorBody, type EditConflict } from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** A record as the staff API answers it: its id and version (ADR 041), the rest by name. */
type Versioned = { id: number; version: number } & Record<string, unknown>;

/**
 * One kind of staff record under test: how to create one, its edit body from what was read,
 * and the two fields two tabs change (the first as the audit log names it).
 */
interface Kind {
  name: string;
  path: string;
  /** Its entries in the audit log. */
  entity: string;
  create: (label: string) => object;
  body: (item: Versioned) => object;
  first: { field: string; audit: string };
  second: string;
}

const KINDS: Kind[] = [
  {
    name: 'a news item',
    path: '/News',
    entity: 'news',
    create: (label) => ({
      title: `Notizia ${label}`,
      subtitleHtml: '<p>Testo.</p>',
      publishedOn: '2026-11-20',
      published: false,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    body: (item) => ({
      title: item.title,
      subtitleHtml: item.subtitleHtml,
      publishedOn: item.publishedOn,
      published: item.published,
      internalNote: item.internalNote,
      categoryIds: item.categoryIds,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    first: { field: 'title', audit: 'titolo' },
    second: 'internalNote',
  },
  {
    name: 'a recommendation of the reserved area',
    path: '/Recommendations',
    entity: 'recommendation',
    create: (label) => ({
      title: `Raccomandazione ${label}`,
      publishedOn: '2026-11-20',
      audience: 'all',
      published: false,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    body: (item) => ({
      title: item.title,
      publishedOn: item.publishedOn,
      sourceName: item.sourceName,
      audience: item.audience,
      published: item.published,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    first: { field: 'title', audit: 'titolo' },
    second: 'sourceName',
  },
  {
    name: 'an account',
    path: '/Members',
    entity: 'member',
    create: (label) => ({
      email: `conflitto.${label.replace(/\W+/g, '-').toLowerCase()}@example.org`,
      firstName: 'Anna',
      lastName: 'Rossi',
      role: 'socio',
      invite: false,
    }),
    body: (item) => ({
      firstName: item.firstName,
      lastName: item.lastName,
      role: item.role,
      status: item.status,
    }),
    first: { field: 'firstName', audit: 'nome' },
    second: 'lastName',
  },
];

describe.each(testEngines())(
  'back office: no silent overwrite between two tabs on %s',
  (engine) => {
    const staff = staffSite(engine);

    const read = (kind: Kind, id: number) =>
      staff.ok<Versioned>(staff.call('GET', `${kind.path}/${id}`));

    /** A save of `changes` over what was read, naming the version it was read at. */
    const save = (kind: Kind, item: Versioned, changes: object) =>
      staff.call(
        'PUT',
        `${kind.path}/${item.id}`,
        { ...kind.body(item), ...changes },
        'segreteria',
        { 'if-match': `"${item.version}"` },
      );

    function conflictOf(answer: LightMyRequestResponse): EditConflict {
      expect(answer.statusCode, answer.body).toBe(409);
      const { error } = answer.json() as ApiErrorBody;
      expect(error.code).toBe('modificato-da-altri');
      expect(error.message).toBe(API_ERRORS.editConflict.message);
      expect(error.message).toMatch(/^Qualcun altro ha modificato questo elemento/);
      if (error.conflict === undefined) throw new Error('409 senza la versione attuale');
      return error.conflict;
    }

    describe.each(KINDS)('$name', (kind) => {
      it('refuses a save read before another one, says what changed, and overwrites nothing', async () => {
        const created = await staff.ok<Versioned>(
          staff.call('POST', kind.path, kind.create('due schede')),
        );
        // Both tabs open the record.
        const tabA = await read(kind, created.id);
        const tabB = await read(kind, created.id);
        const aValue = `${String(tabA[kind.first.field])} (scheda A)`;
        const savedA = await staff.ok<Versioned>(save(kind, tabA, { [kind.first.field]: aValue }));
        expect(savedA.version).toBe(tabA.version + 1);
        const entriesAfterA = await staff.auditOf(kind.entity, created.id);

        const conflict = conflictOf(
          await save(kind, tabB, { [kind.second]: 'Scritto nella scheda B' }),
        );
        expect(conflict.current).toMatchObject({
          id: created.id,
          version: savedA.version,
          [kind.first.field]: aValue,
        });
        expect(conflict.changes).toHaveLength(1);
        expect(conflict.changes[0]).toMatchObject({
          actorEmail: 'segreteria.demo@example.org',
          fields: [kind.first.audit],
        });
        expect(Date.parse(conflict.changes[0]?.at ?? '')).not.toBeNaN();

        // Nothing of B's save was written: A's value stands, B's field is as it was.
        const now = await read(kind, created.id);
        expect(now[kind.first.field]).toBe(aValue);
        expect(now[kind.second]).toBe(tabB[kind.second]);
        expect(now.version).toBe(savedA.version);
        expect(await staff.auditOf(kind.entity, created.id)).toEqual(entriesAfterA);

        // "Sovrascrivi": the same text again, at the version the 409 gave, goes through.
        const overwritten = await staff.ok<Versioned>(
          save(
            kind,
            { ...tabB, version: conflict.current.version as number },
            {
              [kind.second]: 'Scritto nella scheda B',
            },
          ),
        );
        expect(overwritten[kind.second]).toBe('Scritto nella scheda B');
        expect(overwritten.version).toBe(savedA.version + 1);
      });

      it('lets exactly one of two simultaneous saves of the same version through', async () => {
        const created = await staff.ok<Versioned>(
          staff.call('POST', kind.path, kind.create('simultanei')),
        );
        const item = await read(kind, created.id);
        const answers = await Promise.all([
          save(kind, item, { [kind.second]: 'Prima scheda' }),
          save(kind, item, { [kind.second]: 'Seconda scheda' }),
        ]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 409]);
        const winner = answers.find((answer) => answer.statusCode === 200);
        const written = (winner?.json() as { data: Versioned }).data;
        const now = await read(kind, created.id);
        expect(now.version).toBe(item.version + 1);
        expect(now[kind.second]).toBe(written[kind.second]);
      });
    });

    it('raises the version on a bulk action and a rollback, so a form opened before is refused', async () => {
      const news = KINDS[0] as Kind;
      const created = await staff.ok<Versioned>(staff.call('POST', '/News', news.create('massa')));
      const open = await read(news, created.id);
      await staff.ok(staff.call('POST', '/News/Bulk', { ids: [created.id], action: 'pubblica' }));
      conflictOf(await save(news, open, { internalNote: 'Dopo la pubblicazione' }));

      const reread = await read(news, created.id);
      await staff.ok(save(news, reread, { title: 'Titolo da annullare' }));
      const [edit] = await staff.auditOf('news', created.id);
      const beforeRollback = await read(news, created.id);
      await staff.ok(
        staff.call('POST', `/News/${created.id}/Rollback`, { auditId: edit?.id as number }),
      );
      conflictOf(await save(news, beforeRollback, { internalNote: 'Dopo l’annullamento' }));
    });

    it('refuses a version that is not one, and saves without one as before', async () => {
      const news = KINDS[0] as Kind;
      const created = await staff.ok<Versioned>(staff.call('POST', '/News', news.create('senza')));
      const answer = await staff.call(
        'PUT',
        `/News/${created.id}`,
        news.body(created),
        'segreteria',
        { 'if-match': 'ieri' },
      );
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({
        error: {
          issues: [
            { path: 'If-Match', message: 'La versione indicata per il salvataggio non è valida.' },
          ],
        },
      });
      const saved = await staff.ok<Versioned>(
        staff.call('PUT', `/News/${created.id}`, {
          ...news.body(created),
          title: 'Senza versione',
        }),
      );
      expect(saved.version).toBe(created.version + 1);
    });
  },
);
