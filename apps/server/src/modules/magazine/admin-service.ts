import {
  MAGAZINE_ADMIN_MESSAGES,
  MAGAZINE_NAME,
  type AdminMagazineArticle,
  type AdminMagazineArticleInputSchema,
  type AdminMagazineArticleListQuery,
  type AdminMagazineIssue,
  type AdminMagazineIssueInputSchema,
  type AdminMagazineIssueListQuery,
  type AdminPage,
  type ReservedAudience,
} from '@sodalis/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { AttachmentOwnerKind, Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { containsPattern, searchText } from '../../text/search-text.js';
import { likeCondition } from '../listing/keyset.js';
import { parseAuthors } from './repository.js';
import { changedFields, writeAudit, type Actor } from '../admin/audit.js';
import { idPage } from '../admin/list-page.js';
import { attachmentsOf, checkedPdfs, fileNames, replaceAttachments } from '../admin/uploads.js';

type IssueInput = z.output<typeof AdminMagazineIssueInputSchema>;
type ArticleInput = z.output<typeof AdminMagazineArticleInputSchema>;

const ISSUE_SORTS: Record<string, string> = {
  title: 'magazine_issues.title_search',
  publishedOn: 'magazine_issues.published_on',
  year: 'magazine_issues.year',
  updatedAt: 'magazine_issues.updated_at',
  id: 'magazine_issues.id',
};
const ARTICLE_SORTS: Record<string, string> = {
  sortOrder: 'magazine_articles.sort_order',
  title: 'magazine_articles.title_search',
  updatedAt: 'magazine_articles.updated_at',
  id: 'magazine_articles.id',
};

/** Where each owner's files are addressed (the same areas as the demo content's). */
const FILE_AREAS = { magazine_issue: 'Riviste', magazine_article: 'ArticoliRiviste' } as const;

export interface MagazineAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
}

/**
 * The secretariat's editor of the bulletin (issue 10, ADR 014): issues (title, year, date,
 * audience, whole-issue PDF) and their articles (order, authors, PDF). Each change is one
 * transaction with its audit entry. Reserved answers are never cached, so nothing to bump.
 */
export class MagazineAdminService {
  constructor(private readonly deps: MagazineAdminDeps) {}

  async listIssues(query: AdminMagazineIssueListQuery): Promise<AdminPage<AdminMagazineIssue>> {
    let builder = this.deps.db.selectFrom('magazine_issues');
    const text = query.q?.trim() ?? '';
    const title = likeCondition('magazine_issues.title_search', containsPattern(text));
    if (text !== '' && title !== null) builder = builder.where(title);
    if (query.year !== undefined) builder = builder.where('magazine_issues.year', '=', query.year);
    const page = await idPage(builder, query, {
      idColumn: 'magazine_issues.id',
      sortColumns: ISSUE_SORTS,
      fallback: 'title',
    });
    return { items: await this.issues(page.ids), total: page.total };
  }

  async getIssue(id: number): Promise<AdminMagazineIssue> {
    const [issue] = await this.issues([id]);
    if (issue === undefined) throw new AppError('notFound');
    return issue;
  }

  async saveIssue(actor: Actor, id: number | null, input: IssueInput): Promise<AdminMagazineIssue> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock().toISOString();
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      await this.checkUniqueTitle(trx, input.title, id);
      const columns = {
        title: input.title,
        title_search: searchText(input.title),
        year: input.year,
        published_on: input.publishedOn,
        audience: input.audience,
        published: input.published ? 1 : 0,
        updated_at: now,
      };
      const before = id === null ? null : await this.issueSummary(trx, id);
      let issueId: number;
      if (id === null) {
        ({ id: issueId } = await trx
          .insertInto('magazine_issues')
          .values({ ...columns, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        await trx.updateTable('magazine_issues').set(columns).where('id', '=', id).execute();
        issueId = id;
      }
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'magazine_issue', id: issueId, area: FILE_AREAS.magazine_issue },
        input.keptAttachmentIds,
        pdfs,
        now,
      );
      const after = await this.issueSummary(trx, issueId);
      await writeAudit(
        trx,
        actor,
        before === null
          ? {
              action: 'crea',
              entity: 'magazine_issue',
              entityId: issueId,
              summary: `Numero della rivista creato: ${input.title}`,
              after,
            }
          : {
              action: 'modifica',
              entity: 'magazine_issue',
              entityId: issueId,
              summary: `Numero della rivista modificato: ${input.title}`,
              ...changedFields(before, after),
            },
        new Date(now),
      );
      return issueId;
    });
    return this.getIssue(savedId);
  }

  /** Deletes an issue with its articles and their files' rows (the blobs stay, shared). */
  async removeIssue(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.issueSummary(trx, id);
      const articleIds = (
        await trx.selectFrom('magazine_articles').select('id').where('issue_id', '=', id).execute()
      ).map((row) => row.id);
      if (articleIds.length > 0) {
        await trx
          .deleteFrom('attachments')
          .where('owner_kind', '=', 'magazine_article')
          .where('owner_id', 'in', articleIds)
          .execute();
        await trx.deleteFrom('magazine_articles').where('issue_id', '=', id).execute();
      }
      await deleteAttachments(trx, 'magazine_issue', id);
      await trx.deleteFrom('magazine_issues').where('id', '=', id).execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'magazine_issue',
          entityId: id,
          summary: `Numero della rivista eliminato con ${articleIds.length} articoli: ${String(before.titolo)}`,
          before,
        },
        now,
      );
    });
  }

  async listArticles(
    query: AdminMagazineArticleListQuery,
  ): Promise<AdminPage<AdminMagazineArticle>> {
    let builder = this.deps.db.selectFrom('magazine_articles');
    const text = query.q?.trim() ?? '';
    const title = likeCondition('magazine_articles.title_search', containsPattern(text));
    if (text !== '' && title !== null) builder = builder.where(title);
    if (query.issueId !== undefined) {
      builder = builder.where('magazine_articles.issue_id', '=', query.issueId);
    }
    const page = await idPage(builder, query, {
      idColumn: 'magazine_articles.id',
      sortColumns: ARTICLE_SORTS,
      fallback: 'sortOrder',
    });
    return { items: await this.articles(page.ids), total: page.total };
  }

  async getArticle(id: number): Promise<AdminMagazineArticle> {
    const [article] = await this.articles([id]);
    if (article === undefined) throw new AppError('notFound');
    return article;
  }

  async saveArticle(
    actor: Actor,
    id: number | null,
    input: ArticleInput,
  ): Promise<AdminMagazineArticle> {
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock().toISOString();
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const issue = await trx
        .selectFrom('magazine_issues')
        .select(['id', 'published_on'])
        .where('id', '=', input.issueId)
        .executeTakeFirst();
      if (issue === undefined) {
        throw new AppError('invalidRequest', [
          { path: 'issueId', message: MAGAZINE_ADMIN_MESSAGES.issue },
        ]);
      }
      const columns = {
        issue_id: issue.id,
        title: input.title,
        title_search: searchText(input.title),
        authors_json: JSON.stringify(input.authors),
        newspaper: input.testata ?? MAGAZINE_NAME,
        published_on: input.publishedOn ?? issue.published_on,
        sort_order: input.sortOrder,
        updated_at: now,
      };
      const before = id === null ? null : await this.articleSummary(trx, id);
      let articleId: number;
      if (id === null) {
        ({ id: articleId } = await trx
          .insertInto('magazine_articles')
          .values({ ...columns, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        await trx.updateTable('magazine_articles').set(columns).where('id', '=', id).execute();
        articleId = id;
      }
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'magazine_article', id: articleId, area: FILE_AREAS.magazine_article },
        input.keptAttachmentIds,
        pdfs,
        now,
      );
      const after = await this.articleSummary(trx, articleId);
      await writeAudit(
        trx,
        actor,
        before === null
          ? {
              action: 'crea',
              entity: 'magazine_article',
              entityId: articleId,
              summary: `Articolo della rivista creato: ${input.title}`,
              after,
            }
          : {
              action: 'modifica',
              entity: 'magazine_article',
              entityId: articleId,
              summary: `Articolo della rivista modificato: ${input.title}`,
              ...changedFields(before, after),
            },
        new Date(now),
      );
      return articleId;
    });
    return this.getArticle(savedId);
  }

  async removeArticle(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.articleSummary(trx, id);
      await deleteAttachments(trx, 'magazine_article', id);
      await trx.deleteFrom('magazine_articles').where('id', '=', id).execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'magazine_article',
          entityId: id,
          summary: `Articolo della rivista eliminato: ${String(before.titolo)}`,
          before,
        },
        now,
      );
    });
  }

  /** GetArticoliRiviste finds an issue by its title: two issues may not share one. */
  private async checkUniqueTitle(
    trx: Transaction<Database>,
    title: string,
    id: number | null,
  ): Promise<void> {
    const clash = await trx
      .selectFrom('magazine_issues')
      .select('id')
      .where('title_search', '=', searchText(title))
      .executeTakeFirst();
    if (clash !== undefined && clash.id !== id) {
      throw new AppError('invalidRequest', [
        { path: 'title', message: MAGAZINE_ADMIN_MESSAGES.duplicateTitle },
      ]);
    }
  }

  private async issueSummary(db: Kysely<Database>, id: number) {
    const row = await db
      .selectFrom('magazine_issues')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return {
      titolo: row.title,
      anno: row.year,
      dataPubblicazione: row.published_on,
      pubblico: row.audience,
      pubblicato: row.published === 1,
      allegati: await fileNames(db, 'magazine_issue', id),
    };
  }

  private async articleSummary(db: Kysely<Database>, id: number) {
    const row = await db
      .selectFrom('magazine_articles')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
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

  private async issues(ids: number[]): Promise<AdminMagazineIssue[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const [rows, counts, files] = await Promise.all([
      db.selectFrom('magazine_issues').selectAll().where('id', 'in', ids).execute(),
      db
        .selectFrom('magazine_articles')
        .select(['issue_id', db.fn.countAll<number | string>().as('count')])
        .where('issue_id', 'in', ids)
        .groupBy('issue_id')
        .execute(),
      attachmentsOf(db, 'magazine_issue', ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined) return [];
      return [
        {
          id: row.id,
          title: row.title,
          year: row.year,
          publishedOn: row.published_on,
          audience: row.audience as ReservedAudience,
          published: row.published === 1,
          articleCount: Number(counts.find((count) => count.issue_id === id)?.count ?? 0),
          attachments: files.get(id) ?? [],
          updatedAt: row.updated_at,
        },
      ];
    });
  }

  private async articles(ids: number[]): Promise<AdminMagazineArticle[]> {
    if (ids.length === 0) return [];
    const { db } = this.deps;
    const [rows, files] = await Promise.all([
      db
        .selectFrom('magazine_articles')
        .innerJoin('magazine_issues', 'magazine_issues.id', 'magazine_articles.issue_id')
        .selectAll('magazine_articles')
        .select('magazine_issues.title as issue_title')
        .where('magazine_articles.id', 'in', ids)
        .execute(),
      attachmentsOf(db, 'magazine_article', ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      if (row === undefined) return [];
      return [
        {
          id: row.id,
          issueId: row.issue_id,
          issueTitle: row.issue_title,
          title: row.title,
          authors: parseAuthors(row.authors_json),
          sortOrder: row.sort_order,
          publishedOn: row.published_on,
          testata: row.newspaper,
          attachments: files.get(id) ?? [],
          updatedAt: row.updated_at,
        },
      ];
    });
  }
}

async function deleteAttachments(
  trx: Transaction<Database>,
  kind: AttachmentOwnerKind,
  id: number,
): Promise<void> {
  await trx
    .deleteFrom('attachments')
    .where('owner_kind', '=', kind)
    .where('owner_id', '=', id)
    .execute();
}
