import {
  articleHref,
  romeDate,
  transparencySectionsFor,
  TRANSPARENCY_PUBLICATION_TYPES,
  type Article,
  type ArticleCategory,
  type ListFilterInput,
  type PagedList,
  type PublicContribution,
  type SocietyStatus,
  type TransparencyPage,
  type TransparencyPublication,
  type TransparencyPublicationType,
  type TransparencyWarning,
} from '@sodalis/contracts';
import { Feed } from 'feed';
import type { Kysely } from 'kysely';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import { withAttachments } from '../attachments/repository.js';
import type { SitemapPages } from '../module.js';
import { transparencyWarnings } from './deadlines.js';
import { allContributions, allPublications, yearlyFacts } from './repository.js';

/** The public news the feeds and the sitemap list (the news domain's public reads). */
export interface PublishedNews {
  listArticles(filter: ListFilterInput): Promise<PagedList<Article>>;
  listCategories(): Promise<ArticleCategory[]>;
}

export interface TransparencyServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  cache: ContentCache;
  news: PublishedNews;
  /** The other modules' public pages (ADR 046): the events' (ADR 047)… */
  sitemapPages: readonly SitemapPages[];
  society: { acronym: string; name: string; publicBaseUrl: string };
  status: SocietyStatus;
}

/** How many news items a feed carries. */
export const FEED_SIZE = 20;
/** The sitemap reads the news in pages of this size. */
const SITEMAP_PAGE = 100;

export type FeedFormat = 'rss' | 'atom';

/**
 * The public pages every reader may open, besides the news items (ADR 026): the sitemap lists
 * these; the reserved area, its sign-in, the back office and the newsletter's personal links
 * are never in it. `{acronym}` is the society's page (spec §2.11).
 */
const PUBLIC_PAGES = [
  '/',
  '/news',
  '/chi-siamo',
  '/chi-siamo-{acronym}',
  '/chi-siamo-iscrizione',
  '/chi-siamo-affiliati',
  '/chi-siamo-sostenitori',
  '/contatti',
  '/dati-legali',
  '/cookie',
  '/patrocini',
  '/trasparenza',
] as const;

const xmlEscape = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The news item's text without markup, for a feed's summary. */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** `YYYY-MM-DD` of an ISO timestamp or date (null stays null). */
const dayOf = (value: string | null) => (value === null ? null : value.slice(0, 10));
const latest = (...days: (string | null | undefined)[]) =>
  days.reduce<string | null>(
    (best, day) => (day != null && (best === null || day > best) ? day : best),
    null,
  );

/**
 * The society as publisher (ADR 026): the "Società trasparente" page, the news feeds, the
 * sitemap, robots.txt and the web manifest. Answers go through the content cache, so a staff
 * change empties them at once like the API's answers (ADR 005).
 */
export class TransparencyService {
  constructor(private readonly deps: TransparencyServiceDeps) {}

  private get base(): string {
    return this.deps.society.publicBaseUrl.replace(/\/+$/, '');
  }

  /** The page's data: the sections that apply, with their publications, and the contributions. */
  async page(): Promise<TransparencyPage> {
    const json = await this.deps.cache.get('trasparenza', async () =>
      JSON.stringify(await this.readPage()),
    );
    return JSON.parse(json) as TransparencyPage;
  }

  private async readPage(): Promise<TransparencyPage> {
    const { db, status } = this.deps;
    const [rows, contributionRows] = await Promise.all([allPublications(db), allContributions(db)]);
    const publications = await withAttachments(
      db,
      'transparency_publication',
      rows,
      (row, attachments): TransparencyPublication => {
        const type = row.type as TransparencyPublicationType;
        return {
          id: row.id,
          type,
          typeLabel: TRANSPARENCY_PUBLICATION_TYPES[type].label,
          title: row.title,
          description: row.description,
          year: row.year === null ? null : Number(row.year),
          publishedOn: row.published_on,
          updatedOn: romeDate(new Date(row.updated_at)),
          linkUrl: row.link_url,
          attachments,
        };
      },
    );
    const years = new Map<
      number,
      { year: number; totalCents: number; rows: PublicContribution[] }
    >();
    for (const row of contributionRows) {
      const entry = years.get(row.year) ?? { year: row.year, totalCents: 0, rows: [] };
      entry.totalCents += row.amount_cents;
      entry.rows.push({
        id: row.id,
        year: row.year,
        grantor: row.grantor,
        amountCents: row.amount_cents,
        receivedOn: row.received_on,
        purpose: row.purpose,
      });
      years.set(row.year, entry);
    }
    return {
      status,
      sections: transparencySectionsFor(status).map((section) => ({
        id: section.id,
        title: section.title,
        intro: section.intro,
        publications: publications.filter(
          (publication) => TRANSPARENCY_PUBLICATION_TYPES[publication.type].section === section.id,
        ),
      })),
      contributionYears: [...years.values()].sort((a, b) => b.year - a.year),
      updatedOn: latest(
        ...rows.map((row) => romeDate(new Date(row.updated_at))),
        ...contributionRows.map((row) => romeDate(new Date(row.updated_at))),
      ),
    };
  }

  /** The yearly items missing or late today (ADR 026), for the staff. */
  async pendingWork(): Promise<TransparencyWarning[]> {
    return transparencyPendingWork(this.deps.db, this.deps.clock());
  }

  /**
   * The news feed, all categories or one (`categoryId`), RSS 2.0 or Atom; null for a category
   * that does not exist. Today is in the key: scheduled news appear at midnight.
   */
  async feed(format: FeedFormat, categoryId: number | null): Promise<string | null> {
    const key = `feed:${format}:${romeDate(this.deps.clock())}:${categoryId ?? 'tutte'}`;
    const answer = await this.deps.cache.get(key, async () => {
      const feed = await this.buildFeed(categoryId);
      if (feed === null) return '';
      return format === 'rss' ? feed.rss2() : feed.atom1();
    });
    return answer === '' ? null : answer;
  }

  /** The feeds' addresses, all news and one per category. */
  feedPath(format: FeedFormat, categoryId: number | null): string {
    const file = format === 'rss' ? 'rss.xml' : 'atom.xml';
    return categoryId === null ? `/feed/${file}` : `/feed/categorie/${categoryId}/${file}`;
  }

  private async buildFeed(categoryId: number | null): Promise<Feed | null> {
    const { news, society } = this.deps;
    let category: ArticleCategory | null = null;
    if (categoryId !== null) {
      category = (await news.listCategories()).find((item) => item.id === categoryId) ?? null;
      if (category === null) return null;
    }
    const { items } = await news.listArticles({
      paginated: false,
      dataOffset: FEED_SIZE,
      ...(category === null ? {} : { categorie: [category.title] }),
    });
    const listPath =
      category === null ? '/news' : `/news?categoria=${encodeURIComponent(category.title)}`;
    const title =
      category === null ? `${society.acronym} – Notizie` : `${society.acronym} – ${category.title}`;
    const newest = items[0]?.dataPubblicazione;
    const feed = new Feed({
      id: `${this.base}${listPath}`,
      title,
      description: `Le notizie di ${society.name}`,
      link: `${this.base}${listPath}`,
      language: 'it',
      favicon: `${this.base}/favicon.svg`,
      copyright: `© ${society.name}`,
      generator: 'Sodalis',
      ...(newest === undefined ? {} : { updated: new Date(`${newest}T00:00:00Z`) }),
      feedLinks: {
        rss: `${this.base}${this.feedPath('rss', categoryId)}`,
        atom: `${this.base}${this.feedPath('atom', categoryId)}`,
      },
    });
    for (const article of items) {
      const link = `${this.base}${articleHref(article)}`;
      feed.addItem({
        title: article.title,
        id: link,
        link,
        date: new Date(`${article.dataPubblicazione}T00:00:00Z`),
        description: plainText(article.subtitle).slice(0, 500),
        category: Object.values(article.categorie).map((name) => ({ name })),
      });
    }
    return feed;
  }

  /**
   * sitemap.xml: every public page with its date, then every visible news item. Pages whose own
   * date the site does not keep carry the last content change (ADR 026).
   */
  async sitemap(): Promise<string> {
    return this.deps.cache.get(`sitemap:${romeDate(this.deps.clock())}`, () => this.buildSitemap());
  }

  private async buildSitemap(): Promise<string> {
    const { news, society, cache } = this.deps;
    const articles: Article[] = [];
    let pagingInfo: string | undefined;
    do {
      const page = await news.listArticles({
        paginated: true,
        dataOffset: SITEMAP_PAGE,
        ...(pagingInfo === undefined ? {} : { pagingInfo }),
      });
      articles.push(...page.items);
      pagingInfo = page.pagingInfo;
    } while (pagingInfo !== undefined);
    const [page, changedAt] = await Promise.all([this.page(), cache.lastChangedAt()]);
    const newsDay = latest(...articles.map((article) => article.dataPubblicazione));
    // Before the first change through the site (content loaded at install), the newest news.
    const contentDay = dayOf(changedAt) ?? newsDay;
    const dateOf = (path: string) => {
      if (path === '/' || path === '/news') return latest(newsDay, contentDay);
      if (path === '/trasparenza') return page.updatedOn ?? contentDay;
      return contentDay;
    };
    const entries = [
      ...PUBLIC_PAGES.map((path) => {
        const address = path.replace('{acronym}', society.acronym.toLowerCase());
        return { loc: `${this.base}${address}`, lastmod: dateOf(path) };
      }),
      ...articles.map((article) => ({
        loc: `${this.base}${articleHref(article)}`,
        lastmod: article.dataPubblicazione,
      })),
      // The other modules' pages, in the list's order (ADR 046).
      ...(await Promise.all(this.deps.sitemapPages.map((pages) => pages(contentDay))))
        .flat()
        .map(({ path, lastmod }) => ({ loc: `${this.base}${path}`, lastmod })),
    ];
    const urls = entries
      .map(
        ({ loc, lastmod }) =>
          `  <url><loc>${xmlEscape(loc)}</loc>${lastmod === null ? '' : `<lastmod>${lastmod}</lastmod>`}</url>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  /** robots.txt: the reserved area and the API out, the sitemap named by its full address. */
  robots(): string {
    return [
      'User-agent: *',
      'Disallow: /area-riservata',
      'Disallow: /amministrazione',
      'Disallow: /api/',
      'Disallow: /newsletter/',
      '',
      `Sitemap: ${this.base}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** The web manifest: the society's names, colours and icons. */
  manifest(): string {
    const { society } = this.deps;
    return JSON.stringify({
      name: society.name,
      short_name: society.acronym,
      lang: 'it',
      start_url: '/',
      display: 'browser',
      background_color: '#ffffff',
      theme_color: '#a4122a',
      icons: [
        { src: '/favicon.svg', type: 'image/svg+xml', sizes: 'any' },
        { src: '/icon-192.png', type: 'image/png', sizes: '192x192' },
        { src: '/icon-512.png', type: 'image/png', sizes: '512x512' },
      ],
    });
  }
}

/**
 * The yearly publications missing or late on `now` (ADR 026): what the staff dashboard and the
 * reminder mail show.
 */
export async function transparencyPendingWork(
  db: Kysely<Database>,
  now: Date,
): Promise<TransparencyWarning[]> {
  return transparencyWarnings(now, await yearlyFacts(db));
}
