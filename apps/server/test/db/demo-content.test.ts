import { romeDate } from '@sodalis/contracts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SETUP_ELEMENT_KEYS } from '@sodalis/contracts';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseEngine, type DatabaseHandle } from '../../src/db/database.js';
import type { AttachmentOwnerKind, Database } from '../../src/db/schema.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import {
  isDatabaseEmpty,
  loadDemoContent,
  type DemoContentSummary,
} from '../../src/db/seed/demo-content.js';
import { LocalFileStore } from '../../src/files/file-store.js';
import { searchText } from '../../src/text/search-text.js';
import { attachmentsWithFiles } from '../../src/modules/attachments/repository.js';
import { computeStanding, DEFAULT_STANDING_RULES } from '../../src/modules/membership/standing.js';
import { createPostgresDatabase, testEngines } from '../helpers/test-app.js';

const ACRONYM = 'SIMTI';
/** The settings the demo register is written with (the defaults of MEMBER_NUMBER_FORMAT and PUBLIC_BASE_URL). */
const REGISTER = { memberNumberFormat: '{n:5}', publicBaseUrl: 'http://localhost:3000' };
const CATEGORY_TITLES = ['Concorsi', 'Formazione', 'Emovigilanza', ACRONYM, 'News'];
const PDF_MAGIC = '%PDF-';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Seeded {
  handle: DatabaseHandle;
  files: LocalFileStore;
  summary: DemoContentSummary;
  today: string;
}

/** Run in order after the tests: close handles, drop databases, remove directories. */
const cleanups: (() => Promise<void>)[] = [];

async function freshDatabase(withCategories: boolean, engine: DatabaseEngine = 'sqlite') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sodalis-demo-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | null = null;
  if (engine === 'postgres') {
    const database = await createPostgresDatabase();
    databaseUrl = database.url;
    cleanups.unshift(database.drop);
  }
  const handle = openDatabase({ databaseUrl, dataDir, logger: pino({ level: 'silent' }) });
  cleanups.unshift(() => handle.close());
  await migrateToLatest(handle.db, handle.engine);
  if (withCategories) {
    for (const [index, title] of CATEGORY_TITLES.entries()) {
      await handle.db
        .insertInto('categories')
        .values({ title, title_search: searchText(title), sort_order: index + 1 })
        .execute();
    }
  }
  return { handle, files: new LocalFileStore(path.join(dataDir, 'files')) };
}

async function seed(
  today: string,
  withCategories = true,
  engine: DatabaseEngine = 'sqlite',
): Promise<Seeded> {
  const { handle, files } = await freshDatabase(withCategories, engine);
  const summary = await loadDemoContent({
    db: handle.db,
    files,
    societyAcronym: ACRONYM,
    today,
    ...REGISTER,
  });
  return { handle, files, summary, today };
}

function yearsUpTo(today: string): number[] {
  const years: number[] = [];
  for (let year = 2019; year <= Number(today.slice(0, 4)); year += 1) years.push(year);
  return years;
}

/** The date and timestamp columns of each table the demo data set fills. */
const DATE_COLUMNS = {
  articles: ['published_on', 'created_at', 'updated_at'],
  recommendations: ['published_on', 'created_at', 'updated_at'],
  assemblies: ['held_on', 'created_at', 'updated_at'],
  press_reviews: ['published_on', 'created_at', 'updated_at'],
  opinions: ['published_on', 'created_at', 'updated_at'],
  magazine_issues: ['published_on', 'created_at', 'updated_at'],
  magazine_articles: ['published_on', 'created_at', 'updated_at'],
  setup_elements: ['updated_at'],
  board_members: ['created_at', 'updated_at'],
  fees: ['created_at', 'updated_at'],
  dues: ['settled_on', 'created_at', 'updated_at'],
  memberships: ['created_at', 'updated_at'],
  sponsorship_requests: ['starts_on', 'ends_on', 'privacy_accepted_at', 'created_at'],
  newsletter_subscriptions: ['consent_at', 'confirmed_at', 'created_at', 'updated_at'],
  attachments: ['created_at'],
  files: ['created_at'],
} satisfies { [Table in keyof Database]?: (keyof Database[Table] & string)[] };

interface DatedValue {
  table: keyof typeof DATE_COLUMNS;
  id: unknown;
  value: string;
}

/** Every date or timestamp the data set holds (its day), with the table and row it is in. */
async function allDates({ handle }: Seeded): Promise<DatedValue[]> {
  const found: DatedValue[] = [];
  for (const [table, columns] of Object.entries(DATE_COLUMNS) as [
    DatedValue['table'],
    string[],
  ][]) {
    const rows: Record<string, unknown>[] = await handle.db.selectFrom(table).selectAll().execute();
    for (const row of rows) {
      for (const column of columns) {
        const value = row[column];
        if (value === null) continue;
        expect(typeof value, `${table}.${column}`).toBe('string');
        found.push({ table, id: row.id, value: String(value).slice(0, 10) });
      }
    }
  }
  return found;
}

/** The attachments of one owner, in their order. */
function attachmentsOf({ handle }: Seeded, kind: AttachmentOwnerKind, ownerId: number) {
  return handle.db
    .selectFrom('attachments')
    .selectAll()
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', ownerId)
    .orderBy('position')
    .execute();
}

/** Checks that hold for the data set whatever today is. */
async function expectCoherentDataSet(seeded: Seeded) {
  const { db } = seeded.handle;
  const { today } = seeded;
  const years = yearsUpTo(today);

  const visible = await db
    .selectFrom('articles')
    .select(['id', 'published_on'])
    .where('published', '=', 1)
    .where('published_on', '<=', today)
    .execute();
  expect(visible.length).toBe(seeded.summary.articles);
  const newsYears = new Set(visible.map((row) => Number(row.published_on.slice(0, 4))));
  const issues = await db.selectFrom('magazine_issues').select(['year', 'published_on']).execute();
  const issueYears = new Set(issues.map((row) => row.year));
  for (const year of years) {
    expect(newsYears, `news of ${year}`).toContain(year);
    expect(issueYears, `magazine issues of ${year}`).toContain(year);
  }
  for (const issue of issues) expect(issue.published_on.slice(0, 4)).toBe(String(issue.year));

  const scheduled = await db
    .selectFrom('articles')
    .select(['id', 'published_on', 'published'])
    .where('published_on', '>', today)
    .execute();
  expect(scheduled).toHaveLength(1);
  const [scheduledRow] = scheduled;
  const expected = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000);
  expect(scheduledRow?.published_on).toBe(expected.toISOString().slice(0, 10));
  expect(scheduledRow?.published).toBe(1);

  const late = (await allDates(seeded)).filter(
    (date) => date.value > today && !(date.table === 'articles' && date.id === scheduledRow?.id),
  );
  expect(late).toEqual([]);
  const early = (await allDates(seeded)).filter((date) => date.value < '2019-01-01');
  expect(early).toEqual([]);
}

/**
 * The demo members in the dues ledger (ADR 042 via the register import): numbers in order of
 * their first year, and each standing of the year, counted from `today`.
 */
async function expectDemoLedger({ handle, today }: Seeded): Promise<void> {
  const { db } = handle;
  const year = Number(today.slice(0, 4));
  const memberships = await db
    .selectFrom('memberships')
    .innerJoin('members', 'members.id', 'memberships.member_id')
    .select(['members.id', 'email', 'member_number', 'kind', 'section', 'since_year'])
    .orderBy('member_number')
    .execute();
  expect(memberships.map(({ id: _id, ...facts }) => facts)).toEqual([
    {
      email: 'decaduto.demo@example.org',
      member_number: '00001',
      kind: 'Socio',
      section: null,
      since_year: year - 5,
    },
    {
      email: 'arretrati.demo@example.org',
      member_number: '00002',
      kind: 'Socio',
      section: null,
      since_year: year - 4,
    },
    {
      email: 'socio.demo@example.org',
      member_number: '00003',
      kind: 'Socio',
      section: null,
      since_year: year - 3,
    },
    {
      email: 'affiliato.demo@example.org',
      member_number: '00004',
      kind: 'Affiliato',
      section: 'tecnici',
      since_year: year - 2,
    },
  ]);
  const dues = await db.selectFrom('dues').selectAll().execute();
  // History without payments or receipts: the old register's (ADR 042).
  expect(dues.every((due) => due.payment_id === null)).toBe(true);
  expect(await db.selectFrom('receipts').select('id').execute()).toEqual([]);
  const standings = Object.fromEntries(
    memberships.map((membership) => {
      const ledger = new Map(
        dues
          .filter((due) => due.member_id === membership.id)
          .map((due) => [due.year, due.status] as const),
      );
      const { standing, openYears } = computeStanding(
        { sinceYear: membership.since_year, dues: ledger },
        today,
        DEFAULT_STANDING_RULES,
      );
      return [membership.email, { standing, openYears }];
    }),
  );
  const firstQuarter = today.slice(5) <= DEFAULT_STANDING_RULES.graceUntil;
  expect(standings).toEqual({
    'decaduto.demo@example.org': { standing: 'lapsed', openYears: [year - 2, year - 1, year] },
    'arretrati.demo@example.org': { standing: 'arrears', openYears: [year - 1] },
    'socio.demo@example.org': { standing: firstQuarter ? 'good' : 'renewalDue', openYears: [year] },
    'affiliato.demo@example.org': { standing: 'good', openYears: [] },
  });
  const exempt = dues.filter((due) => due.status === 'exempt');
  expect(exempt.map((due) => due.year)).toEqual([year]);
}

afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe.each(testEngines())("demo content loaded on Rome's today, on %s", (engine) => {
  const today = romeDate(new Date());
  let seeded: Seeded;

  beforeAll(async () => {
    seeded = await seed(today, true, engine);
  });

  it('reports what it loaded, and the tables hold exactly that', async () => {
    const { db } = seeded.handle;
    const count = async (
      table:
        | 'recommendations'
        | 'assemblies'
        | 'press_reviews'
        | 'opinions'
        | 'magazine_issues'
        | 'magazine_articles'
        | 'setup_elements'
        | 'board_members'
        | 'fees'
        | 'sponsorship_requests'
        | 'newsletter_subscriptions'
        | 'attachments'
        | 'events',
    ) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };
    const { summary } = seeded;
    expect(summary.articles).toBeGreaterThanOrEqual(44);
    expect(summary.scheduledArticles).toBe(1);
    expect(summary.draftArticles).toBe(1);
    expect(summary.categoriesCreated).toBe(0);
    expect(summary.recommendations).toBe(await count('recommendations'));
    expect(summary.recommendations).toBeGreaterThanOrEqual(10);
    expect(summary.assemblies).toBe(await count('assemblies'));
    expect(summary.pressReviews).toBe(await count('press_reviews'));
    expect(summary.pressReviews).toBeGreaterThanOrEqual(12);
    expect(summary.opinions).toBe(await count('opinions'));
    expect(summary.opinions).toBeGreaterThanOrEqual(8);
    expect(summary.magazineIssues).toBe(await count('magazine_issues'));
    expect(summary.magazineArticles).toBe(await count('magazine_articles'));
    expect(summary.setupElements).toBe(await count('setup_elements'));
    expect(summary.boardMembers).toBe(await count('board_members'));
    expect(summary.fees).toBe(await count('fees'));
    expect(summary.sponsorshipRequests).toBe(await count('sponsorship_requests'));
    expect(summary.newsletterSubscriptions).toBe(await count('newsletter_subscriptions'));
    expect(summary.attachments).toBe(await count('attachments'));
    // Each module's own demo records, by its name (ADR 046): the events' three (ADR 047).
    expect(summary.modules).toMatchObject({ events: 4 });
    expect(await count('events')).toBe(4);
    const files = await db.selectFrom('files').select('sha256').execute();
    expect(summary.files).toBe(files.length);
    // The demo accounts (ADR 010): one per role and one for the first sign-in.
    const members = await db
      .selectFrom('members')
      .select(['email', 'role', 'password_changed'])
      .orderBy('id')
      .execute();
    expect(members).toEqual([
      { email: 'socio.demo@example.org', role: 'socio', password_changed: 1 },
      { email: 'affiliato.demo@example.org', role: 'affiliato', password_changed: 1 },
      { email: 'segreteria.demo@example.org', role: 'segreteria', password_changed: 1 },
      { email: 'nuovo.demo@example.org', role: 'socio', password_changed: 0 },
      { email: 'redazione.demo@example.org', role: 'redazione', password_changed: 1 },
      { email: 'tesoreria.demo@example.org', role: 'tesoreria', password_changed: 1 },
      { email: 'arretrati.demo@example.org', role: 'socio', password_changed: 1 },
      { email: 'decaduto.demo@example.org', role: 'socio', password_changed: 1 },
      { email: 'eventi.demo@example.org', role: 'eventi', password_changed: 1 },
      { email: 'partecipante.demo@example.org', role: 'partecipante', password_changed: 1 },
    ]);
    expect(summary.registerMembers).toBe(4);
    await expectDemoLedger(seeded);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('categories').select('id').execute()).toHaveLength(5);
  });

  it('spreads the news over the five categories, with features, sources and PDFs', async () => {
    const { db } = seeded.handle;
    const perCategory = await db
      .selectFrom('article_categories')
      .innerJoin('articles', 'articles.id', 'article_categories.article_id')
      .innerJoin('categories', 'categories.id', 'article_categories.category_id')
      .select(['categories.title', (eb) => eb.fn.countAll<number>().as('n')])
      .where('articles.published', '=', 1)
      .where('articles.published_on', '<=', today)
      .groupBy('categories.title')
      .execute();
    expect(perCategory.map((row) => row.title).sort()).toEqual([...CATEGORY_TITLES].sort());
    for (const row of perCategory) expect(Number(row.n), row.title).toBeGreaterThanOrEqual(6);

    const visible = await db
      .selectFrom('articles')
      .selectAll()
      .where('published', '=', 1)
      .where('published_on', '<=', today)
      .orderBy('published_on', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const featured = visible.filter((row) => row.featured === 1);
    expect(featured.length).toBeGreaterThanOrEqual(5);
    expect(featured.length).toBeLessThanOrEqual(8);
    expect(visible.slice(0, 10).filter((row) => row.featured === 1).length).toBeGreaterThanOrEqual(
      2,
    );

    const withSource = visible.filter((row) => row.source_url !== null && row.source_name !== null);
    expect(withSource.length).toBeGreaterThanOrEqual(8);
    for (const row of withSource) expect(row.source_url).toMatch(/^https:\/\//);
    const sourceNames = new Set(withSource.map((row) => row.source_name));
    for (const name of [
      'Ministero della Salute',
      'Gazzetta Ufficiale',
      'Centro Nazionale Sangue',
    ]) {
      expect(sourceNames).toContain(name);
    }

    const articleAttachments = await db
      .selectFrom('attachments')
      .selectAll()
      .where('owner_kind', '=', 'article')
      .execute();
    expect(articleAttachments.length).toBeGreaterThanOrEqual(10);
    for (const attachment of articleAttachments) {
      expect(attachment.position).toBe(0);
      expect(attachment.server_relative_url).toBe(
        `/Documenti/News/${attachment.owner_id}/${encodeURIComponent(attachment.file_name)}`,
      );
    }

    const multiCategory = await db
      .selectFrom('article_categories')
      .select('article_id')
      .where('position', '=', 1)
      .execute();
    expect(multiCategory.length).toBeGreaterThanOrEqual(3);
    const positions = await db
      .selectFrom('article_categories')
      .select(['article_id', 'position'])
      .execute();
    const articlesWithDisplayed = new Set(
      positions.filter((row) => row.position === 0).map((row) => row.article_id),
    );
    const allArticles = await db.selectFrom('articles').select('id').execute();
    expect(articlesWithDisplayed.size).toBe(allArticles.length);

    const titles = visible.map((row) => row.title);
    expect(titles.some((title) => title.includes("'"))).toBe(true);
    expect(titles.some((title) => /[àèéìòù]/.test(title))).toBe(true);
    expect(titles.some((title) => title.includes('%'))).toBe(true);
    expect(titles.some((title) => title.includes('{'))).toBe(false);
    expect(titles.some((title) => title.includes(ACRONYM))).toBe(true);

    for (const row of visible) {
      expect(row.title_search).toBe(searchText(row.title));
      expect(row.subtitle_html).toMatch(/^<p>/);
      expect(row.subtitle_html).not.toMatch(/<(script|img|iframe|style)/i);
    }
    const drafts = await db
      .selectFrom('articles')
      .select('id')
      .where('published', '=', 0)
      .execute();
    expect(drafts).toHaveLength(1);
  });

  it('fills every title_search column with the normalised title', async () => {
    const { db } = seeded.handle;
    const pairs = [
      ...(await db.selectFrom('articles').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('recommendations').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('assemblies').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('opinions').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('magazine_issues').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('magazine_articles').select(['title', 'title_search']).execute()),
      ...(await db.selectFrom('categories').select(['title', 'title_search']).execute()),
      ...(await db
        .selectFrom('press_reviews')
        .select(['headline as title', 'title_search'])
        .execute()),
    ];
    for (const pair of pairs) expect(pair.title_search).toBe(searchText(pair.title));
  });

  it('covers every year from 2019 and dates nothing after today but the scheduled news', async () => {
    await expectCoherentDataSet(seeded);
  });

  it('fills the reserved-area archives', async () => {
    const { db } = seeded.handle;
    const recommendations = await db.selectFrom('recommendations').selectAll().execute();
    const audiences = new Set(recommendations.map((row) => row.audience));
    expect([...audiences].sort()).toEqual(['affiliato', 'all', 'socio']);
    expect(recommendations.filter((row) => row.audience === 'all').length).toBeGreaterThan(
      recommendations.length / 2 - 1,
    );
    const recommendationFiles = await db
      .selectFrom('attachments')
      .select('owner_id')
      .where('owner_kind', '=', 'recommendation')
      .execute();
    const withFile = new Set(recommendationFiles.map((row) => row.owner_id));
    for (const row of recommendations) {
      // Each one can be read: through its source address or through its PDF.
      expect(row.source_url !== null || withFile.has(row.id), row.title).toBe(true);
      expect(row.source_name).not.toBeNull();
    }
    expect(recommendations.some((row) => row.source_url !== null)).toBe(true);
    expect(withFile.size).toBeGreaterThan(0);

    const assemblies = await db.selectFrom('assemblies').selectAll().execute();
    expect(assemblies.filter((row) => row.territory === 'Nazionali').length).toBeGreaterThanOrEqual(
      8,
    );
    expect(assemblies.filter((row) => row.territory === 'Regionali').length).toBeGreaterThanOrEqual(
      8,
    );
    expect(new Set(assemblies.map((row) => row.section))).toEqual(
      new Set([null, 'Affiliati tecnici', 'Affiliati infermieri']),
    );
    for (const row of assemblies) {
      expect(row.place.length).toBeGreaterThan(0);
      expect(row.audience).toBe(row.section ?? 'all');
      const attachments = await attachmentsOf(seeded, 'assembly', row.id);
      expect(attachments.length, row.title).toBeGreaterThanOrEqual(1);
      expect(attachments.length, row.title).toBeLessThanOrEqual(2);
      expect(attachments.map((each) => each.position)).toEqual(
        attachments.map((_each, index) => index),
      );
      for (const each of attachments)
        expect(each.server_relative_url).toMatch(/^\/Documenti\/Assemblee\//);
    }

    const press = await db.selectFrom('press_reviews').selectAll().execute();
    for (const row of press) {
      expect(row.newspaper.length).toBeGreaterThan(0);
      expect(row.url).toMatch(/^https:\/\//);
      expect(row.audience).toBe('all');
    }

    const opinions = await db.selectFrom('opinions').selectAll().execute();
    expect(new Set(opinions.map((row) => row.audience)).size).toBeGreaterThan(1);
    for (const row of opinions) {
      // Spec §3: the opinion's date is the second word of its title.
      const [, date] = row.published_on.match(/^(\d{4}-\d{2}-\d{2})$/) ?? [];
      const [y, m, d] = (date ?? '').split('-');
      expect(row.title.split(' ')[1]).toBe(`${d}/${m}/${y}`);
      expect(row.question).toContain('?');
      expect(row.answer.length).toBeGreaterThan(40);
    }
    expect(opinions.some((row) => row.answer.includes('\n'))).toBe(true);
    const perDay = new Map<string, number[]>();
    for (const row of opinions)
      perDay.set(row.published_on, [...(perDay.get(row.published_on) ?? []), row.sort_order]);
    expect([...perDay.values()].some((orders) => orders.length > 1)).toBe(true);
    for (const orders of perDay.values()) expect(new Set(orders).size).toBe(orders.length);
  });

  it('publishes the magazine issues with their articles and PDFs', async () => {
    const { db } = seeded.handle;
    const issues = await db.selectFrom('magazine_issues').selectAll().orderBy('id').execute();
    const perYear = new Map<number, number>();
    for (const issue of issues) perYear.set(issue.year, (perYear.get(issue.year) ?? 0) + 1);
    const currentYear = Number(today.slice(0, 4));
    for (const [year, count] of perYear) {
      expect(count, String(year)).toBeLessThanOrEqual(4);
      if (year < currentYear) expect(count, String(year)).toBeGreaterThanOrEqual(2);
    }
    // Sorting titles descending (spec §7 GetRiviste) puts the latest issue first.
    const latest = [...issues].sort((a, b) => b.published_on.localeCompare(a.published_on))[0];
    const byTitle = [...issues].sort((a, b) => (a.title < b.title ? 1 : -1))[0];
    expect(byTitle?.id).toBe(latest?.id);

    for (const issue of issues) {
      const covers = await attachmentsOf(seeded, 'magazine_issue', issue.id);
      expect(covers, issue.title).toHaveLength(1);
      const articles = await db
        .selectFrom('magazine_articles')
        .selectAll()
        .where('issue_id', '=', issue.id)
        .orderBy('sort_order')
        .execute();
      expect(articles.length, issue.title).toBeGreaterThanOrEqual(5);
      expect(articles.length, issue.title).toBeLessThanOrEqual(15);
      expect(articles.map((row) => row.sort_order)).toEqual(
        articles.map((_row, index) => index + 1),
      );
      for (const article of articles) {
        const authors: unknown = JSON.parse(article.authors_json);
        expect(Array.isArray(authors)).toBe(true);
        expect((authors as unknown[]).length).toBeGreaterThanOrEqual(1);
        expect((authors as unknown[]).length).toBeLessThanOrEqual(3);
        for (const author of authors as unknown[]) expect(typeof author).toBe('string');
        expect(article.newspaper).toBe('Il Servizio Trasfusionale');
        expect(article.published_on).toBe(issue.published_on);
      }
      const articleFiles = await db
        .selectFrom('attachments')
        .select('owner_id')
        .where('owner_kind', '=', 'magazine_article')
        .where(
          'owner_id',
          'in',
          articles.map((row) => row.id),
        )
        .execute();
      expect(articleFiles).toHaveLength(articles.length);
    }
  });

  it('stores every attached file, as a PDF, and a PNG portrait per board member', async () => {
    const { db } = seeded.handle;
    const attachments = await attachmentsWithFiles(db).execute();
    expect(attachments.length).toBe(seeded.summary.attachments);
    const checked = new Set<string>();
    for (const attachment of attachments) {
      expect(attachment.file_name).toMatch(/\.pdf$/);
      expect(attachment.content_type).toBe('application/pdf');
      if (checked.has(attachment.file_sha256)) continue;
      checked.add(attachment.file_sha256);
      const bytes = await seeded.files.read(attachment.file_sha256);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe(PDF_MAGIC);
      expect(bytes.length).toBe(attachment.size_bytes);
    }
    const urls = await db.selectFrom('attachments').select('server_relative_url').execute();
    expect(new Set(urls.map((row) => row.server_relative_url)).size).toBe(urls.length);

    const board = await db.selectFrom('board_members').selectAll().orderBy('sort_order').execute();
    expect(board.length).toBeGreaterThanOrEqual(9);
    expect(board.map((row) => row.role).slice(0, 4)).toEqual([
      'Presidente',
      'Vice Presidente',
      'Segretario',
      'Tesoriere',
    ]);
    for (const member of board) {
      expect(member.photo_sha256).not.toBeNull();
      const photo = await seeded.files.read(member.photo_sha256 ?? '');
      expect(photo.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
      const meta = await db
        .selectFrom('files')
        .selectAll()
        .where('sha256', '=', member.photo_sha256 ?? '')
        .executeTakeFirstOrThrow();
      expect(meta.content_type).toBe('image/png');
      const cvs = await attachmentsOf(seeded, 'board_member_cv', member.id);
      expect(cvs, member.name).toHaveLength(1);
    }

    const referenced = new Set([
      ...attachments.map((row) => row.file_sha256),
      ...board.map((row) => row.photo_sha256 ?? ''),
    ]);
    const stored = await db.selectFrom('files').select('sha256').execute();
    expect(new Set(stored.map((row) => row.sha256))).toEqual(referenced);
  });

  it('has every setup element, fee, a sponsorship request and a newsletter subscriber', async () => {
    const { db } = seeded.handle;
    const elements = await db.selectFrom('setup_elements').selectAll().execute();
    expect(elements.map((row) => row.key).sort()).toEqual([...SETUP_ELEMENT_KEYS].sort());
    expect(SETUP_ELEMENT_KEYS).toHaveLength(18);
    const byKey = new Map(elements.map((row) => [row.key, row]));
    expect(byKey.get('modulo-abbonamento-attivo')?.body_html).toBe('true');
    for (const element of elements) {
      if (element.key === 'modulo-abbonamento-attivo') continue;
      expect(element.body_html, element.key).toMatch(/^<p>/);
      expect(element.body_html, element.key).not.toContain('{');
    }
    const setupFiles = await db
      .selectFrom('attachments')
      .select(['owner_id', 'server_relative_url'])
      .where('owner_kind', '=', 'setup_element')
      .execute();
    const keysWithFile = setupFiles.map(
      (row) => elements.find((element) => element.id === row.owner_id)?.key,
    );
    expect(keysWithFile.sort()).toEqual(
      [
        'chisiamo-organizzazione-storia',
        'chisiamo-organizzazione-organigramma',
        'chisiamo-organizzazione-codiceetico',
        'chisiamo-organizzazione-bilancio',
        'chisiamo-organizzazione-statuto',
        'chisiamo-soci-richiesta',
        'chisiamo-affiliati-richiesta',
      ].sort(),
    );
    for (const row of setupFiles) expect(row.server_relative_url).toMatch(/^\/Documenti\/Setup\//);

    const fees = await db.selectFrom('fees').selectAll().orderBy('sort_order').execute();
    expect(fees.map((row) => [row.title, row.amount_cents, row.access])).toEqual([
      ['Quota Socio ordinario', 8000, 'Socio'],
      ['Quota Socio under 35', 4000, 'Socio'],
      ['Quota Affiliato tecnico', 3000, 'Affiliato'],
      ['Quota Affiliato infermiere', 3000, 'Affiliato'],
    ]);

    const requests = await db.selectFrom('sponsorship_requests').selectAll().execute();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.status).toBe('received');
    const requestFiles = await db
      .selectFrom('attachments')
      .select('id')
      .where('owner_kind', '=', 'sponsorship_request')
      .execute();
    expect(requestFiles).toHaveLength(1);

    const subscriptions = await db.selectFrom('newsletter_subscriptions').selectAll().execute();
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]?.status).toBe('confirmed');
    expect(subscriptions[0]?.consent_text_version).toBe('v1');
  });

  it('refuses to load a second time', async () => {
    const { db } = seeded.handle;
    expect(await isDatabaseEmpty(db)).toBe(false);
    const before = await db.selectFrom('articles').select('id').execute();
    await expect(
      loadDemoContent({ db, files: seeded.files, societyAcronym: ACRONYM, today, ...REGISTER }),
    ).rejects.toThrow(/contiene già dati/);
    expect(await db.selectFrom('articles').select('id').execute()).toHaveLength(before.length);
  });
});

describe('demo content determinism', () => {
  const today = '2025-06-15';

  async function fingerprint(seeded: Seeded) {
    const { db } = seeded.handle;
    return {
      articles: await db
        .selectFrom('articles')
        .select(['id', 'title', 'published_on', 'featured', 'published'])
        .orderBy('id')
        .execute(),
      attachments: await db
        .selectFrom('attachments')
        .select(['owner_kind', 'owner_id', 'file_name', 'server_relative_url', 'file_sha256'])
        .orderBy('id')
        .execute(),
      files: await db.selectFrom('files').selectAll().orderBy('sha256').execute(),
      issues: await db
        .selectFrom('magazine_issues')
        .select(['title', 'published_on'])
        .orderBy('id')
        .execute(),
      magazineArticles: await db
        .selectFrom('magazine_articles')
        .select(['title', 'authors_json'])
        .orderBy('id')
        .execute(),
      opinions: await db
        .selectFrom('opinions')
        .select(['title', 'sort_order'])
        .orderBy('id')
        .execute(),
      summary: seeded.summary,
    };
  }

  it('gives identical rows and identical files on two fresh databases', async () => {
    const first = await seed(today);
    const second = await seed(today);
    const [a, b] = [await fingerprint(first), await fingerprint(second)];
    expect(a.articles.length).toBeGreaterThanOrEqual(46);
    expect(b).toEqual(a);
    await expectCoherentDataSet(first);
  });
});

describe('demo content on the first day of a year', () => {
  it('still has news and an issue for the new year, and creates missing categories', async () => {
    const seeded = await seed('2024-01-01', false);
    expect(seeded.summary.categoriesCreated).toBe(5);
    const titles = await seeded.handle.db
      .selectFrom('categories')
      .select('title')
      .orderBy('sort_order')
      .execute();
    expect(titles.map((row) => row.title)).toEqual(CATEGORY_TITLES);
    await expectCoherentDataSet(seeded);
    expect(seeded.summary.articles).toBeGreaterThanOrEqual(44);
    // This year's payment of the member in arrears is dated today, not later.
    await expectDemoLedger(seeded);
  });

  it('refuses an invalid today', async () => {
    const { handle, files } = await freshDatabase(true);
    await expect(
      loadDemoContent({
        db: handle.db,
        files,
        societyAcronym: ACRONYM,
        today: '2024-02-30',
        ...REGISTER,
      }),
    ).rejects.toThrow(/non valida/);
    expect(await isDatabaseEmpty(handle.db)).toBe(true);
  });
});
