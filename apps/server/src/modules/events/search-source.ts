import { eventSlug, romeDate } from '@sodalis/contracts';
import {
  lines,
  plainText,
  publishedOnSite,
  type ResultGroup,
  type SearchSource,
} from '../search/sources.js';
import { allEventIds, findEventRows } from './repository.js';

const EVENTS_GROUP: ResultGroup = { kind: 'event', label: 'Eventi', publicDocuments: true };

/** Events as the site search reads them (ADR 025, 047): public, opened at their page. */
export const eventsSearchSource: SearchSource = {
  // Their text only: an event has no attachments.
  kinds: { event: EVENTS_GROUP },
  async read(db, _kind, id) {
    const [row] = await findEventRows(db, [id]);
    // Drafts and events in the bin are not on the site, so not in the index.
    if (!publishedOnSite(row)) return null;
    return {
      description: {
        audience: null,
        visible_from: row.publish_at,
        title: row.title,
        date: romeDate(new Date(row.starts_at)),
        link: `/eventi/${row.id}-${eventSlug(row.title)}`,
      },
      text: lines(
        row.title,
        plainText(row.description_html),
        row.organisers,
        row.venue_name,
        row.venue_city,
      ),
    };
  },
  allIds: (db) => allEventIds(db),
};
