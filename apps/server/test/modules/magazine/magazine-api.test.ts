import {
  isIssueEntry,
  magazineArticlesPageSize,
  splitIssueEntry,
  type MagazineArticle,
  type MagazineIssue,
  type MemberRole,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { demoSite, memberApi } from '../../helpers/member-api.js';
import { testEngines } from '../../helpers/test-app.js';

const ISSUES = 'ReservedArea/GetRiviste';
const ARTICLES = 'ReservedArea/GetArticoliRiviste';

describe.each(testEngines())('the bulletin (GetRiviste, GetArticoliRiviste) on %s', (engine) => {
  const site = demoSite(engine);
  const api = memberApi(site);
  const db = () => site.app.services.db;

  /** Published issues a role may see, by search title descending, as the spec orders them. */
  async function issueRows(years?: number[]) {
    let query = db()
      .selectFrom('magazine_issues')
      .select(['id', 'title', 'title_search', 'year'])
      .where('published', '=', 1)
      .where('audience', '=', 'all');
    if (years !== undefined) query = query.where('year', 'in', years);
    const rows = await query.execute();
    return rows.sort((a, b) =>
      a.title_search === b.title_search ? b.id - a.id : a.title_search < b.title_search ? 1 : -1,
    );
  }

  async function articleRows(issueId: number) {
    return db()
      .selectFrom('magazine_articles')
      .select(['id', 'title', 'sort_order'])
      .where('issue_id', '=', issueId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  }

  /** The demo issue with the most articles: more than one page of 10. */
  async function biggestIssue() {
    const counts = await db()
      .selectFrom('magazine_articles')
      .select(['issue_id', db().fn.countAll<number>().as('count')])
      .groupBy('issue_id')
      .execute();
    const best = counts.sort((a, b) => Number(b.count) - Number(a.count))[0];
    expect(Number(best?.count)).toBeGreaterThan(10);
    return db()
      .selectFrom('magazine_issues')
      .selectAll()
      .where('id', '=', best?.issue_id ?? -1)
      .executeTakeFirstOrThrow();
  }

  it('answers 401 without a session', async () => {
    for (const path of [ISSUES, ARTICLES]) {
      expect((await api.post(path, null, { riviste: ['x'] })).statusCode).toBe(401);
    }
  });

  it('has demo issues every year from 2019, each with its PDF and 5 to 15 article PDFs', async () => {
    const issues = await issueRows();
    const years = new Set(issues.map((issue) => issue.year));
    for (let year = 2019; year <= new Date().getFullYear(); year += 1) {
      expect(years.has(year), `issues of ${year}`).toBe(true);
    }
    for (const issue of issues) {
      const articles = await articleRows(issue.id);
      expect(articles.length).toBeGreaterThanOrEqual(5);
      expect(articles.length).toBeLessThanOrEqual(15);
      const files = await db()
        .selectFrom('attachments')
        .select(['owner_kind', 'file_sha256'])
        .where((eb) =>
          eb.or([
            eb.and([eb('owner_kind', '=', 'magazine_issue'), eb('owner_id', '=', issue.id)]),
            eb.and([
              eb('owner_kind', '=', 'magazine_article'),
              eb(
                'owner_id',
                'in',
                articles.map((article) => article.id),
              ),
            ]),
          ]),
        )
        .execute();
      expect(files.filter((file) => file.owner_kind === 'magazine_issue')).toHaveLength(1);
      const articleFiles = files.filter((file) => file.owner_kind === 'magazine_article');
      expect(articleFiles).toHaveLength(articles.length);
      // Each article has its own PDF.
      expect(new Set(articleFiles.map((file) => file.file_sha256)).size).toBe(articles.length);
    }
  });

  it('GetRiviste: by title descending, the page size asked, every issue once', async () => {
    const expected = await issueRows();
    const latest = await api.page<MagazineIssue>(ISSUES, 'socio', {
      orderByFields: 'Title',
      ascending: false,
      dataOffset: '1',
    });
    expect(latest.items).toHaveLength(1);
    expect(latest.items[0]?.title).toBe(expected[0]?.title);
    expect(latest.pagingInfo).toBeDefined();
    // The latest issue is the newest one: the title order follows year and number.
    const newestYear = Math.max(...expected.map((issue) => issue.year));
    expect(latest.items[0]?.anno).toBe(newestYear);

    const pages = await api.walk<MagazineIssue>(ISSUES, 'socio', { orderByFields: 'Title' });
    expect(pages.slice(0, -1).every((items) => items.length === 10)).toBe(true);
    expect(pages.flat().map((issue) => issue.id)).toEqual(expected.map((issue) => issue.id));
    const first = pages[0]?.[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(
      ['anno', 'attachments', 'dataPubblicazione', 'id', 'title'].sort(),
    );
    expect(first?.attachments[0]?.serverRelativeUrl).toMatch(/^\/Documenti\/Riviste\//);
  });

  it('GetRiviste: filters by year for the archive', async () => {
    for (const year of [2019, 2021]) {
      const expected = await issueRows([year]);
      const pages = await api.walk<MagazineIssue>(ISSUES, 'socio', {
        years: [String(year)],
        dataOffset: '10',
        orderByFields: 'Title',
        ascending: false,
      });
      expect(pages.flat().map((issue) => issue.id)).toEqual(expected.map((issue) => issue.id));
      expect(pages.flat().every((issue) => issue.anno === year)).toBe(true);
    }
    expect((await api.page(ISSUES, 'socio', { years: ['2018'] })).items).toEqual([]);
  });

  it('GetArticoliRiviste: the issue first, then its articles by Ordinamento, 11 then 10 a page', async () => {
    const issue = await biggestIssue();
    const articles = await articleRows(issue.id);
    const issueFile = await db()
      .selectFrom('attachments')
      .select('server_relative_url')
      .where('owner_kind', '=', 'magazine_issue')
      .where('owner_id', '=', issue.id)
      .executeTakeFirstOrThrow();

    let found = false;
    const pages = await api.walk<MagazineArticle>(
      ARTICLES,
      'socio',
      { riviste: [issue.title], orderByFields: 'Ordinamento', ascending: true },
      (index) => magazineArticlesPageSize(index === 0, found || index > 0),
    );
    expect(pages[0]).toHaveLength(11);
    const entry = pages[0]?.[0];
    expect(entry).toMatchObject({ id: 0, title: issue.title, Ordinamento: 0, autore: {} });
    expect(isIssueEntry(entry ?? { title: '' })).toBe(true);
    expect(entry?.attachments.map((file) => file.serverRelativeUrl)).toEqual([
      issueFile.server_relative_url,
    ]);

    // What the screens show: the issue apart, then 10 articles a page, each once, in order.
    const shown: MagazineArticle[][] = pages.map((items, index) => {
      const split = splitIssueEntry(items, found);
      if (index === 0) {
        expect(split.issue?.id).toBe(0);
        found = true;
      }
      return split.articles;
    });
    expect(shown.slice(0, -1).every((items) => items.length === 10)).toBe(true);
    expect(shown.flat().map((article) => article.id)).toEqual(articles.map((row) => row.id));
    const first = shown[0]?.[0];
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'Ordinamento',
        'attachments',
        'autore',
        'dataPubblicazione',
        'id',
        'testata',
        'title',
      ].sort(),
    );
    expect(first?.testata).toBe('Il Servizio Trasfusionale');
    expect(Object.keys(first?.autore ?? {})[0]).toBe('1');
    expect(first?.attachments[0]?.serverRelativeUrl).toMatch(/^\/Documenti\/ArticoliRiviste\//);
  });

  it('GetArticoliRiviste: descending puts the issue last; a title search leaves it out', async () => {
    const issue = await biggestIssue();
    const articles = await articleRows(issue.id);
    const pages = await api.walk<MagazineArticle>(ARTICLES, 'socio', {
      riviste: issue.title,
      ascending: false,
      dataOffset: '4',
    });
    const ids = pages.flat().map((article) => article.id);
    expect(ids).toEqual([...articles.map((row) => row.id).reverse(), 0]);

    const word = (articles[0]?.title ?? '').split(' ')[0] ?? '';
    const found = (
      await api.walk<MagazineArticle>(ARTICLES, 'socio', { riviste: [issue.title], title: word })
    ).flat();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((article) => article.id !== 0)).toBe(true);
  });

  it('GetArticoliRiviste: needs exactly one issue; an unknown one is an empty list', async () => {
    for (const body of [{}, { riviste: [] }, { riviste: ['  '] }, { riviste: ['a', 'b'] }]) {
      const response = await api.post(ARTICLES, 'socio', body);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('riviste deve indicare il titolo di un solo numero.');
    }
    expect(
      (await api.page(ARTICLES, 'socio', { riviste: ['Nessun numero con questo titolo'] })).items,
    ).toEqual([]);
    const bad = await api.post(ARTICLES, 'socio', {
      riviste: [(await issueRows())[0]?.title],
      pagingInfo: 'Paged=TRUE&p_ID=x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('an issue for Affiliati only: hidden from Soci, 403 on its articles, its documents answered as unknown ones (404)', async () => {
    const issue = (await issueRows([2020]))[0];
    expect(issue).toBeDefined();
    const id = issue?.id ?? -1;
    await db()
      .updateTable('magazine_issues')
      .set({ audience: 'affiliato' })
      .where('id', '=', id)
      .execute();
    try {
      const listed = async (role: MemberRole) =>
        (await api.walk<MagazineIssue>(ISSUES, role, { years: ['2020'] }))
          .flat()
          .some((item) => item.id === id);
      expect(await listed('socio')).toBe(false);
      expect(await listed('affiliato')).toBe(true);
      expect(await listed('segreteria')).toBe(true);

      const forbidden = await api.post(ARTICLES, 'socio', { riviste: [issue?.title] });
      expect(forbidden.statusCode).toBe(403);
      const allowed = await api.page<MagazineArticle>(ARTICLES, 'affiliato', {
        riviste: [issue?.title],
      });
      expect(allowed.items.length).toBeGreaterThan(0);

      for (const url of [
        allowed.items[0]?.attachments[0]?.serverRelativeUrl ?? '',
        allowed.items[1]?.attachments[0]?.serverRelativeUrl ?? '',
      ]) {
        expect((await api.download('socio', url)).statusCode).toBe(404);
        const ok = await api.download('affiliato', url);
        expect(ok.statusCode).toBe(200);
        const content = (ok.json() as { data: { content: string } }).data.content;
        expect(Buffer.from(content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
      }
    } finally {
      await db()
        .updateTable('magazine_issues')
        .set({ audience: 'all' })
        .where('id', '=', id)
        .execute();
    }
  });
});
