import { issueNumberInTitle } from '@sodalis/contracts';
import type { Kysely, Migration } from 'kysely';

/**
 * The magazine issue's number (ADR 014): issues sort by year and number, not by title, so
 * "numero 10" comes after "numero 4". 0 means none. Existing issues get the number their title
 * says.
 */
export const magazineIssueNumberMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  async up(db: Kysely<any>) {
    await db.schema
      .alterTable('magazine_issues')
      .addColumn('issue_number', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();
    const issues = (await db.selectFrom('magazine_issues').select(['id', 'title']).execute()) as {
      id: number;
      title: string;
    }[];
    for (const issue of issues) {
      const number = issueNumberInTitle(issue.title);
      if (number === null) continue;
      await db
        .updateTable('magazine_issues')
        .set({ issue_number: number })
        .where('id', '=', issue.id)
        .execute();
    }
  },
};
