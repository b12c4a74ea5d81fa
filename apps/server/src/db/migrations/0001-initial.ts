import { sql, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { DatabaseEngine } from '../database.js';

/**
 * The tables of spec §3, with the indexes their list queries use. Portable SQL only;
 * the id column is the one place the engines differ.
 */
export function initialMigration(engine: DatabaseEngine): Migration {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
  type AnyDb = Kysely<any>;
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    engine === 'sqlite'
      ? table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement())
      : table.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity());

  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('categories'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull().unique())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await withId(db.schema.createTable('articles'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('subtitle_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('source_url', 'text')
        .addColumn('source_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('articles_by_date')
        .on('articles')
        .columns(['published', 'published_on', 'id'])
        .execute();
      await db.schema
        .createIndex('articles_featured_by_date')
        .on('articles')
        .columns(['featured', 'published', 'published_on', 'id'])
        .execute();
      await db.schema
        .createIndex('articles_by_title')
        .on('articles')
        .columns(['published', 'title_search', 'id'])
        .execute();

      await db.schema
        .createTable('article_categories')
        .addColumn('article_id', 'integer', (c) =>
          c.notNull().references('articles.id').onDelete('cascade'),
        )
        .addColumn('category_id', 'integer', (c) =>
          c.notNull().references('categories.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('article_categories_pk', ['article_id', 'category_id'])
        .execute();
      await db.schema
        .createIndex('article_categories_by_category')
        .on('article_categories')
        .columns(['category_id', 'article_id'])
        .execute();

      await db.schema
        .createTable('files')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('attachments'))
        .addColumn('owner_kind', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'integer', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('server_relative_url', 'text', (c) => c.notNull().unique())
        .addColumn('file_sha256', 'text', (c) => c.notNull().references('files.sha256'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('attachments_by_owner')
        .on('attachments')
        .columns(['owner_kind', 'owner_id', 'position'])
        .execute();

      await withId(db.schema.createTable('recommendations'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('source_name', 'text')
        .addColumn('source_url', 'text')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('recommendations_by_date')
        .on('recommendations')
        .columns(['published', 'published_on', 'id'])
        .execute();

      await withId(db.schema.createTable('assemblies'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('held_on', 'text', (c) => c.notNull())
        .addColumn('place', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('territory', 'text', (c) => c.notNull())
        .addColumn('section', 'text')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('assemblies_by_territory_date')
        .on('assemblies')
        .columns(['territory', 'published', 'held_on', 'id'])
        .execute();

      await withId(db.schema.createTable('press_reviews'))
        .addColumn('headline', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('newspaper', 'text', (c) => c.notNull())
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('press_reviews_by_date')
        .on('press_reviews')
        .columns(['published', 'published_on', 'id'])
        .execute();

      await withId(db.schema.createTable('opinions'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('question', 'text', (c) => c.notNull())
        .addColumn('answer', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('opinions_by_date_order')
        .on('opinions')
        .columns(['published', 'published_on', 'sort_order', 'id'])
        .execute();

      await withId(db.schema.createTable('magazine_issues'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('audience', 'text', (c) => c.notNull().defaultTo('all'))
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('magazine_issues_by_year_title')
        .on('magazine_issues')
        .columns(['published', 'year', 'title', 'id'])
        .execute();

      await withId(db.schema.createTable('magazine_articles'))
        .addColumn('issue_id', 'integer', (c) =>
          c.notNull().references('magazine_issues.id').onDelete('cascade'),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('title_search', 'text', (c) => c.notNull())
        .addColumn('authors_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('newspaper', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('published_on', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('magazine_articles_by_issue_order')
        .on('magazine_articles')
        .columns(['issue_id', 'sort_order', 'id'])
        .execute();

      await withId(db.schema.createTable('setup_elements'))
        .addColumn('key', 'text', (c) => c.notNull().unique())
        .addColumn('body_html', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('board_members'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('photo_sha256', 'text', (c) => c.references('files.sha256'))
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('fees'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('amount_cents', 'integer', (c) => c.notNull())
        .addColumn('access', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('members'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('password_hash', 'text')
        .addColumn('password_changed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('members_by_role_status')
        .on('members')
        .columns(['role', 'status'])
        .execute();

      await withId(db.schema.createTable('reset_tokens'))
        .addColumn('member_id', 'integer', (c) =>
          c.notNull().references('members.id').onDelete('cascade'),
        )
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reset_tokens_by_member')
        .on('reset_tokens')
        .columns(['member_id'])
        .execute();

      await withId(db.schema.createTable('newsletter_subscriptions'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('confirm_token_hash', 'text', (c) => c.unique())
        .addColumn('unsubscribe_token_hash', 'text', (c) => c.unique())
        .addColumn('consent_at', 'text', (c) => c.notNull())
        .addColumn('consent_text_version', 'text', (c) => c.notNull())
        .addColumn('consent_ip', 'text')
        .addColumn('confirmed_at', 'text')
        .addColumn('unsubscribed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('newsletter_subscriptions_by_status')
        .on('newsletter_subscriptions')
        .columns(['status', 'created_at'])
        .execute();

      await withId(db.schema.createTable('sponsorship_requests'))
        .addColumn('requester', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('organisation', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('request_kind', 'text')
        .addColumn('event_kind', 'text', (c) => c.notNull())
        .addColumn('event_title', 'text', (c) => c.notNull())
        .addColumn('starts_on', 'text', (c) => c.notNull())
        .addColumn('ends_on', 'text', (c) => c.notNull())
        .addColumn('city', 'text', (c) => c.notNull())
        .addColumn('venue', 'text')
        .addColumn('organiser', 'text')
        .addColumn('website', 'text')
        .addColumn('scientific_secretariat', 'text')
        .addColumn('organising_secretariat', 'text')
        .addColumn('other_sponsors', 'text')
        .addColumn('event_contents', 'text')
        .addColumn('privacy_accepted_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('received'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sponsorship_requests_by_status_date')
        .on('sponsorship_requests')
        .columns(['status', 'created_at'])
        .execute();

      await withId(db.schema.createTable('outbox'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['status', 'next_attempt_at'])
        .execute();

      // Keep the planner informed on SQLite after bulk creation.
      if (engine === 'sqlite') await sql`PRAGMA optimize`.execute(db);
    },
  };
}
