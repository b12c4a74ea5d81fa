import { sql, type Kysely } from 'kysely';
import { dropPlannerSamples } from '../src/db/planner-samples.js';
import type { Database } from '../src/db/schema.js';

/**
 * A large archive for the bench and the query-plan test (ADR 020): `news` published news items
 * over the past years, each in one of the existing categories, and `members` accounts of every
 * role. SQLite only (the bench's throwaway database); each set is one INSERT … SELECT.
 */
export async function generateListData(
  db: Kysely<Database>,
  counts: { news: number; members: number },
): Promise<void> {
  const categories = await db.selectFrom('categories').select('id').orderBy('id').execute();
  if (categories.length === 0) throw new Error('nessuna categoria: servono i contenuti demo');
  const firstCategory = categories[0]?.id ?? 0;
  const stamp = '2026-01-01T00:00:00.000Z';
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('articles')
      .select((eb) => eb.fn.max('id').as('last'))
      .executeTakeFirst();
    const offset = Number(before?.last ?? 0);
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${counts.news})
      insert into articles (title, title_search, subtitle_html, published_on, featured, published, created_at, updated_at)
      select 'Notizia generata ' || i, 'notizia generata ' || i, '<p>Sommario ' || i || '</p>',
        date('2026-11-22', '-' || (i % 3650) || ' days'), case when i % 50 = 0 then 1 else 0 end,
        case when i % 20 = 0 then 0 else 1 end, ${stamp}, ${stamp}
      from n`.execute(trx);
    await sql`insert into article_categories (article_id, category_id, position)
      select id, ${firstCategory} + (id % ${categories.length}), 0 from articles where id > ${offset}`.execute(
      trx,
    );
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${counts.members})
      insert into members (email, first_name, last_name, role, status, password_changed, created_at, updated_at)
      select 'iscritto' || i || '@esempio.it', 'Nome' || (i % 300), 'Cognome' || i,
        case i % 10 when 0 then 'affiliato' else 'socio' end,
        case when i % 25 = 0 then 'disabled' else 'active' end, 1, ${stamp}, ${stamp}
      from n`.execute(trx);
  });
  // Statistics of the generated tables, so the planner chooses as on a real archive this size.
  for (const table of ['articles', 'article_categories', 'members']) {
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
  // Without the index samples, as the server keeps its database.
  await dropPlannerSamples(db);
}
