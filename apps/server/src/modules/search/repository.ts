import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
} from 'kysely';
import type { DatabaseEngine } from '../../db/database.js';
import type {
  Audience,
  Database,
  Executor,
  SearchDocumentsTable,
  SearchUnitsTable,
} from '../../db/schema.js';

/**
 * Every query of the site search's tables (ADR 025). The text match is the one part the two
 * engines do differently: `matchingUnits` picks the SQLite FTS5 or the PostgreSQL tsvector way.
 */

export type SearchUnitValues = Omit<Insertable<SearchUnitsTable>, 'id'>;

/** What a search unit carries besides its text: changes with the record it belongs to. */
export type UnitDescription = Pick<
  SearchUnitValues,
  'audience' | 'visible_from' | 'title' | 'date' | 'link'
>;

/** Who is searching: the audiences they may read (ADR 011); none for an anonymous reader. */
export interface SearchAccess {
  audiences: readonly Audience[];
  /** Now (ISO instant): a scheduled item stays hidden until its moment (`visible_from`). */
  now: string;
}

/** A unit found, with its rank (smaller is better on both engines). */
export type FoundUnit = Pick<
  Selectable<SearchUnitsTable>,
  | 'id'
  | 'kind'
  | 'item_id'
  | 'attachment_id'
  | 'page'
  | 'title'
  | 'date'
  | 'link'
  | 'file_name'
  | 'file_url'
  | 'body'
> & { rank: number };

/**
 * Terms to find: each group one term or a phrase. `prefix` makes the last term of the last group
 * (`last`: the word being typed) or of every group (`every`: a list filter's partial words) a
 * prefix.
 */
export interface TermQuery {
  groups: string[][];
  prefix: 'none' | 'last' | 'every';
}

/** Whether group `index` of `query` ends with a prefix. */
function endsWithPrefix(query: TermQuery, index: number): boolean {
  return query.prefix === 'every' || (query.prefix === 'last' && index === query.groups.length - 1);
}

export async function insertUnits(db: Executor, units: SearchUnitValues[]): Promise<void> {
  // Small batches: SQLite allows at most 32766 bound values in one statement.
  for (let start = 0; start < units.length; start += 200) {
    await db
      .insertInto('search_units')
      .values(units.slice(start, start + 200))
      .execute();
  }
}

/** Removes a record's own text (not its PDF pages). */
export async function deleteTextUnits(db: Executor, kind: string, itemId: number): Promise<void> {
  await db
    .deleteFrom('search_units')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('attachment_id', 'is', null)
    .execute();
}

/** Removes everything of a record, its PDF pages included. */
export async function deleteItemUnits(db: Executor, kind: string, itemId: number): Promise<void> {
  await db
    .deleteFrom('search_units')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();
}

/** The PDF pages of a record follow its audience, title, date and link. */
export async function describeItemUnits(
  db: Executor,
  kind: string,
  itemId: number,
  description: UnitDescription,
): Promise<void> {
  await db
    .updateTable('search_units')
    .set(description)
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .execute();
}

/** Removes the pages of a record's PDFs that are no longer among `keptAttachmentIds`. */
export async function deleteDroppedAttachmentUnits(
  db: Executor,
  kind: string,
  itemId: number,
  keptAttachmentIds: number[],
): Promise<void> {
  let query = db
    .deleteFrom('search_units')
    .where('kind', '=', kind)
    .where('item_id', '=', itemId)
    .where('attachment_id', 'is not', null);
  if (keptAttachmentIds.length > 0)
    query = query.where('attachment_id', 'not in', keptAttachmentIds);
  await query.execute();
}

export async function deleteAttachmentUnits(db: Executor, attachmentId: number): Promise<void> {
  await db.deleteFrom('search_units').where('attachment_id', '=', attachmentId).execute();
}

export async function deleteAllUnits(db: Executor): Promise<void> {
  await db.deleteFrom('search_units').execute();
}

export async function findDocumentStates(
  db: Executor,
  attachmentIds: number[],
): Promise<Selectable<SearchDocumentsTable>[]> {
  if (attachmentIds.length === 0) return [];
  return db
    .selectFrom('search_documents')
    .selectAll()
    .where('attachment_id', 'in', attachmentIds)
    .execute();
}

/** Records what became of a PDF's extraction (insert or replace). */
export async function writeDocumentState(
  db: Executor,
  state: Selectable<SearchDocumentsTable>,
): Promise<void> {
  await db
    .insertInto('search_documents')
    .values(state)
    .onConflict((conflict) =>
      conflict.column('attachment_id').doUpdateSet({
        file_sha256: state.file_sha256,
        status: state.status,
        pages: state.pages,
        updated_at: state.updated_at,
      }),
    )
    .execute();
}

/**
 * Forgets what became of these PDFs' extraction: read again when their record is indexed next
 * (their pages left the index with the record, ADR 025).
 */
export async function deleteDocumentStates(db: Executor, attachmentIds: number[]): Promise<void> {
  if (attachmentIds.length === 0) return;
  await db.deleteFrom('search_documents').where('attachment_id', 'in', attachmentIds).execute();
}

export async function deleteAllDocumentStates(db: Executor): Promise<void> {
  await db.deleteFrom('search_documents').execute();
}

/** Extraction states that make a PDF "non ricercabile" for staff. */
const UNSEARCHABLE_STATES = ['no_text', 'failed'] as const;

/** How many PDFs cannot be searched (the back office's pending work). */
export async function countUnsearchableDocuments(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('search_documents')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('status', 'in', UNSEARCHABLE_STATES)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** The state of one PDF that cannot be searched, or undefined (unknown, or searchable). */
export async function findUnsearchableDocument(
  db: Executor,
  attachmentId: number,
): Promise<Selectable<SearchDocumentsTable> | undefined> {
  return db
    .selectFrom('search_documents')
    .selectAll()
    .where('attachment_id', '=', attachmentId)
    .where('status', 'in', UNSEARCHABLE_STATES)
    .executeTakeFirst();
}

/** PDFs whose text could not be read (scans without a text layer, broken files), for staff. */
export async function unsearchableDocuments(db: Kysely<Database>) {
  return db
    .selectFrom('search_documents')
    .innerJoin('attachments', 'attachments.id', 'search_documents.attachment_id')
    .select([
      'attachments.id',
      'attachments.owner_kind',
      'attachments.owner_id',
      'attachments.file_name',
      'attachments.server_relative_url',
      'search_documents.status',
      'search_documents.updated_at',
    ])
    .where('search_documents.status', 'in', UNSEARCHABLE_STATES)
    .orderBy('search_documents.updated_at', 'desc')
    .orderBy('attachments.id', 'desc')
    .execute();
}

/**
 * The units FTS5 matched, read through the index of their narrow columns (migration
 * `0031-search-ranking-index`): without statistics SQLite would pick the table, whose pages are
 * full of page texts.
 */
const NARROW_UNITS = sql`search_units u indexed by search_units_narrow`;

/** FTS5's query: every group quoted (terms are only [a-z0-9], ADR 025), all required. */
function fts5Expression(query: TermQuery): string {
  return query.groups
    .map((group, index) => {
      const quoted = `"${group.join(' ')}"`;
      return endsWithPrefix(query, index) ? `${quoted}*` : quoted;
    })
    .join(' ');
}

/** tsquery's text: terms of a phrase joined by `<->`, groups by `&`, the last a prefix if asked. */
function tsqueryExpression(query: TermQuery): string {
  return query.groups
    .map((group, index) => {
      const last = endsWithPrefix(query, index);
      const terms = group.map((term, position) =>
        last && position === group.length - 1 ? `${term}:*` : term,
      );
      return terms.length === 1 ? terms[0] : `(${terms.join(' <-> ')})`;
    })
    .join(' & ');
}

/** The audience rule of the reserved lists (ADR 011) and the scheduled moment, on units `u`. */
function visibleTo(access: SearchAccess): RawBuilder<SqlBool> {
  return sql<SqlBool>`(u.audience is null${
    access.audiences.length > 0
      ? sql` or u.audience in (${sql.join(access.audiences.map((audience) => sql`${audience}`))})`
      : sql``
  }) and (u.visible_from is null or u.visible_from <= ${access.now})`;
}

/**
 * Narrow rows (id, kind, record, PDF, rank, date) of the units matching `query` that `access`
 * may read: bm25 on SQLite, ts_rank on PostgreSQL, negated so that smaller is better on both.
 */
function matchedUnits(
  engine: DatabaseEngine,
  query: TermQuery,
  access: SearchAccess,
): RawBuilder<unknown> {
  return engine === 'sqlite'
    ? sql`select u.id, u.kind, u.item_id, u.attachment_id, bm25(search_units_fts) as rank, u.date
        from search_units_fts join ${NARROW_UNITS} on u.id = search_units_fts.rowid
        where search_units_fts match ${fts5Expression(query)} and ${visibleTo(access)}`
    : sql`select u.id, u.kind, u.item_id, u.attachment_id,
          -ts_rank(u.terms_vector, to_tsquery('simple', ${tsqueryExpression(query)})) as rank,
          u.date
        from search_units u
        where u.terms_vector @@ to_tsquery('simple', ${tsqueryExpression(query)})
          and ${visibleTo(access)}`;
}

const UNIT_COLUMNS = sql`u.id, u.kind, u.item_id, u.attachment_id, u.page, u.title, u.date,
  u.link, u.file_name, u.file_url, u.body`;

/**
 * Units matching `query` that `access` may read, best first (bm25 on SQLite, ts_rank on
 * PostgreSQL), the newest first among equals. The audience condition is the reserved lists'
 * (ADR 011): a reader sees public units and those of their audiences, never others.
 */
export async function matchingUnits(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  query: TermQuery,
  access: SearchAccess,
  limit: number,
): Promise<FoundUnit[]> {
  // The best `limit` are chosen from narrow rows (id, rank, date) and only they are read whole:
  // sorting every match with its text (a PDF page each) cost most of a query's time.
  const result = await sql<FoundUnit>`select ${UNIT_COLUMNS}, best.rank
    from (select m.id, m.rank, m.date from (${matchedUnits(engine, query, access)}) m
      order by m.rank, m.date desc, m.id desc limit ${limit}) best
    join search_units u on u.id = best.id
    order by best.rank, u.date desc, u.id desc`.execute(db);
  return result.rows.map((row) => ({ ...row, rank: Number(row.rank) }));
}

/** A unit of a record found by `matchingRecords`. */
export type FoundRecordUnit = FoundUnit & {
  /** 1 for the record's best unit, whose rank is the record's. */
  position: number;
  /** How many of the record's PDF pages match (all of them, not only those read). */
  pages: number;
};

/**
 * The records (kind and item) with units matching `query` that `access` may read, best first:
 * a record ranks as its best unit, the newest first among equals (ADR 025). For each of the best
 * `limit` records: its best unit (`position` 1) and its best `pagesEach` matching PDF pages,
 * records in order, each record's best unit first and then its pages, best first.
 */
export async function matchingRecords(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  query: TermQuery,
  access: SearchAccess,
  limit: number,
  pagesEach: number,
): Promise<FoundRecordUnit[]> {
  // One pass over the narrow rows, sorted once by record and rank: each unit's place in its
  // record, the record's rank (its best unit's) and how many of its PDF pages match. A record
  // gives at most `pagesEach + 1` rows, so the best `limit` records are among the first
  // `limit * (pagesEach + 1)` rows, chosen as the best units were; their records numbered, only
  // the best `limit` records' texts are read.
  const result = await sql<FoundRecordUnit>`select ${UNIT_COLUMNS}, best.rank, best.position,
      best.pages
    from (select top_rows.*, dense_rank() over (order by top_rows.record_rank, top_rows.date desc,
        top_rows.best_id desc) as record_number
      from (select r.id, r.rank, r.position, r.pages, r.record_rank, r.best_id, r.date
        from (select m.id, m.attachment_id, m.rank, m.date,
            row_number() over record as position,
            first_value(m.rank) over record as record_rank,
            first_value(m.id) over record as best_id,
            count(m.attachment_id) over (record rows unbounded preceding) as page_position,
            count(m.attachment_id) over (record rows
              between unbounded preceding and unbounded following) as pages
          from (${matchedUnits(engine, query, access)}) m
          window record as (partition by m.kind, m.item_id order by m.rank, m.id desc)) r
        where r.position = 1 or (r.attachment_id is not null and r.page_position <= ${pagesEach})
        order by r.record_rank, r.date desc, r.best_id desc, r.position
        limit ${limit * (pagesEach + 1)}) top_rows) best
    join search_units u on u.id = best.id
    where best.record_number <= ${limit}
    order by best.record_rank, best.date desc, best.best_id desc, best.position`.execute(db);
  return result.rows.map((row) => ({
    ...row,
    rank: Number(row.rank),
    position: Number(row.position),
    pages: Number(row.pages),
  }));
}

/**
 * `idColumn` is the id of a record of one of `kinds` with a unit (its text or a page of one of
 * its PDFs) matching `query`: the public lists' text filter (ADR 025). Who may read the record
 * is the list's own condition, so audiences are not read here. No terms: no record. The words
 * are read from the FTS5 index (SQLite) or the GIN index of the terms (PostgreSQL).
 */
export function indexedItemCondition(
  engine: DatabaseEngine,
  kinds: readonly string[],
  idColumn: string,
  query: TermQuery,
): RawBuilder<SqlBool> {
  if (query.groups.length === 0) return sql<SqlBool>`1 = 0`;
  const ofKinds = sql`u.kind in (${sql.join(kinds.map((kind) => sql`${kind}`))})`;
  // On SQLite the `+` keeps the list walking its own date index, checking each row against the
  // matched set, built once: left to statistics, a large archive has SQLite read every matched
  // record and sort them, which for a word in most news costs several times the walk (ADR 025).
  return engine === 'sqlite'
    ? sql<SqlBool>`+${sql.ref(idColumn)} in (select u.item_id
        from search_units_fts join ${NARROW_UNITS} on u.id = search_units_fts.rowid
        where search_units_fts match ${fts5Expression(query)} and ${ofKinds})`
    : sql<SqlBool>`${sql.ref(idColumn)} in (select u.item_id from search_units u
        where u.terms_vector @@ to_tsquery('simple', ${tsqueryExpression(query)}) and ${ofKinds})`;
}

/** An indexed term and how many units hold it. */
export interface VocabularyTerm {
  term: string;
  units: number;
}

/**
 * The indexed terms that begin with `initial` and are `minLength` to `maxLength` letters long,
 * at most `limit` of them, the most common first: the candidates of "Forse cercavi" (ADR 025).
 * SQLite reads them by range from FTS5's own term list (`search_units_vocab`, migration 0049);
 * PostgreSQL from the terms' statistics. Audiences are not read: a candidate is offered only
 * once the reader's own search finds it.
 */
export async function vocabularyNear(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  initial: string,
  minLength: number,
  maxLength: number,
  limit: number,
): Promise<VocabularyTerm[]> {
  // Terms are [a-z0-9]: the next character bounds the range of those that begin with `initial`.
  const after = String.fromCharCode(initial.charCodeAt(0) + 1);
  const result =
    engine === 'sqlite'
      ? await sql<VocabularyTerm>`select term, doc as units from search_units_vocab
          where term >= ${initial} and term < ${after}
            and length(term) between ${minLength} and ${maxLength}
          order by doc desc, term limit ${limit}`.execute(db)
      : await sql<VocabularyTerm>`select word as term, ndoc as units
          from ts_stat('select terms_vector from search_units')
          where word >= ${initial} and word < ${after}
            and length(word) between ${minLength} and ${maxLength}
          order by ndoc desc, word limit ${limit}`.execute(db);
  return result.rows.map((row) => ({ term: row.term, units: Number(row.units) }));
}
