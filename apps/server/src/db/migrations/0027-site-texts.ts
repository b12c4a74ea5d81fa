import { ABOUT_DEFAULT, EXTERNAL_LINKS_DEFAULT, HOME_DEFAULT } from '@sodalis/contracts';
import type { Kysely, Migration } from 'kysely';

/**
 * ADR 035: the home's hero, the /chi-siamo cards and the links to other sites become site
 * contents the secretariat edits; every installation starts from the texts the site showed
 * until now, so nothing changes on the page until someone edits them.
 */
export const siteTextsMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    const updatedAt = new Date().toISOString();
    await db
      .insertInto('site_contents')
      .values([
        { key: 'home', data_json: JSON.stringify(HOME_DEFAULT), updated_at: updatedAt },
        { key: 'chi-siamo', data_json: JSON.stringify(ABOUT_DEFAULT), updated_at: updatedAt },
        {
          key: 'collegamenti',
          data_json: JSON.stringify(EXTERNAL_LINKS_DEFAULT),
          updated_at: updatedAt,
        },
      ])
      .onConflict((conflict) => conflict.column('key').doNothing())
      .execute();
  },
};
