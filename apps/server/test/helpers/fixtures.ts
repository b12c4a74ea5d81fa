import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.js';
import type { FileStore } from '../../src/files/file-store.js';
import { attachmentUrl } from '../../src/modules/attachments/repository.js';
import { searchText } from '../../src/text/search-text.js';

const NOW = '2026-01-01T00:00:00.000Z';

export interface ArticleFixture {
  title: string;
  publishedOn: string;
  categories?: string[];
  featured?: boolean;
  published?: boolean;
  sourceUrl?: string;
  sourceName?: string;
  attachment?: { fileName: string; content: Uint8Array };
}

/** Inserts a news item as the back office would store it; answers its id. */
export async function insertArticle(
  db: Kysely<Database>,
  files: FileStore,
  fixture: ArticleFixture,
): Promise<number> {
  const { id } = await db
    .insertInto('articles')
    .values({
      title: fixture.title,
      title_search: searchText(fixture.title),
      subtitle_html: `<p>${fixture.title}</p>`,
      published_on: fixture.publishedOn,
      featured: fixture.featured ? 1 : 0,
      published: fixture.published === false ? 0 : 1,
      source_url: fixture.sourceUrl ?? null,
      source_name: fixture.sourceName ?? null,
      created_at: NOW,
      updated_at: NOW,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, title] of (fixture.categories ?? []).entries()) {
    const category = await db
      .selectFrom('categories')
      .select('id')
      .where('title_search', '=', searchText(title))
      .executeTakeFirstOrThrow();
    await db
      .insertInto('article_categories')
      .values({ article_id: id, category_id: category.id, position })
      .execute();
  }
  if (fixture.attachment) {
    const stored = await files.put(fixture.attachment.content);
    await db
      .insertInto('files')
      .values({
        sha256: stored.sha256,
        size_bytes: stored.sizeBytes,
        content_type: 'application/pdf',
        created_at: NOW,
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
    await db
      .insertInto('attachments')
      .values({
        owner_kind: 'article',
        owner_id: id,
        position: 0,
        file_name: fixture.attachment.fileName,
        server_relative_url: attachmentUrl('News', id, fixture.attachment.fileName),
        file_sha256: stored.sha256,
        created_at: NOW,
      })
      .execute();
  }
  return id;
}
