import {
  issueNumberInTitle,
  MAGAZINE_ADMIN_MESSAGES,
  MAGAZINE_NAME,
  type AdminMagazineArticle,
  type AdminMagazineArticleInputSchema,
  type AdminMagazineArticleListQuery,
  type AdminMagazineIssue,
  type AdminMagazineIssueInputSchema,
  type AdminMagazineIssueListQuery,
  type AdminUpload,
  type ReservedAudience,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import {
  countArticlesByIssue,
  deleteArticle,
  deleteIssue,
  findArticlePage,
  findArticleRows,
  findIssueIdWithTitle,
  findIssuePage,
  findIssueRows,
  nextArticleOrder,
  parseAuthors,
  writeArticle,
  writeIssue,
} from './repository.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import type { SearchIndexer } from '../search/indexer.js';
import type { RecordHandlers } from '../admin/route-helpers.js';
import { inPageOrder } from '../listing/id-page.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import { attachmentsOf, fileNames } from '../attachments/repository.js';

type IssueInput = z.output<typeof AdminMagazineIssueInputSchema>;
type ArticleInput = z.output<typeof AdminMagazineArticleInputSchema>;

/** The bulletin's records: each is an audit entity and an owner of attachments alike. */
type MagazineRecord = 'magazine_issue' | 'magazine_article';

/** Where each owner's files are addressed (the same areas as the demo content's). */
const FILE_AREAS: Record<MagazineRecord, string> = {
  magazine_issue: 'Riviste',
  magazine_article: 'ArticoliRiviste',
};

/** What an issue's save and an article's save do differently; the rest is `save`'s. */
interface MagazineSave<Values> {
  record: MagazineRecord;
  /** null to create. */
  id: number | null;
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
  constructor(private readonly deps: MagazineAdminDeps) {}

  /** Issues: title, year, date, audience and the whole-issue PDF. */
  readonly issues: RecordHandlers<AdminMagazineIssueListQuery, IssueInput, AdminMagazineIssue> = {
    list: async (query) => {
      const page = await findIssuePage(this.deps.db, query);
      return { items: await this.issueItems(page.ids), total: page.total };
    },
    get: async (id) => found((await this.issueItems([id]))[0]),
    save: async (actor, id, input) => {
      const savedId = await this.save(actor, {
        record: 'magazine_issue',
        id,
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
          };
        },
        write: writeIssue,
        view: issueView,
        summary: (created) =>
          `Numero della rivista ${created ? 'creato' : 'modificato'}: ${input.title}`,
      });
      return this.issues.get(savedId);
    },
    // With its articles and their files' rows (the blobs stay, shared).
    remove: (actor, id) =>
      this.remove(actor, 'magazine_issue', id, issueView, async (trx, before) => {
        const articleCount = await deleteIssue(trx, id);
        return `Numero della rivista eliminato con ${articleCount} articoli: ${before.titolo}`;
      }),
  };

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
    save: async (actor, id, input) => {
      const savedId = await this.save(actor, {
        record: 'magazine_article',
        id,
        input,
        values: async (trx) => {
          const [issue] = await findIssueRows(trx, [input.issueId]);
          if (issue === undefined) {
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
    remove: (actor, id) =>
      this.remove(actor, 'magazine_article', id, articleView, async (trx, before) => {
        await deleteArticle(trx, id);
        return `Articolo della rivista eliminato: ${before.titolo}`;
      }),
  };

  /** Deletes one record in a transaction with an entry of what it was (`deleteRecord`'s summary). */
  private async remove(
    actor: Actor,
    record: MagazineRecord,
    id: number,
    view: (db: Kysely<Database>, id: number) => Promise<{ titolo: string }>,
    deleteRecord: (trx: Transaction<Database>, before: { titolo: string }) => Promise<string>,
  ): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await view(trx, id);
      await this.deps.searchIndex.recordRemoved(trx, record, id);
      const summary = await deleteRecord(trx, before);
      await writeAudit(
        trx,
        actor,
        { action: 'elimina', entity: record, entityId: id, summary, before },
        now,
      );
    });
  }

  /**
   * The one audited save of issues and articles: checks, row, files and the audit entry
   * (`crea` whole, `modifica` with the changed fields only) in one transaction. PDFs are
   * checked by their bytes before it starts. Answers the record's id.
   */
  private async save<Values>(actor: Actor, save: MagazineSave<Values>): Promise<number> {
    const pdfs = await checkedPdfs(save.input.newAttachments, 'newAttachments');
    const now = this.deps.clock().toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      const values = await save.values(trx);
      const before = save.id === null ? null : await save.view(trx, save.id);
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
        new Date(now),
      );
      return id;
    });
  }

  private async issueItems(ids: number[]): Promise<AdminMagazineIssue[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const [rows, counts, files] = await Promise.all([
      findIssueRows(db, ids),
      countArticlesByIssue(db, ids),
      attachmentsOf(db, 'magazine_issue', ids),
    ]);
    return inPageOrder(ids, rows).map((row) => ({
      id: row.id,
      title: row.title,
      year: row.year,
      number: row.issue_number === 0 ? null : row.issue_number,
      publishedOn: row.published_on,
      audience: row.audience as ReservedAudience,
      published: row.published === 1,
      articleCount: counts.get(row.id) ?? 0,
      attachments: files.get(row.id) ?? [],
      updatedAt: row.updated_at,
    }));
  }

  private async articleItems(ids: number[]): Promise<AdminMagazineArticle[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const [rows, files] = await Promise.all([
      findArticleRows(db, ids),
      attachmentsOf(db, 'magazine_article', ids),
    ]);
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
    allegati: await fileNames(db, 'magazine_issue', id),
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
  };
}
