import type { MemberRole } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import type { Audience } from '../../../src/db/schema.js';
import { AUDIENCES_OF_ROLE } from '../../../src/modules/reserved-area/service.js';
import { demoSite, MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('reserved-area archives on %s', (engine) => {
  const site = demoSite(engine);
  const api = memberApi(site);
  const { post: list, page } = api;
  const db = () => site.app.services.db;

  /** Every item of a list, following the tokens; fails on a repeated item. */
  async function walk<T extends { id: number }>(
    path: string,
    role: MemberRole,
    body: Record<string, unknown> = {},
  ): Promise<{ items: T[]; pages: number; firstSize: number }> {
    const pages = await api.walk<T>(path, role, body);
    const items = pages.flat();
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    return { items, pages: pages.length, firstSize: pages[0]?.length ?? 0 };
  }

  const LISTS = [
    { path: 'ReservedArea/GetRaccomandazioni', table: 'recommendations', date: 'published_on' },
    { path: 'ReservedArea/GetAssemblee', table: 'assemblies', date: 'held_on' },
    { path: 'ReservedArea/GetPareriCD', table: 'opinions', date: 'published_on' },
    { path: 'SharepointContent/GetRassegneStampa', table: 'press_reviews', date: 'published_on' },
  ] as const;

  async function visibleRows(
    table: (typeof LISTS)[number]['table'],
    role: MemberRole,
  ): Promise<{ id: number; date: string; sortOrder: number }[]> {
    const rows = (await db()
      .selectFrom(table)
      .selectAll()
      .where('published', '=', 1)
      .where('audience', 'in', [...AUDIENCES_OF_ROLE[role]])
      .execute()) as unknown as Record<string, unknown>[];
    const date = LISTS.find((entry) => entry.table === table)?.date ?? 'published_on';
    return rows
      .map((row) => ({
        id: row.id as number,
        date: row[date] as string,
        sortOrder: (row.sort_order as number | undefined) ?? 0,
      }))
      .sort((a, b) =>
        a.date !== b.date
          ? b.date.localeCompare(a.date)
          : a.sortOrder !== b.sortOrder
            ? b.sortOrder - a.sortOrder
            : b.id - a.id,
      );
  }

  it('answers 401 to every call without a valid session', async () => {
    for (const { path } of LISTS) {
      expect((await list(path, null)).statusCode).toBe(401);
      const forged = await site.app.inject({
        method: 'POST',
        url: `/api/v1/${path}`,
        payload: {},
        headers: { authorization: 'Bearer abc.def.ghijklmnop' },
      });
      expect(forged.statusCode).toBe(401);
    }
    for (const call of ['DownloadDoc', 'DownloadDocStream']) {
      const response = await site.app.inject({
        method: 'GET',
        url: `/api/v1/ReservedArea/${call}?serverRelativeUrl=${encodeURIComponent('/Documenti/Raccomandazioni/1/x.pdf')}`,
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/json/);
    }
  });

  it('has demo items for every audience', async () => {
    const audiences = new Set<Audience>();
    for (const { table } of LISTS) {
      const rows = await db().selectFrom(table).select('audience').execute();
      for (const row of rows) audiences.add(row.audience);
    }
    for (const audience of ['all', 'socio', 'affiliato', 'Affiliati tecnici'] as const) {
      expect(audiences.has(audience)).toBe(true);
    }
  });

  for (const { path, table } of LISTS) {
    it(`${path}: each role walks exactly what it may see, in order, 4 a page`, async () => {
      const seen: Record<string, number[]> = {};
      for (const role of MEMBER_ROLES) {
        const expected = (await visibleRows(table, role)).map((row) => row.id);
        const result = await walk(path, role);
        expect(result.items.map((item) => item.id)).toEqual(expected);
        expect(result.firstSize).toBe(Math.min(4, expected.length));
        expect(result.pages).toBe(Math.max(1, Math.ceil(expected.length / 4)));
        seen[role] = result.items.map((item) => item.id);
      }
      // The secretariat sees everything published; others at most that.
      const all = await db().selectFrom(table).select('id').where('published', '=', 1).execute();
      expect(seen.segreteria?.length).toBe(all.length);
    });
  }

  it('hides other audiences: a Socio never sees Affiliati items and vice versa', async () => {
    const socio = await walk<{ id: number }>('ReservedArea/GetRaccomandazioni', 'socio');
    const affiliato = await walk<{ id: number }>('ReservedArea/GetRaccomandazioni', 'affiliato');
    const audienceOf = async (id: number) =>
      (
        await db()
          .selectFrom('recommendations')
          .select('audience')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).audience;
    for (const item of socio.items) expect(['all', 'socio']).toContain(await audienceOf(item.id));
    for (const item of affiliato.items) {
      expect(['all', 'affiliato']).toContain(await audienceOf(item.id));
    }
    const sections = await walk<{ id: number }>('ReservedArea/GetAssemblee', 'socio', {
      sezioni: ['Affiliati tecnici', 'Affiliati infermieri'],
    });
    expect(sections.items).toEqual([]);
    const affiliateSections = await walk<{ id: number }>('ReservedArea/GetAssemblee', 'affiliato', {
      sezioni: 'Affiliati tecnici',
    });
    expect(affiliateSections.items.length).toBeGreaterThan(0);
  });

  it('answers recommendation, assembly, opinion and press review items in the spec shape', async () => {
    const recommendation = (await page('ReservedArea/GetRaccomandazioni', 'socio')).items[0];
    expect(Object.keys(recommendation ?? {}).sort()).toEqual(
      ['attachments', 'dataPubblicazione', 'id', 'sourceName', 'sourceUrl', 'title'].sort(),
    );
    const assembly = (await page('ReservedArea/GetAssemblee', 'socio')).items[0];
    expect(Object.keys(assembly ?? {}).sort()).toEqual(
      ['attachments', 'data', 'id', 'luogo', 'title'].sort(),
    );
    const opinion = (await page('ReservedArea/GetPareriCD', 'socio')).items[0];
    expect(Object.keys(opinion ?? {}).sort()).toEqual(
      ['dataPubblicazione', 'domanda', 'id', 'risposta', 'title'].sort(),
    );
    const review = (
      await page<{ id: number; headline: string; title: string }>(
        'SharepointContent/GetRassegneStampa',
        'socio',
      )
    ).items[0];
    expect(Object.keys(review ?? {}).sort()).toEqual(
      ['date', 'headline', 'id', 'testata', 'title', 'url'].sort(),
    );
    expect(review?.title).toBe(review?.headline);
  });

  it('filters assemblies by territory, section, year, month and title', async () => {
    const national = await walk<{ id: number }>('ReservedArea/GetAssemblee', 'segreteria', {
      territorio: 'Nazionali',
    });
    const regional = await walk<{ id: number }>('ReservedArea/GetAssemblee', 'segreteria', {
      territorio: 'Regionali',
    });
    const all = await walk<{ id: number }>('ReservedArea/GetAssemblee', 'segreteria');
    expect(national.items.length).toBeGreaterThan(0);
    expect(regional.items.length).toBeGreaterThan(0);
    expect(national.items.length + regional.items.length).toBe(all.items.length);
    const territories = await db().selectFrom('assemblies').select(['id', 'territory']).execute();
    const territoryOf = new Map(territories.map((row) => [row.id, row.territory]));
    for (const item of regional.items) expect(territoryOf.get(item.id)).toBe('Regionali');

    const first = (await db()
      .selectFrom('assemblies')
      .selectAll()
      .where('audience', '=', 'all')
      .orderBy('id')
      .executeTakeFirstOrThrow()) as { id: number; held_on: string; title: string };
    const year = Number(first.held_on.slice(0, 4));
    const month = Number(first.held_on.slice(5, 7));
    const byDate = await walk<{ id: number; data: string }>('ReservedArea/GetAssemblee', 'socio', {
      years: [year],
      months: [String(month)],
    });
    expect(byDate.items.map((item) => item.id)).toContain(first.id);
    for (const item of byDate.items) expect(item.data.slice(0, 7)).toBe(first.held_on.slice(0, 7));
    const word = first.title.split(' ').find((part) => part.length > 5) ?? first.title;
    const byTitle = await walk<{ id: number; title: string }>(
      'ReservedArea/GetAssemblee',
      'socio',
      {
        title: word.toUpperCase(),
      },
    );
    expect(byTitle.items.map((item) => item.id)).toContain(first.id);

    expect(
      (await list('ReservedArea/GetAssemblee', 'socio', { territorio: 'Europa' })).statusCode,
    ).toBe(400);
    expect(
      (await list('ReservedArea/GetAssemblee', 'socio', { sezioni: 'Altro' })).statusCode,
    ).toBe(400);
  });

  it('filters the press review and recommendations by text and year', async () => {
    const all = await walk<{ id: number; headline: string; date: string }>(
      'SharepointContent/GetRassegneStampa',
      'socio',
    );
    const target = all.items[all.items.length - 1];
    if (target === undefined) throw new Error('nessuna rassegna dimostrativa');
    // Whole words, in capitals: the filter reads the site search's index (ADR 025).
    const words = target.headline.split(/\s+/).filter((word) => word.length > 3);
    const found = await walk<{ id: number }>('SharepointContent/GetRassegneStampa', 'socio', {
      title: words.slice(0, 2).join(' ').toUpperCase(),
      years: [Number(target.date.slice(0, 4))],
    });
    expect(found.items.map((item) => item.id)).toContain(target.id);
    const none = await page('ReservedArea/GetRaccomandazioni', 'socio', {
      title: 'zzz-nessun-titolo-così',
    });
    expect(none.items).toEqual([]);
    expect(none.pagingInfo).toBeUndefined();
  });

  it('refuses forged paging tokens and unknown orders with a 400', async () => {
    for (const { path } of LISTS) {
      for (const pagingInfo of ['Paged=FALSE&p_ID=3', 'p_ID=x', 'Paged=TRUE&p_ID=1&p_Foo=1']) {
        expect((await list(path, 'socio', { pagingInfo })).statusCode).toBe(400);
      }
      expect((await list(path, 'socio', { orderByFields: 'Segreto' })).statusCode).toBe(400);
    }
    const badDate = await list('ReservedArea/GetPareriCD', 'socio', {
      pagingInfo: 'Paged=TRUE&p_ID=3&p_Datapubblicazione=ieri&p_Ordinamento=1',
    });
    expect(badDate.statusCode).toBe(400);
  });

  it('walks the opinion detail from the p_ID = id + 1 token, both ways, in list order', async () => {
    for (const role of ['socio', 'affiliato'] as MemberRole[]) {
      const ordered = (await walk<{ id: number }>('ReservedArea/GetPareriCD', role)).items.map(
        (item) => item.id,
      );
      expect(ordered.length).toBeGreaterThan(2);
      for (const [index, id] of ordered.entries()) {
        const detail = await page('ReservedArea/GetPareriCD', role, {
          dataOffset: '1',
          ascending: false,
          orderByFields: 'Datapubblicazione,Ordinamento',
          pagingInfo: `Paged=TRUE&p_ID=${id + 1}`,
        });
        expect(detail.items.map((item) => item.id)).toEqual([id]);
        const following = ordered[index + 1];
        if (following === undefined) {
          expect(detail.pagingInfo).toBeUndefined();
        } else {
          const next = await page('ReservedArea/GetPareriCD', role, {
            dataOffset: 1,
            pagingInfo: detail.pagingInfo,
          });
          expect(next.items.map((item) => item.id)).toEqual([following]);
        }
        // Previous: ascending from the same opinion (p_ID = id - 1), then one step on.
        const here = await page('ReservedArea/GetPareriCD', role, {
          dataOffset: 1,
          ascending: true,
          pagingInfo: `Paged=TRUE&p_ID=${id - 1}`,
        });
        expect(here.items.map((item) => item.id)).toEqual([id]);
        const preceding = ordered[index - 1];
        if (preceding === undefined) {
          expect(here.pagingInfo).toBeUndefined();
        } else {
          const previous = await page('ReservedArea/GetPareriCD', role, {
            dataOffset: 1,
            ascending: true,
            pagingInfo: here.pagingInfo,
          });
          expect(previous.items.map((item) => item.id)).toEqual([preceding]);
        }
      }
    }
  });

  it('orders two opinions of the same date by Ordinamento, descending', async () => {
    const rows = await visibleRows('opinions', 'segreteria');
    const shared = rows.find((row, index) => rows[index + 1]?.date === row.date);
    expect(shared).toBeDefined();
    const ordered = (await walk<{ id: number }>('ReservedArea/GetPareriCD', 'segreteria')).items;
    expect(ordered.map((item) => item.id)).toEqual(rows.map((row) => row.id));
  });
});
