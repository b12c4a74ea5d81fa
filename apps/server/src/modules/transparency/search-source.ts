import {
  TRANSPARENCY_PUBLICATION_TYPES,
  type TransparencyPublicationType,
} from '@sodalis/contracts';
import { storedAttachmentsOf } from '../attachments/repository.js';
import { lines, type ResultGroup, type SearchSource } from '../search/sources.js';
import { allPublicationIds, publicationsById } from './repository.js';

const TRANSPARENCY_GROUP: ResultGroup = {
  kind: 'transparency',
  label: 'Società trasparente',
  publicDocuments: true,
};

/**
 * "Società trasparente" publications as the site search reads them: public, like the page
 * (ADR 026), opened at their section.
 */
export const transparencySearchSource: SearchSource = {
  kinds: { transparency_publication: TRANSPARENCY_GROUP },
  filesOf: (db, _kind, id) => storedAttachmentsOf(db, 'transparency_publication', [id]),
  async read(db, _kind, id) {
    const [row] = await publicationsById(db, [id]);
    // In the bin it is off the page, so off the search too (ADR 031).
    if (row === undefined || row.deleted_at !== null) return null;
    const type = TRANSPARENCY_PUBLICATION_TYPES[row.type as TransparencyPublicationType];
    return {
      description: {
        audience: null,
        visible_from: null,
        title: row.title,
        date: row.published_on,
        link: type === undefined ? '/trasparenza' : `/trasparenza#${type.section}`,
      },
      text: lines(row.title, type?.label, row.description),
    };
  },
  allIds: (db) => allPublicationIds(db),
};
