import {
  issueNumberInTitle,
  MAGAZINE_ADMIN_MESSAGES,
  adminListHref,
  MAGAZINE_NAME,
  type AdminMagazineArticle,
  type AdminMagazineArticleInputSchema,
  type AdminMagazineArticleListQuery,
  type AdminMagazineIssue,
  type AdminMagazineIssueInputSchema,
  type AdminMagazineIssueListQuery,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminBulk,
  type AdminPage,
  type AdminUpload,
  type ReservedAudience,
} from '@sodalis/contracts';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database, MagazineIssuesTable } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import {
  articleBinQueries,
  countArticlesByIssue,
  deleteArticle,
  deleteIssue,
  findArticlePage,
  findArticleRows,
  findIssueIdWithTitle,
  findIssuePage,
  findIssueRows,
  issueBinQueries,
  liveIssueIds,
  nextArticleOrder,
  scheduledIssues,
  parseAuthors,
  writeArticle,
  writeIssue,
  articleVersions,
  issueVersions,
} from './repository.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import {
  bulkInOneTransaction,
  RecordBin,
  romeLocal,
  scheduleState,
  selectedAsCsv,
  storedInstant,
  versionBefore,
} from '../admin/undo.js';
import type { SearchIndexer } from '../search/indexer.js';
import { takeNextVersion } from '../admin/versions.js';
import type { VersionQueries } from '../listing/version-queries.js';
import type { RecordHandlers } from '../admin/route-helpers.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { countOf, inPageOrder } from '../listing/id-page.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import {
  attachmentsOf,
  fileNames,
  forgetUnusedAttachmentFiles,
  storedAttachmentsOf,
} from '../attachments/repository.js';

type IssueInput = z.output<typeof AdminMagazineIssueInputSchema>;
type ArticleInput = z.output<typeof AdminMagazineArticleInputSchema>;
type IssueValues = Omit<Insertable<MagazineIssuesTable>, 'created_at' | 'updated_at'>;

/** The bulletin's records: each is an audit entity and an owner of attachments alike. */
type MagazineRecord = 'magazine_issue' | 'magazine_article';

/** Where each owner's files are addressed (the same areas as the demo content's). */
/** Each record's versions (ADR 041). */
const VERSIONS: Record<MagazineRecord, VersionQueries> = {
  magazine_issue: issueVersions,
  magazine_article: articleVersions,
};

const FILE_AREAS: Record<MagazineRecord, string> = {
  magazine_issue: 'Riviste',
  magazine_article: 'ArticoliRiviste',
};

/** What an issue's save and an article's save do differently; the rest is `save`'s. */
interface MagazineSave<Values> {
  record: MagazineRecord;
  /** null to create. */
  id: number | null;
  /** The version an edit was read at (ADR 041); null: the version it has. */
  version: number | null;
  input: { keptAttachmentIds: number[]; newAttachments: AdminUpload[] };
  /** Checks the input against what is stored and answers the row's columns. */
  values: (trx: Transaction<Database>) => Promise<Values>;
  write: (
    trx: Transaction<Database>,
    id: number | null,
    values: Values,
    now: string,
  ) => Promise<number>;
  /** The record as the audit log shows it, with Italian field names; 404 when it is missing. */
  view: (db: Kysely<Database>, id: number) => Promise<Record<string, unknown>>;
  summary: (created: boolean) => string;
}

/**
 * The staff home's line of issues scheduled to go public later (ADR 023, ADR 031), shown only
 * while there is one: the news have theirs always, being the usual case.
 */
export const magazinePendingWork: PendingWorkProvider = async (db, now) => {
  const count = await countOf(scheduledIssues(db, now.toISOString()));
  return count === 0
    ? []
    : [
        {
          key: 'numeri-rivista-programmati',
          label: 'Numeri della rivista programmati',
          count,
          href: adminListHref('riviste'),
        },
      ];
};

export interface MagazineAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  searchIndex: SearchIndexer;
}

/**
 * The secretariat's editor of the bulletin (ADR 014): issues (title, year, date, audience,
 * whole-issue PDF) and their articles (order, authors, PDF). Each change is one transaction
 * with its audit entry. Reserved answers are never cached (ADR 011), so nothing to bump.
 */
export class MagazineAdminService {
  /** The issues' bin (ADR 023, ADR 031): the shared rules over the issues' table. */
  private readonly bin: RecordBin;
  /** The articles' own bin: an article deleted alone, its issue staying on the site. */
  private readonly articleBin: RecordBin;

  constructor(private readonly deps: MagazineAdminDeps) {
    const { searchIndex, files } = deps;
    this.bin = new RecordBin(deps, {
      entity: 'magazine_issue',
      words: {
        binned: 'Numero della rivista spostato nel cestino',
        restored: 'Numero della rivista ripristinato dal cestino',
        deleted: 'Numero della rivista eliminato definitivamente',
      },
      view: issueView,
      titleOf: (view) => String(view.titolo),
      bin: issueBinQueries,
      // With its articles and their files' rows (the blobs stay, shared).
      deleteForGood: async (trx, id) => {
        await deleteIssue(trx, id);
      },
      // Reserved answers are never cached (ADR 011): only the search index follows, articles too.
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'magazine_issue', id);
        else await searchIndex.recordRemoved(trx, 'magazine_issue', id);
      },
    });
    this.articleBin = new RecordBin(deps, {
      entity: 'magazine_article',
      words: {
        binned: 'Articolo della rivista spostato nel cestino',
        restored: 'Articolo della rivista ripristinato dal cestino',
        deleted: 'Articolo della rivista eliminato definitivamente',
      },
      view: articleView,
      titleOf: (view) => String(view.titolo),
      bin: articleBinQueries,
      // An article of a binned issue is in the bin with it already: not found on its own.
      mayBin: async (trx, id) => {
        const [row] = await findArticleRows(trx, [id]);
        if (row?.issue_deleted_at !== null) throw new AppError('notFound');
      },
      deleteForGood: deleteArticle,
      // Its PDF leaves the file store when no other record uses it (ADR 034).
      filesOf: async (trx, ids) =>
        (await storedAttachmentsOf(trx, 'magazine_article', ids)).map(
          (attachment) => attachment.file_sha256,
        ),
      dropUnusedFiles: async (hashes) => {
        for (const hash of await forgetUnusedAttachmentFiles(deps.db, hashes)) {
          await files.remove(hash);
        }
      },
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'magazine_article', id);
        else await searchIndex.recordRemoved(trx, 'magazine_article', id);
      },
    });
  }

  /** Issues: title, year, date, audience and the whole-issue PDF. */
  readonly issues: RecordHandlers<AdminMagazineIssueListQuery, IssueInput, AdminMagazineIssue> = {
    list: async (query) => {
      const page = await findIssuePage(this.deps.db, query);
      return { items: await this.issueItems(page.ids), total: page.total };
    },
    get: async (id) => found((await this.issueItems([id]))[0]),
    save: async (actor, id, input, version) => {
      const pdfs = await checkedPdfs(input.newAttachments, 'newAttachments');
      const now = this.deps.clock();
      const savedId = await this.deps.db
        .transaction()
        .execute((trx) => this.saveIn(trx, actor, this.issueSave(id, input, version), pdfs, now));
      return this.issues.get(savedId);
    },
    history: (id) => this.history(id),
    // "Elimina" moves the issue, with its articles, to the bin (ADR 031): off the site, restorable.
    remove: (actor, id) => this.bin.moveToBin(actor, id),
  };

  /** An issue's save: its columns from the form, its audit view and words. */
  private issueSave(
    id: number | null,
    input: IssueInput,
    version: number | null = null,
  ): MagazineSave<IssueValues> {
    return {
      record: 'magazine_issue',
      id,
      version,
      input,
      values: async (trx) => {
        await checkUniqueTitle(trx, input.title, id);
        return {
          title: input.title,
          title_search: searchText(input.title),
          year: input.year,
          issue_number: input.number ?? issueNumberInTitle(input.title) ?? 0,
          published_on: input.publishedOn,
          audience: input.audience,
          published: input.published ? 1 : 0,
          publish_at: storedInstant(input.publishAt),
        };
      },
      write: writeIssue,
      view: issueView,
      summary: (created) =>
        `Numero della rivista ${created ? 'creato' : 'modificato'}: ${input.title}`,
    };
  }

  /** The issues' bin, most recently deleted first, after dropping what has been there too long. */
  listBin(): Promise<AdminPage<AdminBinItem>> {
    return this.bin.list();
  }

  /** Takes an issue out of the bin, with its articles, as it was. */
  async restore(actor: Actor, id: number): Promise<AdminMagazineIssue> {
    await this.bin.restore(actor, id);
    return this.issues.get(id);
  }

  /** Deletes binned issues for good: one (`id`) or the whole bin (null). */
  emptyBin(actor: Actor, id: number | null): Promise<void> {
    return this.bin.empty(actor, id);
  }

  /** Deletes for good the issues and the articles in the bin BIN_DAYS days; answers how many went. */
  async purgeExpired(): Promise<number> {
    return (await this.bin.purgeExpired()) + (await this.articleBin.purgeExpired());
  }

  /**
   * A bulk action of the issues' list (ADR 031): "Pubblica" (now, the schedule dropped),
   * "Ritira" (a draft again), "Elimina" (to the bin), with the same audit entries as the form;
   * all the issues or none.
   */
  async bulk(actor: Actor, { ids, action }: AdminBulk): Promise<void> {
    const now = this.deps.clock();
    await bulkInOneTransaction(this.deps.db, ids, liveIssueIds, async (trx, id) => {
      if (action === 'elimina') return this.bin.binIn(trx, actor, id, now);
      const input = await this.issueInput(trx, id);
      const changed = { ...input, published: action === 'pubblica', publishAt: null };
      await this.saveIn(trx, actor, this.issueSave(id, changed), [], now);
    });
  }

  /** "Esporta selezionati": the chosen issues as CSV, as the audit log names their fields. */
  exportSelected(actor: Actor, ids: readonly number[]): Promise<string> {
    return selectedAsCsv(this.deps, actor, 'magazine_issue', ids, (id) =>
      issueView(this.deps.db, id),
    );
  }

  /** The issue's history from the audit log, newest first. */
  async history(id: number): Promise<AdminAuditEntry[]> {
    await this.issues.get(id);
    return historyOf(this.deps.db, 'magazine_issue', id);
  }

  /**
   * "Annulla questa modifica" (ADR 031): the values the entry replaced are saved again over the
   * current ones, as a new audited edit; files taken away are not brought back.
   */
  async rollback(actor: Actor, id: number, auditId: number): Promise<AdminMagazineIssue> {
    const before = await versionBefore(this.deps.db, 'magazine_issue', id, auditId);
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const current = await this.issueInput(trx, id);
      const restored: IssueInput = {
        ...current,
        ...('titolo' in before ? { title: String(before.titolo) } : {}),
        ...('anno' in before ? { year: Number(before.anno) } : {}),
        ...('numero' in before ? { number: before.numero as number | null } : {}),
        ...('dataPubblicazione' in before ? { publishedOn: String(before.dataPubblicazione) } : {}),
        ...('pubblico' in before ? { audience: before.pubblico as ReservedAudience } : {}),
        ...('pubblicato' in before ? { published: before.pubblicato === true } : {}),
        ...('pubblicazioneProgrammata' in before
          ? { publishAt: (before.pubblicazioneProgrammata as string | null) ?? null }
          : {}),
      };
      await this.saveIn(trx, actor, this.issueSave(id, restored), [], now);
    });
    return this.issues.get(id);
  }

  /** The issue as its form would send it back: its fields, and its files kept. */
  private async issueInput(db: Kysely<Database>, id: number): Promise<IssueInput> {
    const item = found((await this.issueItems([id], db))[0]);
    return {
      title: item.title,
      year: item.year,
      number: item.number,
      publishedOn: item.publishedOn,
      audience: item.audience,
      published: item.published,
      publishAt: item.publishAt,
      keptAttachmentIds: item.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    };
  }

  /** Articles of an issue: order, authors, PDF. */
  readonly articles: RecordHandlers<
    AdminMagazineArticleListQuery,
    ArticleInput,
    AdminMagazineArticle
  > = {
    list: async (query) => {
      const page = await findArticlePage(this.deps.db, query);
      return { items: await this.articleItems(page.ids), total: page.total };
    },
    get: async (id) => found((await this.articleItems([id]))[0]),
    save: async (actor, id, input, version) => {
      const savedId = await this.save(actor, {
        record: 'magazine_article',
        id,
        version,
        input,
        values: async (trx) => {
          const [issue] = await findIssueRows(trx, [input.issueId]);
          // An issue in the bin takes no articles until it is restored (ADR 031).
          if (issue === undefined || issue.deleted_at !== null) {
            throw new AppError('invalidRequest', [
              { path: 'issueId', message: MAGAZINE_ADMIN_MESSAGES.issue },
            ]);
          }
          return {
            issue_id: issue.id,
            title: input.title,
            title_search: searchText(input.title),
            authors_json: JSON.stringify(input.authors),
            newspaper: input.testata ?? MAGAZINE_NAME,
            published_on: input.publishedOn ?? issue.published_on,
            sort_order: input.sortOrder ?? (await articleOrderOnSave(trx, id, issue.id)),
          };
        },
        write: writeArticle,
        view: articleView,
        summary: (created) =>
          `Articolo della rivista ${created ? 'creato' : 'modificato'}: ${input.title}`,
      });
      return this.articles.get(savedId);
    },
    // "Elimina" moves the article to the bin (ADR 031): off its issue's page, restorable.
    remove: (actor, id) => this.articleBin.moveToBin(actor, id),
    history: (id) => this.articleHistory(id),
  };

  /** The articles' own bin, most recently deleted first. */
  listArticleBin(): Promise<AdminPage<AdminBinItem>> {
    return this.articleBin.list();
  }

  /**
   * Takes an article out of the bin, as it was, back in its place in the issue. Refused while
   * its issue is in the bin: the issue comes back first, with its articles.
   */
  async restoreArticle(actor: Actor, id: number): Promise<AdminMagazineArticle> {
    const [row] = await findArticleRows(this.deps.db, [id]);
    if (row === undefined || row.deleted_at === null) throw new AppError('notFound');
    if (row.issue_deleted_at !== null) {
      throw new AppError('invalidRequest', [
        { path: 'issueId', message: MAGAZINE_ADMIN_MESSAGES.articleOfBinnedIssue },
      ]);
    }
    await this.articleBin.restore(actor, id);
    return this.articles.get(id);
  }

  /** Deletes binned articles for good: one (`id`) or the whole bin (null), unused PDFs too. */
  emptyArticleBin(actor: Actor, id: number | null): Promise<void> {
    return this.articleBin.empty(actor, id);
  }

  /** The article's history from the audit log, newest first. */
  async articleHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.articles.get(id);
    return historyOf(this.deps.db, 'magazine_article', id);
  }

  /**
   * "Annulla questa modifica" for an article (ADR 031): the values the entry replaced are saved
   * again as a new audited edit; files taken away are not brought back.
   */
  async rollbackArticle(actor: Actor, id: number, auditId: number): Promise<AdminMagazineArticle> {
    const before = await versionBefore(this.deps.db, 'magazine_article', id, auditId);
    const current = await this.articles.get(id);
    const restored: ArticleInput = {
      issueId: 'numero' in before ? Number(before.numero) : current.issueId,
      title: 'titolo' in before ? String(before.titolo) : current.title,
      authors: 'autori' in before ? (before.autori as string[]) : current.authors,
      sortOrder: 'ordinamento' in before ? Number(before.ordinamento) : current.sortOrder,
      publishedOn:
        'dataPubblicazione' in before ? String(before.dataPubblicazione) : current.publishedOn,
      testata: 'testata' in before ? String(before.testata) : current.testata,
      keptAttachmentIds: current.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    };
    return this.articles.save(actor, id, restored, null);
  }

  /** An audited save in its own transaction; PDFs are checked by their bytes before it starts. */
  private async save<Values>(actor: Actor, save: MagazineSave<Values>): Promise<number> {
    const pdfs = await checkedPdfs(save.input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    return this.deps.db.transaction().execute((trx) => this.saveIn(trx, actor, save, pdfs, now));
  }

  /**
   * The one audited save of issues and articles: checks, row, files and the audit entry
   * (`crea` whole, `modifica` with the changed fields only), inside the caller's transaction
   * (the form's own, or a bulk action's). An issue in the bin is 404. Answers the record's id.
   */
  private async saveIn<Values>(
    trx: Transaction<Database>,
    actor: Actor,
    save: MagazineSave<Values>,
    pdfs: Awaited<ReturnType<typeof checkedPdfs>>,
    moment: Date,
  ): Promise<number> {
    const now = moment.toISOString();
    // First, so the row is this save's until it commits (ADR 041).
    if (save.id !== null) await takeNextVersion(trx, VERSIONS[save.record], save.id, save.version);
    const values = await save.values(trx);
    const before = save.id === null ? null : await save.view(trx, save.id);
    if (before?.nelCestino === true) throw new AppError('notFound');
    const id = await save.write(trx, save.id, values, now);
    await replaceAttachments(
      trx,
      this.deps.files,
      { kind: save.record, id, area: FILE_AREAS[save.record] },
      save.input.keptAttachmentIds,
      pdfs,
      now,
    );
    await this.deps.searchIndex.recordChanged(trx, save.record, id);
    const after = await save.view(trx, id);
    await writeAudit(
      trx,
      actor,
      saveEntry(
        { entity: save.record, entityId: id, summary: save.summary(before === null) },
        before,
        after,
      ),
      moment,
    );
    return id;
  }

  private async issueItems(
    ids: number[],
    db: Kysely<Database> = this.deps.db,
  ): Promise<AdminMagazineIssue[]> {
    if (ids.length === 0) return [];
    const now = this.deps.clock().toISOString();
    const [allRows, counts, files] = await Promise.all([
      findIssueRows(db, ids),
      countArticlesByIssue(db, ids),
      attachmentsOf(db, 'magazine_issue', ids),
    ]);
    // An issue in the bin is read only through the bin (its form answers 404, ADR 023).
    const rows = allRows.filter((row) => row.deleted_at === null);
    return inPageOrder(ids, rows).map((row) => ({
      id: row.id,
      title: row.title,
      year: row.year,
      number: row.issue_number === 0 ? null : row.issue_number,
      publishedOn: row.published_on,
      audience: row.audience as ReservedAudience,
      published: row.published === 1,
      publishAt: romeLocal(row.publish_at),
      state: scheduleState(row, now),
      articleCount: counts.get(row.id) ?? 0,
      attachments: files.get(row.id) ?? [],
      updatedAt: row.updated_at,
      version: row.version,
    }));
  }

  private async articleItems(ids: number[]): Promise<AdminMagazineArticle[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const [allRows, files] = await Promise.all([
      findArticleRows(db, ids),
      attachmentsOf(db, 'magazine_article', ids),
    ]);
    // In the bin on its own or with its issue, it is read only through the bin (ADR 031).
    const rows = allRows.filter((row) => row.deleted_at === null && row.issue_deleted_at === null);
    return inPageOrder(ids, rows).map((row) => ({
      id: row.id,
      issueId: row.issue_id,
      issueTitle: row.issue_title,
      title: row.title,
      authors: parseAuthors(row.authors_json),
      sortOrder: row.sort_order,
      publishedOn: row.published_on,
      testata: row.newspaper,
      attachments: files.get(row.id) ?? [],
      updatedAt: row.updated_at,
      version: row.version,
    }));
  }
}

/**
 * An article saved without an order: a new one (or one moved to another issue) goes after the
 * issue's last article; an edited one keeps its place.
 */
async function articleOrderOnSave(
  trx: Transaction<Database>,
  id: number | null,
  issueId: number,
): Promise<number> {
  if (id !== null) {
    const [current] = await findArticleRows(trx, [id]);
    if (current !== undefined && current.issue_id === issueId) return current.sort_order;
  }
  return nextArticleOrder(trx, issueId);
}

function found<Item>(item: Item | undefined): Item {
  if (item === undefined) throw new AppError('notFound');
  return item;
}

/** GetArticoliRiviste finds an issue by its title: two issues may not share one. */
async function checkUniqueTitle(
  db: Kysely<Database>,
  title: string,
  id: number | null,
): Promise<void> {
  const clash = await findIssueIdWithTitle(db, searchText(title));
  if (clash !== undefined && clash !== id) {
    throw new AppError('invalidRequest', [
      { path: 'title', message: MAGAZINE_ADMIN_MESSAGES.duplicateTitle },
    ]);
  }
}

async function issueView(db: Kysely<Database>, id: number) {
  const [row] = await findIssueRows(db, [id]);
  if (row === undefined) throw new AppError('notFound');
  return {
    titolo: row.title,
    anno: row.year,
    numero: row.issue_number === 0 ? null : row.issue_number,
    dataPubblicazione: row.published_on,
    pubblico: row.audience,
    pubblicato: row.published === 1,
    pubblicazioneProgrammata: romeLocal(row.publish_at),
    allegati: await fileNames(db, 'magazine_issue', id),
    ...(row.deleted_at === null ? {} : { nelCestino: true }),
  };
}

async function articleView(db: Kysely<Database>, id: number) {
  const [row] = await findArticleRows(db, [id]);
  if (row === undefined) throw new AppError('notFound');
  return {
    numero: row.issue_id,
    titolo: row.title,
    autori: parseAuthors(row.authors_json),
    ordinamento: row.sort_order,
    dataPubblicazione: row.published_on,
    testata: row.newspaper,
    allegati: await fileNames(db, 'magazine_article', id),
    ...(row.deleted_at === null ? {} : { nelCestino: true }),
  };
}
