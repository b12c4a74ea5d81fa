import type { Article, PagedList } from '@sodalis/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArticle } from '../../helpers/fixtures.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2025-06-15';
const CATEGORIES = ['Concorsi', 'Formazione', 'Emovigilanza', 'SIMTI', 'News'];
const PDF = new TextEncoder().encode('%PDF-1.4\n% prova\n%%EOF\n');

interface Seeded {
  id: number;
  title: string;
  publishedOn: string;
  categories: string[];
}

describe.each(testEngines())('news API on %s', (engine) => {
  let testApp: TestApp;
  const visible: Seeded[] = [];
  let scheduledId = 0;
  let draftId = 0;
  let withFileId = 0;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { clock: fixedClock(TODAY) });
    const { db, files } = testApp.app.services;
    // 30 visible items: several per date so the id tie-breaker matters, over 2019–2024.
    for (let index = 0; index < 30; index += 1) {
      const year = 2019 + (index % 6);
      const month = ((index * 5) % 12) + 1;
      const day = (index % 3) + 1;
      const publishedOn = `${year}-${String(month).padStart(2, '0')}-0${day}`;
      const categories = [
        CATEGORIES[index % 5] as string,
        ...(index % 4 === 0 ? ['News'] : []),
      ].filter((value, position, all) => all.indexOf(value) === position);
      const title = `Notizia ${String(index).padStart(2, '0')} ${index % 6 === 0 ? 'trasfusione' : 'plasma'}`;
      const id = await insertArticle(db, files, {
        title,
        publishedOn,
        categories,
        featured: index % 10 === 0,
      });
      visible.push({ id, title, publishedOn, categories });
    }
    // Same date as others, to exercise ties.
    for (const title of [
      "Bando 100% gratuito: l'emovigilanza",
      'Qualità e perché_sì',
      'Pagina_1 senza percento',
    ]) {
      const id = await insertArticle(db, files, {
        title,
        publishedOn: '2024-03-01',
        categories: ['Formazione'],
      });
      visible.push({ id, title, publishedOn: '2024-03-01', categories: ['Formazione'] });
    }
    withFileId = await insertArticle(db, files, {
      title: 'Avviso con allegato',
      publishedOn: '2025-06-15',
      categories: ['Concorsi'],
      sourceName: 'Gazzetta Ufficiale',
      attachment: { fileName: 'avviso.pdf', content: PDF },
    });
    // The secretariat's private note (back office only) must never reach a public answer.
    await db
      .updateTable('articles')
      .set({ internal_note: 'Nota riservata: chiedere conferma date al prof. Rossi' })
      .where('id', '=', withFileId)
      .execute();
    visible.push({
      id: withFileId,
      title: 'Avviso con allegato',
      publishedOn: '2025-06-15',
      categories: ['Concorsi'],
    });
    scheduledId = await insertArticle(db, files, {
      title: 'Notizia programmata',
      publishedOn: '2025-06-16',
      categories: ['News'],
      attachment: { fileName: 'futuro.pdf', content: PDF },
    });
    draftId = await insertArticle(db, files, {
      title: 'Bozza',
      publishedOn: '2024-01-01',
      categories: ['News'],
      published: false,
    });
    // The fixtures are written to the tables directly: the text filter reads the site search's
    // index (ADR 025), built from them as the CLI's rebuild does.
    await testApp.app.services.searchIndex.rebuild('now');
  });

  afterAll(async () => {
    await testApp?.close();
  });

  async function getArticoli(body: unknown) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: body as object,
    });
  }

  async function walk(filter: Record<string, unknown>): Promise<Article[]> {
    const seen: Article[] = [];
    let pagingInfo: string | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const response = await getArticoli({ ...filter, pagingInfo });
      expect(response.statusCode).toBe(200);
      const { data } = response.json() as { data: PagedList<Article> };
      seen.push(...data.items);
      if (data.pagingInfo === undefined) return seen;
      expect(data.items.length).toBe(Number(filter.dataOffset ?? 4));
      pagingInfo = data.pagingInfo;
    }
    throw new Error('troppe pagine');
  }

  const byDateDesc = (a: Seeded, b: Seeded) =>
    a.publishedOn === b.publishedOn ? b.id - a.id : a.publishedOn < b.publishedOn ? 1 : -1;

  it('answers the first page of 4, newest first, with a continuation token', async () => {
    const response = await getArticoli({
      paginated: true,
      dataOffset: '4',
      orderByFields: 'Datapubblicazione',
      ascending: false,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: PagedList<Article> };
    expect(data.items.map((item) => item.id)).toEqual(
      [...visible]
        .sort(byDateDesc)
        .slice(0, 4)
        .map((item) => item.id),
    );
    expect(data.pagingInfo).toMatch(/^Paged=TRUE&p_ID=\d+&p_Datapubblicazione=\d{4}-\d{2}-\d{2}$/);
    const first = data.items[0] as Article;
    expect(first).toMatchObject({
      id: withFileId,
      title: 'Avviso con allegato',
      dataPubblicazione: '2025-06-15',
      categorie: { concorsi: 'Concorsi' },
      sourceName: 'Gazzetta Ufficiale',
      sourceUrl: null,
      attachments: [
        { fileName: 'avviso.pdf', serverRelativeUrl: `/Documenti/News/${withFileId}/avviso.pdf` },
      ],
    });
  });

  it("never answers the secretariat's internal note", async () => {
    const response = await getArticoli({ title: 'Avviso con allegato' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as { data: PagedList<Article> };
    expect(data.items.map((item) => item.id)).toEqual([withFileId]);
    for (const item of data.items) {
      expect(item).not.toHaveProperty('internalNote');
      expect(item).not.toHaveProperty('internal_note');
    }
    expect(response.body).not.toContain('Nota riservata');
  });

  it.each([1, 3, 4, 7])(
    'walks every visible item exactly once in order with page size %i',
    async (size) => {
      const items = await walk({ dataOffset: String(size) });
      expect(items.map((item) => item.id)).toEqual(
        [...visible].sort(byDateDesc).map((item) => item.id),
      );
      expect(items.map((item) => item.id)).not.toContain(scheduledId);
      expect(items.map((item) => item.id)).not.toContain(draftId);
    },
  );

  it('walks ascending too', async () => {
    const items = await walk({ dataOffset: '5', ascending: true });
    expect(items.map((item) => item.id)).toEqual(
      [...visible]
        .sort(byDateDesc)
        .reverse()
        .map((item) => item.id),
    );
  });

  it('walks by title and by ID', async () => {
    const byTitle = await walk({ dataOffset: '6', orderByFields: 'title', ascending: true });
    expect(byTitle).toHaveLength(visible.length);
    expect(new Set(byTitle.map((item) => item.id)).size).toBe(visible.length);
    const byId = await walk({ dataOffset: '6', orderByFields: 'ID' });
    expect(byId.map((item) => item.id)).toEqual(
      visible.map((item) => item.id).sort((a, b) => b - a),
    );
  });

  it('combines category, year and month filters, and pages through them', async () => {
    const items = await walk({
      dataOffset: '2',
      categorie: 'news',
      years: ['2019', '2023', 2024],
      months: ['1', '6', '11'],
    });
    const expected = visible
      .filter((item) => item.categories.includes('News'))
      .filter((item) => ['2019', '2023', '2024'].includes(item.publishedOn.slice(0, 4)))
      .filter((item) => ['01', '06', '11'].includes(item.publishedOn.slice(5, 7)))
      .sort(byDateDesc);
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((item) => item.id)).toEqual(expected.map((item) => item.id));
  });

  it('filters by year alone and shows the first category as the first value of categorie', async () => {
    const items = await walk({ dataOffset: '4', years: ['2019'] });
    const expected = visible
      .filter((item) => item.publishedOn.startsWith('2019-'))
      .sort(byDateDesc);
    expect(items.map((item) => item.id)).toEqual(expected.map((item) => item.id));
    for (const item of items) {
      const seeded = expected.find((candidate) => candidate.id === item.id) as Seeded;
      expect(Object.values(item.categorie)).toEqual(seeded.categories);
    }
  });

  it('answers only featured items with inEvidenza', async () => {
    const response = await getArticoli({ paginated: true, inEvidenza: true, dataOffset: '2' });
    const { data } = response.json() as { data: PagedList<Article> };
    expect(data.items).toHaveLength(2);
    expect(data.items.every((item) => item.inEvidenza)).toBe(true);
  });

  it('searches titles case- and accent-insensitively, taking % _ and quotes as text', async () => {
    const titles = async (title: string) =>
      (await walk({ dataOffset: '10', title })).map((item) => item.title);
    expect(await titles('TRASFUSIONE')).toHaveLength(
      visible.filter((item) => item.title.includes('trasfusione')).length,
    );
    expect(await titles('100%')).toEqual(["Bando 100% gratuito: l'emovigilanza"]);
    // `%` and `_` are never wildcards; alone they are no word, so nothing matches (ADR 025).
    expect(await titles('%')).toEqual([]);
    expect(await titles('_')).toEqual([]);
    expect((await titles('percento')).sort()).toEqual(['Pagina_1 senza percento']);
    expect(await titles("l'emovigilanza")).toEqual(["Bando 100% gratuito: l'emovigilanza"]);
    expect(await titles('qualita e perche')).toEqual(['Qualità e perché_sì']);
    expect(await titles("' or 1=1 --")).toEqual([]);
  });

  it('filters through the search index: stems, partial words, phrases (ADR 025)', async () => {
    const titles = async (title: string) =>
      (await walk({ dataOffset: '4', title })).map((item) => item.title).sort();
    const transfusion = visible
      .filter((item) => item.title.includes('trasfusione'))
      .map((item) => item.title)
      .sort();
    // The plural finds the singular, a partly typed word its completions.
    expect(await titles('trasfusioni')).toEqual(transfusion);
    expect(await titles('trasfus')).toEqual(transfusion);
    expect(await titles('emovigilanze')).toEqual(["Bando 100% gratuito: l'emovigilanza"]);
    // Every word must be there; a quoted phrase in its order.
    expect(await titles('notizia 06 trasfusione')).toEqual(['Notizia 06 trasfusione']);
    expect(await titles('"gratuito bando"')).toEqual([]);
    expect(await titles('"bando 100"')).toEqual(["Bando 100% gratuito: l'emovigilanza"]);
    // The text of the item, not only its title (the source's name).
    expect(await titles('gazzetta')).toEqual(['Avviso con allegato']);
    // Not the scheduled item, nor the draft, though they have the words.
    expect(await titles('programmata')).toEqual([]);
    expect(await titles('bozza')).toEqual([]);
  });

  it('pages the filtered results stably, each once, in the list order', async () => {
    const expected = visible
      .filter((item) => item.title.includes('plasma'))
      .sort(byDateDesc)
      .map((item) => item.id);
    expect(expected.length).toBeGreaterThan(6);
    for (const size of [1, 4, 7]) {
      const items = await walk({ dataOffset: String(size), title: 'plasmi' });
      expect(items.map((item) => item.id)).toEqual(expected);
    }
    const ascending = await walk({ dataOffset: '5', title: 'plasma', ascending: true });
    expect(ascending.map((item) => item.id)).toEqual([...expected].reverse());
  });

  it('answers an empty list without a token when nothing matches', async () => {
    const response = await getArticoli({ title: 'nessuna corrispondenza' });
    expect(response.json()).toEqual({ data: { items: [] } });
  });

  it('answers one page without a token when paginated is false', async () => {
    const response = await getArticoli({ paginated: false, dataOffset: '3' });
    const { data } = response.json() as { data: PagedList<Article> };
    expect(data.items).toHaveLength(3);
    expect(data.pagingInfo).toBeUndefined();
  });

  it('accepts the nulls the original client sends for unset filters', async () => {
    const response = await getArticoli({
      title: null,
      categorie: null,
      years: null,
      months: null,
      pagingInfo: null,
      sezioni: null,
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts a token with only p_ID, comparing on ID as SharePoint does', async () => {
    const response = await getArticoli({
      orderByFields: 'ID',
      dataOffset: '1',
      pagingInfo: `Paged=TRUE&p_ID=${withFileId + 1}`,
    });
    const { data } = response.json() as { data: PagedList<Article> };
    expect(data.items.map((item) => item.id)).toEqual([withFileId]);
  });

  it.each([
    ['page size 0', { dataOffset: '0' }],
    ['negative page size', { dataOffset: '-4' }],
    ['huge page size', { dataOffset: '10000' }],
    ['page size not a number', { dataOffset: 'quattro' }],
    ['fractional page size', { dataOffset: 2.5 }],
    ['ascending not a boolean', { ascending: 'yes' }],
    ['title not a string', { title: { $ne: 1 } }],
    ['years not years', { years: ['20x9'] }],
    ['month out of range', { years: ['2024'], months: ['13'] }],
    ['unknown order', { orderByFields: 'password_hash' }],
    ['forged token', { pagingInfo: 'garbage' }],
    ['token with a non-numeric id', { pagingInfo: 'Paged=TRUE&p_ID=abc' }],
    [
      'token with a bad date',
      { pagingInfo: 'Paged=TRUE&p_ID=5&p_Datapubblicazione=1%27%20or%201%3D1' },
    ],
    ['token with an unknown field', { pagingInfo: 'Paged=TRUE&p_ID=5&p_Password=x' }],
    ['token with repeated fields', { pagingInfo: 'Paged=TRUE&p_ID=5&p_ID=6' }],
    ['token without Paged', { pagingInfo: 'p_ID=5' }],
    ['a list body', [1, 2, 3]],
  ])('refuses %s with a 400 in the generic error shape', async (_label, body) => {
    const response = await getArticoli(body);
    expect(response.statusCode).toBe(400);
    const answer = response.json() as {
      data: null;
      error: { status: number; code: string; message: string };
    };
    expect(answer.data).toBeNull();
    expect(answer.error.status).toBe(400);
    expect(answer.error.message).toMatch(/non è valid/);
  });

  it('refuses malformed JSON, other media types and oversized bodies without a 500', async () => {
    const url = '/api/v1/SharepointContent/GetArticoli';
    const malformed = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"dataOffset":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ data: null, error: { code: 'richiesta-non-valida' } });
    const text = await testApp.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'text/plain' },
      payload: 'ciao',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ data: null, error: { code: 'formato-non-supportato' } });
    const huge = await testApp.app.inject({
      method: 'POST',
      url,
      payload: { title: 'x'.repeat(40_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ data: null, error: { code: 'richiesta-troppo-grande' } });
  });

  it('lists the five categories with the configured acronym', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/v1/SharepointContent/GetArticleCategories',
    });
    expect(response.statusCode).toBe(200);
    expect(
      (response.json() as { data: { title: string }[] }).data.map((category) => category.title),
    ).toEqual(CATEGORIES);
  });

  it('answers a news file as base64 with its name', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/GetNewsFileById?id=${withFileId}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { data } = response.json() as { data: { content: string; fileName: string } };
    expect(data.fileName).toBe('avviso.pdf');
    expect(Buffer.from(data.content, 'base64').toString()).toBe(new TextDecoder().decode(PDF));
  });

  it.each([
    ['an unknown id', () => '999999', 404],
    ['an item without attachments', () => String(visible[0]?.id), 404],
    ['a scheduled item', () => String(scheduledId), 404],
    ['a missing id', () => '', 400],
    ['a non-numeric id', () => '1%20or%201=1', 400],
  ])('answers %s for a news file with the right status', async (_label, id, status) => {
    const url = `/api/v1/SharepointContent/GetNewsFileById${id() === '' ? '' : `?id=${id()}`}`;
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ data: null, error: { status } });
  });

  it.runIf(engine === 'postgres')('survives the database dropping its connections', async () => {
    const before = await getArticoli({});
    expect(before.statusCode).toBe(200);
    const databaseName = new URL(testApp.config.databaseUrl ?? '').pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ terminated: boolean }>(
        'select pg_terminate_backend(pid) as terminated from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      expect(rows.length).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // A filter not asked before, so the answer cannot come from the content cache.
    const after = await getArticoli({ title: 'plasma', dataOffset: '3' });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { data: PagedList<Article> }).data.items).toHaveLength(3);
  });

  it('shows a change to content at once after contentChanged', async () => {
    const { db, files, contentCache } = testApp.app.services;
    const first = (await getArticoli({ dataOffset: '1' })).json() as { data: PagedList<Article> };
    const id = await insertArticle(db, files, {
      title: 'Ultimissima',
      publishedOn: TODAY,
      categories: ['News'],
    });
    try {
      // Not yet announced: the cached answer stands.
      expect((await getArticoli({ dataOffset: '1' })).json()).toEqual(first);
      await contentCache.contentChanged();
      const fresh = (await getArticoli({ dataOffset: '1' })).json() as { data: PagedList<Article> };
      expect(fresh.data.items[0]?.id).toBe(id);
    } finally {
      await db.deleteFrom('article_categories').where('article_id', '=', id).execute();
      await db.deleteFrom('articles').where('id', '=', id).execute();
      await contentCache.contentChanged();
    }
    expect((await getArticoli({ dataOffset: '1' })).json()).toEqual(first);
  });

  it('answers a list the cache has not seen from the items it keeps, byte for byte (ADR 038)', async () => {
    const { db, contentCache } = testApp.app.services;
    const filters: Record<string, unknown>[] = [
      { dataOffset: '4' },
      { dataOffset: '3', orderByFields: 'Title', ascending: true },
      { dataOffset: '5', categorie: ['Formazione'], years: [2024] },
      { dataOffset: '2', inEvidenza: true },
      { dataOffset: '4', title: 'plasma' },
    ];
    // An unknown field is dropped by the schema but makes the body, so the cache key, new.
    let request = 0;
    const unseen = async (filter: Record<string, unknown>) => {
      request += 1;
      const response = await getArticoli({ ...filter, richiesta: request });
      expect(response.statusCode).toBe(200);
      return response.payload;
    };
    for (const filter of filters) {
      await contentCache.contentChanged();
      const built = await unseen(filter);
      // Same page again, under a new key: its items now come from those kept.
      expect(await unseen(filter)).toBe(built);
    }

    // Kept items go with a change to content, as cached answers do.
    const first = (JSON.parse(await unseen({ dataOffset: '1' })) as { data: PagedList<Article> })
      .data.items[0] as Article;
    await db
      .updateTable('articles')
      .set({ title: 'Titolo cambiato' })
      .where('id', '=', first.id)
      .execute();
    try {
      const kept = JSON.parse(await unseen({ dataOffset: '1' })) as { data: PagedList<Article> };
      expect(kept.data.items[0]?.title).toBe(first.title);
      await contentCache.contentChanged();
      const fresh = JSON.parse(await unseen({ dataOffset: '1' })) as { data: PagedList<Article> };
      expect(fresh.data.items[0]?.title).toBe('Titolo cambiato');
    } finally {
      await db
        .updateTable('articles')
        .set({ title: first.title })
        .where('id', '=', first.id)
        .execute();
      await contentCache.contentChanged();
    }
  });

  it('answers unknown API paths with a 404 in the generic shape and a request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/v1/Nulla' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ data: null, error: { code: 'percorso-non-trovato' } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});
