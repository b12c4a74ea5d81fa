import { romeDate } from '@sodalis/contracts';
import { storedAttachmentsOf } from '../attachments/repository.js';
import { lines, plainText, type ResultGroup, type SearchSource } from '../search/sources.js';
import { setupElementPlace } from './places.js';
import {
  findBoardMember,
  findSetupElementById,
  listBoardMembers,
  listSetupElementRows,
} from './repository.js';

const PAGES_GROUP: ResultGroup = {
  kind: 'page',
  label: 'Pagine della società',
  publicDocuments: true,
};

/**
 * The society's page texts and its board as the site search reads them (ADR 025): public,
 * opened at the page that shows them.
 */
export const contentSearchSource: SearchSource = {
  kinds: { setup_element: PAGES_GROUP, board_member: PAGES_GROUP },
  // A board member's CV is not for readers to search: only the page texts' files.
  filesOf: async (db, kind, id) =>
    kind === 'setup_element' ? storedAttachmentsOf(db, 'setup_element', [id]) : [],
  async read(db, kind, id, context) {
    if (kind === 'setup_element') {
      const row = await findSetupElementById(db, id);
      if (row === undefined) return null;
      const { place, pagePath } = setupElementPlace(row.key, context.societyAcronym);
      // Texts shown on reserved pages are not public pages of the society.
      if (pagePath.startsWith('/area-riservata')) return null;
      return {
        description: {
          audience: null,
          visible_from: null,
          title: place,
          // The day of the change in Rome, as every date the site shows.
          date: romeDate(new Date(row.updated_at)),
          link: pagePath,
        },
        text: lines(place, plainText(row.body_html)),
      };
    }
    const row = await findBoardMember(db, id);
    // In the bin it is off the board, so off the search too (ADR 031).
    if (row === undefined || row.deleted_at !== null) return null;
    // The board is shown on the members' page, below its tabs (spec §2.11).
    return {
      description: {
        audience: null,
        visible_from: null,
        title: `${row.name}, ${row.role}`,
        // The day of the change in Rome, as every date the site shows.
        date: romeDate(new Date(row.updated_at)),
        link: '/chi-siamo-iscrizione',
      },
      text: lines(row.name, row.role, 'Consiglio Direttivo'),
    };
  },
  async allIds(db, kind) {
    const rows =
      kind === 'setup_element' ? await listSetupElementRows(db) : await listBoardMembers(db);
    return rows.map((row) => row.id);
  },
};
