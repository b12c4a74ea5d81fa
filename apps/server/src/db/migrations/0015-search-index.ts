import { sql, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * The site search's index (docs/decisions/025-site-search.md): one row per searchable unit (a
 * record's text, or one page of one of its PDFs) with the terms of the Italian analyser, and the
 * extraction state of each PDF. SQLite searches the terms with an FTS5 table over the rows
 * (external content, kept in step by triggers); PostgreSQL with a `simple` tsvector of the
 * same terms and a GIN index, so both engines match the same words.
 */
export function searchIndexMigration(engine: DatabaseEngine): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      const units = db.schema.createTable('search_units');
      await (
        engine === 'sqlite'
          ? units.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
          : units.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
      )
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('item_id', 'integer', (c) => c.notNull())
        .addColumn('attachment_id', 'integer')
        .addColumn('page', 'integer')
        .addColumn('audience', 'text')
        .addColumn('visible_from', 'text')
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('file_url', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('search_units_by_item')
        .on('search_units')
        .columns(['kind', 'item_id'])
        .execute();
      await db.schema
        .createIndex('search_units_by_attachment')
        .on('search_units')
        .column('attachment_id')
        .execute();

      await db.schema
        .createTable('search_documents')
        .addColumn('attachment_id', 'integer', (c) => c.primaryKey())
        .addColumn('file_sha256', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('pages', 'integer')
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      if (engine === 'sqlite') {
        await sql`create virtual table search_units_fts using fts5(
          terms, content='search_units', content_rowid='id', tokenize='unicode61')`.execute(db);
        await sql`create trigger search_units_inserted after insert on search_units begin
          insert into search_units_fts(rowid, terms) values (new.id, new.terms); end`.execute(db);
        await sql`create trigger search_units_deleted after delete on search_units begin
          insert into search_units_fts(search_units_fts, rowid, terms)
          values ('delete', old.id, old.terms); end`.execute(db);
        await sql`create trigger search_units_updated after update of terms on search_units begin
          insert into search_units_fts(search_units_fts, rowid, terms)
          values ('delete', old.id, old.terms);
          insert into search_units_fts(rowid, terms) values (new.id, new.terms); end`.execute(db);
      } else {
        await sql`alter table search_units add column terms_vector tsvector
          generated always as (to_tsvector('simple', terms)) stored`.execute(db);
        await sql`create index search_units_terms on search_units using gin (terms_vector)`.execute(
          db,
        );
      }
    },
  };
}
