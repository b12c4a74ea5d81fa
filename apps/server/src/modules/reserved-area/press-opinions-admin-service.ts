import type {
  AdminArchiveListQuery,
  AdminOpinion,
  AdminOpinionInputSchema,
  AdminPage,
  AdminPressReview,
  AdminPressReviewInputSchema,
  ReservedAudience,
} from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Database, OpinionsTable, PressReviewsTable } from '../../db/schema.js';
import type { Clock } from '../../text/dates.js';
import { searchText } from '../../text/search-text.js';
import type { Actor } from '../admin/audit.js';
import {
  audienceLabel,
  found,
  inIdOrder,
  removeAudited,
  reservedIdPage,
  saveAudited,
} from './reserved-records.js';

type PressReviewInput = z.output<typeof AdminPressReviewInputSchema>;
type OpinionInput = z.output<typeof AdminOpinionInputSchema>;

const PRESS_REVIEW_SORTS: Record<string, string> = {
  publishedOn: 'press_reviews.published_on',
  headline: 'press_reviews.title_search',
  newspaper: 'press_reviews.newspaper',
  id: 'press_reviews.id',
};
const OPINION_SORTS: Record<string, string> = {
  publishedOn: 'opinions.published_on',
  sortOrder: 'opinions.sort_order',
  title: 'opinions.title_search',
  id: 'opinions.id',
};

export interface PressOpinionsAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
}

/**
 * The press review and the board's opinions in the back office (issue 10, ADR 015): lists with
 * search and filters (audience, published, year), create, edit, delete, each change audited in
 * its transaction through `reserved-records.ts`. Neither area has files: the members' press
 * review links out ("LEGGI ONLINE") and an opinion is plain text.
 */
export class PressOpinionsAdminService {
  constructor(private readonly deps: PressOpinionsAdminDeps) {}

  // --- press review ----------------------------------------------------------------------------

  async listPressReviews(query: AdminArchiveListQuery): Promise<AdminPage<AdminPressReview>> {
    const page = await reservedIdPage(this.deps.db, 'press_reviews', query, {
      dateColumn: 'press_reviews.published_on',
      sortColumns: PRESS_REVIEW_SORTS,
      fallback: 'publishedOn',
    });
    return { items: await this.pressReviews(page.ids), total: page.total };
  }

  async getPressReview(id: number): Promise<AdminPressReview> {
    return found((await this.pressReviews([id]))[0]);
  }

  async savePressReview(
    actor: Actor,
    id: number | null,
    input: PressReviewInput,
  ): Promise<AdminPressReview> {
    const savedId = await saveAudited(this.deps.db, this.deps.clock, actor, {
      table: 'press_reviews',
      id,
      entity: 'press_review',
      values: {
        headline: input.headline,
        title_search: searchText(input.headline),
        newspaper: input.newspaper,
        published_on: input.publishedOn,
        url: input.url,
        audience: input.audience,
        published: input.published ? 1 : 0,
      },
      view: (trx, rowId) => this.pressReviewView(trx, rowId),
      summary: (created) =>
        `Rassegna stampa: articolo ${created ? 'creato' : 'modificato'}: ${input.headline}`,
    });
    return this.getPressReview(savedId);
  }

  async removePressReview(actor: Actor, id: number): Promise<void> {
    await removeAudited(this.deps.db, this.deps.clock, actor, {
      table: 'press_reviews',
      id,
      entity: 'press_review',
      // The members' press review shows no files, but a row may have some from an import.
      attachmentKind: 'press_review',
      view: (trx, rowId) => this.pressReviewView(trx, rowId),
      summary: 'Rassegna stampa: articolo eliminato',
    });
  }

  // --- opinions --------------------------------------------------------------------------------

  async listOpinions(query: AdminArchiveListQuery): Promise<AdminPage<AdminOpinion>> {
    const page = await reservedIdPage(this.deps.db, 'opinions', query, {
      dateColumn: 'opinions.published_on',
      sortColumns: OPINION_SORTS,
      fallback: 'publishedOn',
    });
    return { items: await this.opinions(page.ids), total: page.total };
  }

  async getOpinion(id: number): Promise<AdminOpinion> {
    return found((await this.opinions([id]))[0]);
  }

  async saveOpinion(actor: Actor, id: number | null, input: OpinionInput): Promise<AdminOpinion> {
    const savedId = await saveAudited(this.deps.db, this.deps.clock, actor, {
      table: 'opinions',
      id,
      entity: 'opinion',
      values: {
        title: input.title,
        title_search: searchText(input.title),
        published_on: input.publishedOn,
        sort_order: input.sortOrder,
        question: normaliseLineBreaks(input.question),
        answer: normaliseLineBreaks(input.answer),
        audience: input.audience,
        published: input.published ? 1 : 0,
      },
      view: (trx, rowId) => this.opinionView(trx, rowId),
      summary: (created) => `Parere ${created ? 'creato' : 'modificato'}: ${input.title}`,
    });
    return this.getOpinion(savedId);
  }

  async removeOpinion(actor: Actor, id: number): Promise<void> {
    await removeAudited(this.deps.db, this.deps.clock, actor, {
      table: 'opinions',
      id,
      entity: 'opinion',
      attachmentKind: null,
      view: (trx, rowId) => this.opinionView(trx, rowId),
      summary: 'Parere eliminato',
    });
  }

  // --- reading ---------------------------------------------------------------------------------

  private async pressReviews(ids: number[]): Promise<AdminPressReview[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('press_reviews')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    return inIdOrder(ids, rows).map(toPressReview);
  }

  private async opinions(ids: number[]): Promise<AdminOpinion[]> {
    if (ids.length === 0) return [];
    const rows = await this.deps.db
      .selectFrom('opinions')
      .selectAll()
      .where('id', 'in', ids)
      .execute();
    return inIdOrder(ids, rows).map(toOpinion);
  }

  private async pressReviewView(db: Kysely<Database>, id: number) {
    const row = found(
      await db.selectFrom('press_reviews').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return {
      titolo: row.headline,
      testata: row.newspaper,
      data: row.published_on,
      indirizzo: row.url,
      pubblico: audienceLabel(row.audience),
      pubblicato: row.published === 1,
    };
  }

  private async opinionView(db: Kysely<Database>, id: number) {
    const row = found(
      await db.selectFrom('opinions').selectAll().where('id', '=', id).executeTakeFirst(),
    );
    return {
      titolo: row.title,
      dataPubblicazione: row.published_on,
      ordinamento: row.sort_order,
      domanda: row.question,
      risposta: row.answer,
      pubblico: audienceLabel(row.audience),
      pubblicato: row.published === 1,
    };
  }
}

/** Line breaks as `\n` (the members' detail splits on them, spec §2.9). */
function normaliseLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

function toPressReview(row: Selectable<PressReviewsTable>): AdminPressReview {
  return {
    id: row.id,
    headline: row.headline,
    newspaper: row.newspaper,
    publishedOn: row.published_on,
    url: row.url,
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    updatedAt: row.updated_at,
  };
}

function toOpinion(row: Selectable<OpinionsTable>): AdminOpinion {
  return {
    id: row.id,
    title: row.title,
    publishedOn: row.published_on,
    sortOrder: Number(row.sort_order),
    question: row.question,
    answer: row.answer,
    audience: row.audience as ReservedAudience,
    published: row.published === 1,
    updatedAt: row.updated_at,
  };
}
