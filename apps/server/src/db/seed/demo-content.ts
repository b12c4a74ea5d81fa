import { createHash } from 'node:crypto';
import {
  FIRST_LIST_YEAR,
  italianDate,
  ITALIAN_MONTHS,
  MAGAZINE_NAME,
  SETUP_ELEMENT_KEYS,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { FileStore } from '../../files/file-store.js';
import { attachmentUrl } from '../../modules/attachments/repository.js';
import { searchText } from '../../text/search-text.js';
import type { AttachmentOwnerKind, Audience, Database } from '../schema.js';
import {
  AUTHOR_FIRST_NAMES,
  AUTHOR_LAST_NAMES,
  BOARD_MEMBERS,
  DRAFT_NEWS,
  FEES,
  MAGAZINE_ARTICLE_TITLES,
  NATIONAL_ASSEMBLIES,
  NEWS,
  NEWS_CATEGORIES,
  NEWSLETTER_SUBSCRIBER,
  OPINIONS,
  PRESS_REVIEWS,
  RECOMMENDATIONS,
  REGIONAL_ASSEMBLIES,
  SCHEDULED_NEWS,
  SETUP_ELEMENTS,
  SPONSORSHIP_REQUEST,
  type AssemblyDocumentKind,
  type AssemblyTemplate,
  type NewsCategory,
  type NewsTemplate,
} from './demo-data.js';
import { makeDemoPdf } from './demo-pdf.js';
import { makePortraitPng } from './demo-png.js';
import { insertDemoAccounts, insertDemoRegister } from './demo-accounts.js';
import { insertDemoSiteContents } from './demo-site-contents.js';
import { SERVER_MODULES } from '../../modules/index.js';
import type { AnyServerModule } from '../../modules/module.js';

/*
 * The demo data set (docs/architecture.md, "Data": a fresh install is filled with demo content on first
 * start). Deterministic: the same `today` always gives the same rows and the same file bytes.
 * Items are spread from 2019 to today; nothing is dated after today except one scheduled news.
 */

export interface DemoContentContext {
  db: Kysely<Database>;
  files: FileStore;
  societyAcronym: string;
  /** 'YYYY-MM-DD', Rome's today */
  today: string;
  /** MEMBER_NUMBER_FORMAT: the demo members' numbers in the society's own form. */
  memberNumberFormat: string;
  /** PUBLIC_BASE_URL, for the links of anything the register import would write. */
  publicBaseUrl: string;
}

export interface DemoContentSummary {
  /** Published news dated today or earlier (the visible ones). */
  articles: number;
  /** Published news dated after today (one, 30 days ahead). */
  scheduledArticles: number;
  /** Unpublished news. */
  draftArticles: number;
  /** News categories that were missing and had to be created. */
  categoriesCreated: number;
  recommendations: number;
  assemblies: number;
  pressReviews: number;
  opinions: number;
  magazineIssues: number;
  magazineArticles: number;
  setupElements: number;
  boardMembers: number;
  fees: number;
  sponsorshipRequests: number;
  newsletterSubscriptions: number;
  /** Attachment rows of every kind. */
  attachments: number;
  /** Distinct stored blobs (PDFs and portraits). */
  files: number;
  /** Structured site contents (contacts, legal data, supporters, past presidents). */
  siteContents?: number;
  /** Demo accounts (one per role, one for the first sign-in, two in arrears or lapsed). */
  accounts?: number;
  /** Demo members in the dues ledger (each standing of the year). */
  registerMembers?: number;
  /** Each module's own demo records, by the module's name (the events' congress…, ADR 046). */
  modules?: Record<string, number>;
}

/** The first year of the archives (spec §9: year lists run from 2019). */
const FIRST_YEAR = FIRST_LIST_YEAR;
/** Days between today and the scheduled news item. */
const SCHEDULED_AFTER_DAYS = 30;
/** Where, in the newest-first order of the visible news, the featured items sit. */
const FEATURED_RANKS = [0, 5, 13, 22, 31, 40];
const DAY_MS = 86_400_000;

const AREA_OF_OWNER: Readonly<Record<AttachmentOwnerKind, string>> = {
  article: 'News',
  recommendation: 'Raccomandazioni',
  assembly: 'Assemblee',
  press_review: 'RassegnaStampa',
  magazine_issue: 'Riviste',
  magazine_article: 'ArticoliRiviste',
  setup_element: 'Setup',
  transparency_publication: 'Trasparenza',
  board_member_cv: 'CV',
  sponsorship_request: 'Patrocini',
};

/** True when the database holds no content or accounts yet (articles, members, setup_elements, recommendations, magazine_issues all empty). */
export async function isDatabaseEmpty(db: Kysely<Database>): Promise<boolean> {
  const probes = [
    db.selectFrom('articles').select('id').limit(1),
    db.selectFrom('members').select('id').limit(1),
    db.selectFrom('setup_elements').select('id').limit(1),
    db.selectFrom('recommendations').select('id').limit(1),
    db.selectFrom('magazine_issues').select('id').limit(1),
  ];
  for (const probe of probes) {
    if ((await probe.executeTakeFirst()) !== undefined) return false;
  }
  return true;
}

/** Loads the demo data set inside ONE transaction; throws if the database is not empty. Categories: the five news categories already exist (created at start by another module, titles 'Concorsi','Formazione','Emovigilanza', <societyAcronym>, 'News'); look them up by title_search, and insert any that are missing with onConflict doNothing. */
export async function loadDemoContent(ctx: DemoContentContext): Promise<DemoContentSummary> {
  const today = checkedToday(ctx.today);
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await isDatabaseEmpty(trx))) {
      throw new Error(
        'Il database contiene già dati: i contenuti dimostrativi non vengono caricati',
      );
    }
    const loader = new DemoLoader(trx, ctx.files, ctx.societyAcronym, today);
    const summary = await loader.loadAll();
    summary.siteContents = await insertDemoSiteContents(
      trx,
      ctx.societyAcronym,
      `${today}T08:00:00.000Z`,
    );
    summary.accounts = await insertDemoAccounts(trx, `${today}T08:00:00.000Z`);
    const facts = { societyAcronym: ctx.societyAcronym, today, stamp: `${today}T08:00:00.000Z` };
    summary.modules = {};
    for (const module of SERVER_MODULES as readonly AnyServerModule[]) {
      if (module.demoContent !== undefined)
        summary.modules[module.name] = await module.demoContent(trx, facts);
    }
    summary.registerMembers = await insertDemoRegister(trx, today, {
      memberNumberFormat: ctx.memberNumberFormat,
      society: { acronym: ctx.societyAcronym, publicBaseUrl: ctx.publicBaseUrl },
    });
    return summary;
  });
}

// ---------------------------------------------------------------------------------------------
// Dates and determinism

function checkedToday(today: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || formatDay(parseDay(today)) !== today) {
    throw new Error(`Data odierna non valida: ${today}`);
  }
  if (Number(today.slice(0, 4)) < FIRST_YEAR) {
    throw new Error(`I contenuti dimostrativi partono dal ${FIRST_YEAR}: data odierna ${today}`);
  }
  return today;
}

/** Days since 1970-01-01 of an ISO date. */
function parseDay(iso: string): number {
  return Math.floor(Date.parse(`${iso}T00:00:00.000Z`) / DAY_MS);
}

function formatDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function addDays(iso: string, days: number): string {
  return formatDay(parseDay(iso) + days);
}

function yearOf(iso: string): number {
  return Number(iso.slice(0, 4));
}

/** A UTC timestamp on the given date. */
function timestamp(iso: string, hour = 8, minute = 0): string {
  return `${iso}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`;
}

/** A small seeded PRNG (mulberry32); each section has its own stream, named by a label. */
function seededRandom(label: string): () => number {
  let state = 0x811c9dc5;
  for (const char of label) state = Math.imul(state ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('elenco vuoto');
  return item;
}

/**
 * `count` dates in ascending order from 2019 to `today`, spread evenly over the years (every
 * year gets one when `count` is at least the number of years) and within each year over the
 * days that are not after today, with a little seeded jitter.
 */
function spreadDates(count: number, today: string, random: () => number): string[] {
  const lastYear = yearOf(today);
  const years = lastYear - FIRST_YEAR + 1;
  const perYear = new Array<number>(years).fill(0);
  for (let index = 0; index < count; index += 1) {
    const slot = Math.min(years - 1, Math.floor(((index + 0.5) * years) / count));
    perYear[slot] = (perYear[slot] ?? 0) + 1;
  }
  const todayDay = parseDay(today);
  const dates: string[] = [];
  perYear.forEach((items, slot) => {
    if (items === 0) return;
    const year = FIRST_YEAR + slot;
    const start = parseDay(`${year}-01-01`);
    const length = Math.min(parseDay(`${year}-12-31`), todayDay) - start + 1;
    const width = length / items;
    for (let index = 0; index < items; index += 1) {
      const jitter = (random() - 0.5) * width * 0.6;
      const offset = Math.min(length - 1, Math.max(0, Math.floor((index + 0.5) * width + jitter)));
      dates.push(formatDay(start + offset));
    }
  });
  return dates;
}

// ---------------------------------------------------------------------------------------------
// Text helpers

interface Placeholders {
  societa: string;
  anno: number;
}

function fill(text: string, values: Placeholders): string {
  return text.replace(/\{(societa|anno)\}/g, (_match, name: string) =>
    name === 'societa' ? values.societa : String(values.anno),
  );
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function fillHtml(html: string, values: Placeholders): string {
  return fill(html, { societa: escapeHtml(values.societa), anno: values.anno });
}

/** A file name made of plain letters, digits and dashes (for generated names). */
function slug(text: string, maxLength = 48): string {
  const plain = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return plain.slice(0, maxLength).replace(/-+$/, '');
}

// ---------------------------------------------------------------------------------------------
// The loader

interface IssuePlan {
  number: number;
  year: number;
  publishedOn: string;
}

class DemoLoader {
  private readonly storedFiles = new Set<string>();
  /** Addresses of contents already stored, so a PDF attached many times is hashed once. */
  private readonly addresses = new WeakMap<Uint8Array, string>();
  private readonly writes: Promise<void>[] = [];
  private attachments = 0;
  private readonly lastYear: number;

  constructor(
    private readonly trx: Transaction<Database>,
    private readonly store: FileStore,
    private readonly acronym: string,
    private readonly today: string,
  ) {
    this.lastYear = yearOf(today);
  }

  async loadAll(): Promise<DemoContentSummary> {
    try {
      return await this.loadEverything();
    } finally {
      // Never leave writes running after the transaction, even when loading failed.
      await Promise.allSettled(this.writes);
    }
  }

  private async loadEverything(): Promise<DemoContentSummary> {
    // Setup elements first: their unique keys make a concurrent second loader wait, then fail.
    const setupElements = await this.loadSetupElements();
    const { created: categoriesCreated, ids: categoryIds } = await this.ensureCategories();
    const news = await this.loadNews(categoryIds);
    const recommendations = await this.loadRecommendations();
    const assemblies =
      (await this.loadAssemblies('Nazionali', NATIONAL_ASSEMBLIES)) +
      (await this.loadAssemblies('Regionali', REGIONAL_ASSEMBLIES));
    const pressReviews = await this.loadPressReviews();
    const opinions = await this.loadOpinions();
    const magazine = await this.loadMagazine();
    const boardMembers = await this.loadBoard();
    const fees = await this.loadFees();
    const sponsorshipRequests = await this.loadSponsorshipRequest();
    const newsletterSubscriptions = await this.loadNewsletterSubscription();
    await this.flushFiles();
    return {
      ...news,
      categoriesCreated,
      recommendations,
      assemblies,
      pressReviews,
      opinions,
      magazineIssues: magazine.issues,
      magazineArticles: magazine.articles,
      setupElements,
      boardMembers,
      fees,
      sponsorshipRequests,
      newsletterSubscriptions,
      attachments: this.attachments,
      files: this.storedFiles.size,
    };
  }

  private placeholders(date: string): Placeholders {
    return { societa: this.acronym, anno: yearOf(date) };
  }

  // --- files -----------------------------------------------------------------------------------

  /** Same title and lines, same bytes: made once (`makeDemoPdf` keeps the recent ones). */
  private pdf(title: string, lines: readonly string[]): Promise<Uint8Array> {
    return makeDemoPdf(title, lines);
  }

  /**
   * Records a blob: the `files` row is written at once (the address is the sha256 of the
   * bytes, as in every FileStore) while the bytes are written in the background, so disk I/O
   * overlaps the PDF generation; `flushFiles` waits for them before the transaction ends.
   */
  private async storeFile(content: Uint8Array, contentType: string, createdAt: string) {
    const known = this.addresses.get(content);
    if (known !== undefined) return known;
    const sha256 = createHash('sha256').update(content).digest('hex');
    this.addresses.set(content, sha256);
    if (this.storedFiles.has(sha256)) return sha256;
    this.storedFiles.add(sha256);
    const writing = this.store.put(content).then((stored) => {
      if (stored.sha256 !== sha256)
        throw new Error(`file store address mismatch: ${stored.sha256}`);
    });
    writing.catch(() => undefined); // reported by flushFiles, never as an unhandled rejection
    this.writes.push(writing);
    await this.trx
      .insertInto('files')
      .values({
        sha256,
        size_bytes: content.byteLength,
        content_type: contentType,
        created_at: createdAt,
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
    return sha256;
  }

  private async flushFiles(): Promise<void> {
    await Promise.all(this.writes);
  }

  private async attach(
    ownerKind: AttachmentOwnerKind,
    ownerId: number,
    position: number,
    fileName: string,
    content: Uint8Array,
    createdAt: string,
  ): Promise<void> {
    const sha256 = await this.storeFile(content, 'application/pdf', createdAt);
    await this.trx
      .insertInto('attachments')
      .values({
        owner_kind: ownerKind,
        owner_id: ownerId,
        position,
        file_name: fileName,
        server_relative_url: attachmentUrl(AREA_OF_OWNER[ownerKind], ownerId, fileName),
        file_sha256: sha256,
        created_at: createdAt,
      })
      .execute();
    this.attachments += 1;
  }

  // --- setup elements and categories -----------------------------------------------------------

  private async loadSetupElements(): Promise<number> {
    const values: Placeholders = { societa: this.acronym, anno: this.lastYear - 1 };
    const updatedAt = timestamp(this.today, 7);
    for (const key of SETUP_ELEMENT_KEYS) {
      const template = SETUP_ELEMENTS[key];
      const { id } = await this.trx
        .insertInto('setup_elements')
        .values({ key, body_html: fillHtml(template.body, values), updated_at: updatedAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (template.document !== undefined) {
        const fileName = fill(template.document.fileName, values);
        const title = `${this.acronym} - ${fileName.replace(/\.pdf$/, '')}`;
        const lines = template.document.lines.map((line) => fill(line, values));
        await this.attach(
          'setup_element',
          id,
          0,
          fileName,
          await this.pdf(title, lines),
          updatedAt,
        );
      }
    }
    return SETUP_ELEMENT_KEYS.length;
  }

  private categoryTitle(category: NewsCategory): string {
    return category === 'SOCIETA' ? this.acronym : category;
  }

  private async ensureCategories(): Promise<{ created: number; ids: Map<NewsCategory, number> }> {
    const ids = new Map<NewsCategory, number>();
    let created = 0;
    for (const [index, category] of NEWS_CATEGORIES.entries()) {
      const title = this.categoryTitle(category);
      const key = searchText(title);
      let row = await this.trx
        .selectFrom('categories')
        .select('id')
        .where('title_search', '=', key)
        .executeTakeFirst();
      if (row === undefined) {
        const inserted = await this.trx
          .insertInto('categories')
          .values({ title, title_search: key, sort_order: index + 1 })
          .onConflict((conflict) => conflict.column('title_search').doNothing())
          .executeTakeFirst();
        created += Number(inserted.numInsertedOrUpdatedRows ?? 0n);
        row = await this.trx
          .selectFrom('categories')
          .select('id')
          .where('title_search', '=', key)
          .executeTakeFirstOrThrow();
      }
      ids.set(category, row.id);
    }
    return { created, ids };
  }

  // --- news ------------------------------------------------------------------------------------

  private async loadNews(categoryIds: Map<NewsCategory, number>) {
    const dates = spreadDates(NEWS.length, this.today, seededRandom('news'));
    // Newest first, later template first on the same date (ids grow with the template index).
    const ranking = NEWS.map((_template, index) => index).sort((a, b) => {
      const byDate = (dates[b] ?? '').localeCompare(dates[a] ?? '');
      return byDate !== 0 ? byDate : b - a;
    });
    const featured = new Set(FEATURED_RANKS.map((rank) => ranking[rank]));

    let visible = 0;
    for (const [index, template] of NEWS.entries()) {
      const date = dates[index] ?? this.today;
      await this.insertNews(template, date, featured.has(index), true, categoryIds);
      visible += 1;
    }
    const scheduledOn = addDays(this.today, SCHEDULED_AFTER_DAYS);
    await this.insertNews(SCHEDULED_NEWS, scheduledOn, false, true, categoryIds, this.today);
    await this.insertNews(DRAFT_NEWS, this.today, false, false, categoryIds);
    return { articles: visible, scheduledArticles: 1, draftArticles: 1 };
  }

  private async insertNews(
    template: NewsTemplate,
    publishedOn: string,
    featured: boolean,
    published: boolean,
    categoryIds: Map<NewsCategory, number>,
    writtenOn: string = publishedOn,
  ): Promise<number> {
    const values = this.placeholders(publishedOn);
    const title = fill(template.title, values);
    const document = template.document;
    const createdAt = timestamp(writtenOn, 9);
    const { id } = await this.trx
      .insertInto('articles')
      .values({
        title,
        title_search: searchText(title),
        subtitle_html: fillHtml(template.subtitle, values),
        published_on: publishedOn,
        featured: featured ? 1 : 0,
        published: published ? 1 : 0,
        source_url: template.source?.url ?? null,
        // A news item with only a PDF shows "LEGGI SU <society>".
        source_name: template.source?.name ?? (document !== undefined ? this.acronym : null),
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [position, category] of template.categories.entries()) {
      const categoryId = categoryIds.get(category);
      if (categoryId === undefined) throw new Error(`categoria mancante: ${category}`);
      await this.trx
        .insertInto('article_categories')
        .values({ article_id: id, category_id: categoryId, position })
        .execute();
    }
    if (document !== undefined) {
      const lines = [
        `${this.acronym} - ${italianDate(publishedOn)}`,
        '',
        ...document.lines.map((line) => fill(line, values)),
      ];
      const content = await this.pdf(title, lines);
      await this.attach('article', id, 0, fill(document.fileName, values), content, createdAt);
    }
    return id;
  }

  // --- reserved area ---------------------------------------------------------------------------

  private async loadRecommendations(): Promise<number> {
    const dates = spreadDates(RECOMMENDATIONS.length, this.today, seededRandom('recommendations'));
    for (const [index, template] of RECOMMENDATIONS.entries()) {
      const date = dates[index] ?? this.today;
      const createdAt = timestamp(date, 10);
      const { id } = await this.trx
        .insertInto('recommendations')
        .values({
          title: template.title,
          title_search: searchText(template.title),
          published_on: date,
          source_name: template.source?.name ?? this.acronym,
          source_url: template.source?.url ?? null,
          audience: template.audience,
          published: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (template.document !== undefined) {
        const lines = [
          `Documento della ${this.acronym} - ${italianDate(date)}`,
          '',
          ...template.document.lines,
        ];
        const content = await this.pdf(template.title, lines);
        await this.attach('recommendation', id, 0, template.document.fileName, content, createdAt);
      }
    }
    return RECOMMENDATIONS.length;
  }

  private async loadAssemblies(
    territory: 'Nazionali' | 'Regionali',
    templates: readonly AssemblyTemplate[],
  ): Promise<number> {
    const random = seededRandom(`assemblies-${territory}`);
    const dates = spreadDates(templates.length, this.today, random);
    for (const [index, template] of templates.entries()) {
      const date = dates[index] ?? this.today;
      const title = fill(template.title, this.placeholders(date));
      const createdAt = timestamp(date, 16);
      const audience: Audience = template.section ?? 'all';
      const { id } = await this.trx
        .insertInto('assemblies')
        .values({
          title,
          title_search: searchText(title),
          held_on: date,
          place: template.place,
          territory,
          section: template.section,
          audience,
          published: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [position, kind] of template.documents.entries()) {
        const document = this.assemblyDocument(kind, title, template, date, random);
        const content = await this.pdf(document.title, document.lines);
        await this.attach('assembly', id, position, document.fileName, content, createdAt);
      }
    }
    return templates.length;
  }

  private assemblyDocument(
    kind: AssemblyDocumentKind,
    title: string,
    template: AssemblyTemplate,
    date: string,
    random: () => number,
  ): { title: string; fileName: string; lines: string[] } {
    const members = template.section ?? 'Soci';
    const when = italianDate(date);
    const suffix = `${template.place} ${yearOf(date)}`;
    switch (kind) {
      case 'convocazione':
        return {
          title: `Convocazione - ${title}`,
          fileName: `Convocazione e ordine del giorno ${suffix}.pdf`,
          lines: [
            `Gli ${members === 'Soci' ? 'associati' : members} sono convocati a ${template.place} il giorno ${when}, alle ore 8.00 in prima convocazione e alle ore 14.30 in seconda convocazione.`,
            '',
            'Ordine del giorno:',
            '1. Comunicazioni del Presidente.',
            '2. Approvazione del verbale della seduta precedente.',
            '3. Attività dei gruppi di lavoro e programma formativo.',
            '4. Varie ed eventuali.',
          ],
        };
      case 'verbale': {
        const present = 40 + Math.floor(random() * 160);
        return {
          title: `Verbale - ${title}`,
          fileName: `Verbale ${suffix}.pdf`,
          lines: [
            `Il giorno ${when}, a ${template.place}, si è riunita l'assemblea (${members}) in seconda convocazione. Presenti ${present}, in proprio o per delega.`,
            'Presiede il Presidente; funge da segretario il Segretario della Società.',
            'Il Presidente illustra le attività svolte e i progetti in corso; segue un’ampia discussione.',
            'L’assemblea approva all’unanimità i punti all’ordine del giorno. La seduta è tolta alle ore 17.00.',
          ],
        };
      }
      case 'relazione':
        return {
          title: `Relazione del Presidente - ${title}`,
          fileName: `Relazione del Presidente ${suffix}.pdf`,
          lines: [
            `Relazione presentata all'assemblea del ${when}.`,
            'Attività dell’anno: corsi di formazione, aggiornamento delle raccomandazioni, collaborazione con le associazioni dei donatori.',
            'Obiettivi: rafforzare la rete dei servizi, sostenere i giovani specialisti, promuovere il Patient Blood Management.',
          ],
        };
    }
  }

  private async loadPressReviews(): Promise<number> {
    const dates = spreadDates(PRESS_REVIEWS.length, this.today, seededRandom('press'));
    for (const [index, template] of PRESS_REVIEWS.entries()) {
      const date = dates[index] ?? this.today;
      const createdAt = timestamp(date, 11);
      await this.trx
        .insertInto('press_reviews')
        .values({
          headline: template.headline,
          title_search: searchText(template.headline),
          newspaper: template.newspaper,
          published_on: date,
          url: `https://www.example.org/rassegna-stampa/${yearOf(date)}/${template.slug}`,
          audience: 'all',
          published: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    return PRESS_REVIEWS.length;
  }

  private async loadOpinions(): Promise<number> {
    // Two opinions share a date, so the order within a day (sort_order) matters.
    const dates = spreadDates(OPINIONS.length - 1, this.today, seededRandom('opinions'));
    const shared = dates[dates.length - 3] ?? this.today;
    dates.splice(dates.length - 2, 0, shared);
    const perDate = new Map<string, number>();
    for (const [index, template] of OPINIONS.entries()) {
      const date = dates[index] ?? this.today;
      const sortOrder = (perDate.get(date) ?? 0) + 1;
      perDate.set(date, sortOrder);
      const title = `Parere ${italianDate(date)} – ${template.topic}`;
      const createdAt = timestamp(date, 12);
      await this.trx
        .insertInto('opinions')
        .values({
          title,
          title_search: searchText(title),
          published_on: date,
          sort_order: sortOrder,
          question: template.question,
          answer: template.answer,
          audience: template.audience,
          published: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    return OPINIONS.length;
  }

  // --- magazine --------------------------------------------------------------------------------

  /** 2–4 issues a year from 2019; this year only the issues already out (at least one). */
  private planIssues(random: () => number): IssuePlan[] {
    const plans: IssuePlan[] = [];
    for (let year = FIRST_YEAR; year <= this.lastYear; year += 1) {
      const count = 2 + Math.floor(random() * 3);
      const start = parseDay(`${year}-01-01`);
      const ofYear: IssuePlan[] = [];
      for (let number = 1; number <= count; number += 1) {
        const publishedOn = formatDay(start + Math.floor(((number - 0.5) * 365) / count));
        if (publishedOn <= this.today) ofYear.push({ number, year, publishedOn });
      }
      if (ofYear.length === 0) ofYear.push({ number: 1, year, publishedOn: this.today });
      plans.push(...ofYear);
    }
    return plans;
  }

  private async loadMagazine(): Promise<{ issues: number; articles: number }> {
    const random = seededRandom('magazine');
    const plans = this.planIssues(random);
    let nextTitle = 0;
    let articleCount = 0;
    for (const plan of plans) {
      // "anno YYYY, numero N": sorting titles descending finds the latest issue (spec §7).
      const issueTitle = `${MAGAZINE_NAME} - anno ${plan.year}, numero ${plan.number}`;
      const createdAt = timestamp(plan.publishedOn, 7);
      const articles: { title: string; authors: string[] }[] = [];
      const count = 5 + Math.floor(random() * 11);
      for (let index = 0; index < count; index += 1) {
        const title = MAGAZINE_ARTICLE_TITLES[nextTitle % MAGAZINE_ARTICLE_TITLES.length] ?? '';
        nextTitle += 1;
        const authors = new Set<string>();
        const authorCount = 1 + Math.floor(random() * 3);
        while (authors.size < authorCount) {
          authors.add(`${pick(AUTHOR_FIRST_NAMES, random)} ${pick(AUTHOR_LAST_NAMES, random)}`);
        }
        articles.push({ title, authors: [...authors] });
      }

      const { id: issueId } = await this.trx
        .insertInto('magazine_issues')
        .values({
          title: issueTitle,
          title_search: searchText(issueTitle),
          year: plan.year,
          issue_number: plan.number,
          published_on: plan.publishedOn,
          audience: 'all',
          published: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const month = ITALIAN_MONTHS[Number(plan.publishedOn.slice(5, 7)) - 1]?.toLowerCase() ?? '';
      const cover = await this.pdf(issueTitle, [
        `Notiziario della ${this.acronym} - ${month} ${plan.year}`,
        '',
        'Sommario',
        ...articles.map(
          (article, index) => `${index + 1}. ${article.title} - ${article.authors.join(', ')}`,
        ),
      ]);
      const issueFile = `${slug(MAGAZINE_NAME)}-${plan.year}-${plan.number}.pdf`;
      await this.attach('magazine_issue', issueId, 0, issueFile, cover, createdAt);

      for (const [index, article] of articles.entries()) {
        const sortOrder = index + 1;
        const { id: articleId } = await this.trx
          .insertInto('magazine_articles')
          .values({
            issue_id: issueId,
            title: article.title,
            title_search: searchText(article.title),
            authors_json: JSON.stringify(article.authors),
            newspaper: MAGAZINE_NAME,
            published_on: plan.publishedOn,
            sort_order: sortOrder,
            created_at: createdAt,
            updated_at: createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const articlePdf = await this.pdf(article.title, [
          `${issueTitle} - pagina ${sortOrder * 4 - 1}`,
          `di ${article.authors.join(', ')}`,
          '',
          'Testo dimostrativo: introduzione, materiali e metodi, risultati e discussione.',
        ]);
        const fileName = `st-${plan.year}-${plan.number}-${String(sortOrder).padStart(2, '0')}-${slug(article.title, 40)}.pdf`;
        await this.attach('magazine_article', articleId, 0, fileName, articlePdf, createdAt);
      }
      articleCount += articles.length;
    }
    return { issues: plans.length, articles: articleCount };
  }

  // --- society ---------------------------------------------------------------------------------

  private async loadBoard(): Promise<number> {
    const createdAt = timestamp(`${this.lastYear}-01-01`, 9);
    for (const [index, member] of BOARD_MEMBERS.entries()) {
      const [background, figure] = member.colours;
      const photo = await this.storeFile(
        makePortraitPng(background, figure),
        'image/png',
        createdAt,
      );
      const { id } = await this.trx
        .insertInto('board_members')
        .values({
          name: member.name,
          role: member.role,
          photo_sha256: photo,
          sort_order: index + 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cv = await this.pdf(`Curriculum vitae - ${member.name}`, [
        `${member.role} della ${this.acronym}.`,
        '',
        'Formazione',
        'Laurea in Medicina e Chirurgia; specializzazione in Ematologia o in Patologia Clinica.',
        '',
        'Attività professionale',
        `${member.workplace}: attività clinica e di laboratorio in immunoematologia e medicina trasfusionale.`,
        '',
        'Attività scientifica',
        'Autore di pubblicazioni su sicurezza trasfusionale, Patient Blood Management e aferesi; docente in corsi di formazione ECM.',
      ]);
      await this.attach('board_member_cv', id, 0, `CV ${member.name}.pdf`, cv, createdAt);
    }
    return BOARD_MEMBERS.length;
  }

  private async loadFees(): Promise<number> {
    const createdAt = timestamp(`${this.lastYear}-01-01`, 9);
    for (const [index, fee] of FEES.entries()) {
      await this.trx
        .insertInto('fees')
        .values({
          title: fee.title,
          amount_cents: fee.amountCents,
          access: fee.access,
          sort_order: index + 1,
          active: 1,
          created_at: createdAt,
          updated_at: createdAt,
        })
        .execute();
    }
    return FEES.length;
  }

  private async loadSponsorshipRequest(): Promise<number> {
    const request = SPONSORSHIP_REQUEST;
    // Sent three weeks ago for a one-day event held today (no demo date is after today).
    const sentAt = timestamp(addDays(this.today, -21), 15, 42);
    const { id } = await this.trx
      .insertInto('sponsorship_requests')
      .values({
        requester: request.requester,
        email: request.email,
        organisation: request.organisation,
        phone: request.phone,
        request_kind: request.requestKind,
        event_kind: request.eventKind,
        event_title: request.eventTitle,
        starts_on: this.today,
        ends_on: this.today,
        city: request.city,
        venue: request.venue,
        organiser: request.organiser,
        website: request.website,
        scientific_secretariat: request.scientificSecretariat,
        organising_secretariat: request.organisingSecretariat,
        other_sponsors: request.otherSponsors,
        event_contents: request.eventContents,
        privacy_accepted_at: sentAt,
        status: 'received',
        created_at: sentAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const content = await this.pdf(request.eventTitle, [
      `${request.city}, ${request.venue} - ${italianDate(this.today)}`,
      '',
      ...request.document.lines,
    ]);
    await this.attach('sponsorship_request', id, 0, request.document.fileName, content, sentAt);
    return 1;
  }

  private async loadNewsletterSubscription(): Promise<number> {
    const day = addDays(this.today, -40);
    await this.trx
      .insertInto('newsletter_subscriptions')
      .values({
        email: NEWSLETTER_SUBSCRIBER,
        status: 'confirmed',
        confirm_token_hash: null,
        unsubscribe_token_hash: null,
        consent_at: timestamp(day, 10, 15),
        consent_text_version: 'v1',
        consent_ip: '192.0.2.10',
        confirmed_at: timestamp(day, 10, 32),
        unsubscribed_at: null,
        created_at: timestamp(day, 10, 15),
        updated_at: timestamp(day, 10, 32),
      })
      .execute();
    return 1;
  }
}
