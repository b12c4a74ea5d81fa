import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../../helpers/pdf-corpus.js';
import { editConflictOf, staffSite, type StaffSite } from '../../helpers/staff-api.js';
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
  /** A new record's body (`site` for the records it needs first). */
  create: (label: string, site: StaffSite) => object | Promise<object>;
  body: (item: Versioned) => object;
  first: { field: string; audit: string };
  /** The other field, and three values for it: tab B's, then two simultaneous saves'. */
  second: { field: string; values: [string, string, string] };
}

const TEXTS: [string, string, string] = [
  'Scritto nella scheda B',
  'Prima scheda',
  'Seconda scheda',
];

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
    second: { field: 'internalNote', values: TEXTS },
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
    second: { field: 'sourceName', values: TEXTS },
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
    second: { field: 'lastName', values: TEXTS },
  },
  {
    name: 'an issue of the bulletin',
    path: '/MagazineIssues',
    entity: 'magazine_issue',
    create: (label) => ({
      title: `Numero di prova ${label}`,
      year: 2027,
      publishedOn: '2026-11-20',
      audience: 'all',
      published: false,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    body: (item) => ({
      title: item.title,
      year: item.year,
      number: item.number,
      publishedOn: item.publishedOn,
      audience: item.audience,
      published: item.published,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    first: { field: 'title', audit: 'titolo' },
    second: { field: 'publishedOn', values: ['2026-11-21', '2026-11-22', '2026-11-23'] },
  },
  {
    name: 'an article of the bulletin',
    path: '/MagazineArticles',
    entity: 'magazine_article',
    create: async (label, site) => {
      const issue = await site.ok<Versioned>(
        site.call('POST', '/MagazineIssues', {
          title: `Numero degli articoli ${label}`,
          year: 2027,
          publishedOn: '2026-11-20',
          audience: 'all',
          published: false,
          keptAttachmentIds: [],
          newAttachments: [],
        }),
      );
      return {
        issueId: issue.id,
        title: `Articolo ${label}`,
        authors: ['Anna Rossi'],
        keptAttachmentIds: [],
        newAttachments: [],
      };
    },
    body: (item) => ({
      issueId: item.issueId,
      title: item.title,
      authors: item.authors,
      sortOrder: item.sortOrder,
      publishedOn: item.publishedOn,
      testata: item.testata,
      keptAttachmentIds: [],
      newAttachments: [],
    }),
    first: { field: 'title', audit: 'titolo' },
    second: { field: 'testata', values: TEXTS },
  },
  {
    name: 'a member of the board',
    path: '/BoardMembers',
    entity: 'board_member',
    create: (label) => ({
      name: `Componente ${label}`,
      role: 'Consigliere',
      sortOrder: 60,
      newPhoto: null,
      newCv: null,
    }),
    body: (item) => ({
      name: item.name,
      role: item.role,
      sortOrder: item.sortOrder,
      keepPhoto: true,
      newPhoto: null,
      keepCv: true,
      newCv: null,
    }),
    first: { field: 'name', audit: 'nome' },
    second: { field: 'role', values: TEXTS },
  },
  {
    name: 'a publication of Società trasparente',
    path: '/TransparencyPublications',
    entity: 'transparency_publication',
    create: (label) => ({
      type: 'bilancio-consuntivo',
      title: `Bilancio ${label}`,
      year: 2025,
      publishedOn: '2026-05-20',
      newAttachments: [{ fileName: 'bilancio.pdf', content: minimalPdf(label).toString('base64') }],
    }),
    body: (item) => ({
      type: item.type,
      title: item.title,
      description: item.description,
      year: item.year,
      publishedOn: item.publishedOn,
      linkUrl: item.linkUrl,
      keptAttachmentIds: (item.attachments as { id: number }[]).map((file) => file.id),
      newAttachments: [],
    }),
    first: { field: 'title', audit: 'titolo' },
    second: { field: 'description', values: TEXTS },
  },
  {
    name: 'a public contribution',
    path: '/PublicContributions',
    entity: 'public_contribution',
    create: (label) => ({
      year: 2025,
      grantor: `Regione ${label}`,
      amount: '1500,50',
      receivedOn: '2025-03-12',
      purpose: 'Formazione',
    }),
    body: (item) => ({
      year: item.year,
      grantor: item.grantor,
      amount: item.amount,
      receivedOn: item.receivedOn,
      purpose: item.purpose,
    }),
    first: { field: 'grantor', audit: 'ente' },
    second: { field: 'purpose', values: TEXTS },
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

    describe.each(KINDS)('$name', (kind) => {
      it('refuses a save read before another one, says what changed, and overwrites nothing', async () => {
        const created = await staff.ok<Versioned>(
          staff.call('POST', kind.path, await kind.create('due schede', staff)),
        );
        // Both tabs open the record.
        const tabA = await read(kind, created.id);
        const tabB = await read(kind, created.id);
        const aValue = `${String(tabA[kind.first.field])} (scheda A)`;
        const savedA = await staff.ok<Versioned>(save(kind, tabA, { [kind.first.field]: aValue }));
        expect(savedA.version).toBe(tabA.version + 1);
        const entriesAfterA = await staff.auditOf(kind.entity, created.id);

        const conflict = editConflictOf(
          await save(kind, tabB, { [kind.second.field]: kind.second.values[0] }),
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
        expect(now[kind.second.field]).toBe(tabB[kind.second.field]);
        expect(now.version).toBe(savedA.version);
        expect(await staff.auditOf(kind.entity, created.id)).toEqual(entriesAfterA);

        // "Sovrascrivi": the same text again, at the version the 409 gave, goes through.
        const overwritten = await staff.ok<Versioned>(
          save(
            kind,
            { ...tabB, version: conflict.current.version as number },
            {
              [kind.second.field]: kind.second.values[0],
            },
          ),
        );
        expect(overwritten[kind.second.field]).toBe(kind.second.values[0]);
        expect(overwritten.version).toBe(savedA.version + 1);
      });

      it('lets exactly one of two simultaneous saves of the same version through', async () => {
        const created = await staff.ok<Versioned>(
          staff.call('POST', kind.path, await kind.create('simultanei', staff)),
        );
        const item = await read(kind, created.id);
        const answers = await Promise.all([
          save(kind, item, { [kind.second.field]: kind.second.values[1] }),
          save(kind, item, { [kind.second.field]: kind.second.values[2] }),
        ]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        expect(statuses).toEqual([200, 409]);
        const winner = answers.find((answer) => answer.statusCode === 200);
        const written = (winner?.json() as { data: Versioned }).data;
        const now = await read(kind, created.id);
        expect(now.version).toBe(item.version + 1);
        expect(now[kind.second.field]).toBe(written[kind.second.field]);
      });
    });

    it('raises the version on a bulk action and a rollback, so a form opened before is refused', async () => {
      const news = KINDS[0] as Kind;
      const created = await staff.ok<Versioned>(
        staff.call('POST', '/News', await news.create('massa', staff)),
      );
      const open = await read(news, created.id);
      await staff.ok(staff.call('POST', '/News/Bulk', { ids: [created.id], action: 'pubblica' }));
      editConflictOf(await save(news, open, { internalNote: 'Dopo la pubblicazione' }));

      const reread = await read(news, created.id);
      await staff.ok(save(news, reread, { title: 'Titolo da annullare' }));
      const [edit] = await staff.auditOf('news', created.id);
      const beforeRollback = await read(news, created.id);
      await staff.ok(
        staff.call('POST', `/News/${created.id}/Rollback`, { auditId: edit?.id as number }),
      );
      editConflictOf(await save(news, beforeRollback, { internalNote: 'Dopo l’annullamento' }));
    });

    it('refuses a version that is not one, and saves without one as before', async () => {
      const news = KINDS[0] as Kind;
      const created = await staff.ok<Versioned>(
        staff.call('POST', '/News', await news.create('senza', staff)),
      );
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
