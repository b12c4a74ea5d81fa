import { romeInstant } from '@sodalis/contracts';
import { storedAttachmentsOf } from '../attachments/repository.js';
import { lines, plainText, type ResultGroup, type SearchSource } from '../search/sources.js';
import { allArticleIds, findArticleRows } from './repository.js';

const NEWS_GROUP: ResultGroup = { kind: 'news', label: 'Notizie', publicDocuments: true };

/** News items as the site search reads them (ADR 025): public, opened at their page. */
export const newsSearchSource: SearchSource = {
  kinds: { article: NEWS_GROUP },
  filesOf: (db, _kind, id) => storedAttachmentsOf(db, 'article', [id]),
  async read(db, _kind, id) {
    const [row] = await findArticleRows(db, [id]);
    // Drafts and items in the bin (ADR 023) are not on the site, so not in the index.
    if (row === undefined || row.published !== 1 || row.deleted_at !== null) return null;
    // Shown from its day in Rome and its scheduled moment, whichever is later (as the list).
    const dayStart = romeInstant(row.published_on, '00:00').toISOString();
    return {
      description: {
        audience: null,
        visible_from:
          row.publish_at !== null && row.publish_at > dayStart ? row.publish_at : dayStart,
        title: row.title,
        date: row.published_on,
        link: `/news/${row.id}`,
      },
      text: lines(row.title, plainText(row.subtitle_html), row.source_name),
    };
  },
  allIds: (db) => allArticleIds(db),
};
