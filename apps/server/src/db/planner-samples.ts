import { sql, type Kysely } from 'kysely';

/**
 * Drops the index samples ANALYZE keeps in `sqlite_stat4` (ADR 038). better-sqlite3 builds
 * SQLite with STAT4, and with samples stored a statement whose parameters meet a sampled index
 * is prepared again for every new value bound: a 6 µs page of the news list took 55 µs, though
 * its statement was cached. Our plans follow the indexes and are checked by tests (ADR 020),
 * so the samples add nothing here; the row counts (`sqlite_stat1`) stay. The planner then
 * reads the statistics again.
 */
export async function dropPlannerSamples<DB>(db: Kysely<DB>): Promise<void> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_schema where type = 'table' and name = 'sqlite_stat4'`.execute(db);
  if (tables.length === 0) return;
  const { rows: samples } = await sql`select 1 from sqlite_stat4 limit 1`.execute(db);
  if (samples.length === 0) return;
  await sql`delete from sqlite_stat4`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
