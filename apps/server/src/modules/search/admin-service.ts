import {
  adminListHref,
  UNSEARCHABLE_REASONS,
  type AdminPage,
  type AdminUnsearchableDocument,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import type { SearchIndexer } from './indexer.js';
import { countUnsearchableDocuments, unsearchableDocuments } from './repository.js';

/** What each attachment owner is called in the staff list. */
const OWNER_NAMES: Readonly<Record<string, string>> = {
  article: 'Notizia',
  recommendation: 'Raccomandazione',
  assembly: 'Assemblea',
  press_review: 'Rassegna stampa',
  magazine_issue: 'Numero della rivista',
  magazine_article: 'Articolo della rivista',
  setup_element: 'Testo del sito',
  transparency_publication: 'Società trasparente',
};

/** The back office's list of PDFs the search cannot read (its resource name). */
export const UNSEARCHABLE_RESOURCE = 'documenti-non-ricercabili';

/** The dashboard's count (ADR 023): PDFs whose text the site search cannot read. */
export const searchPendingWork: PendingWorkProvider = async (db) => [
  {
    key: 'documenti-non-ricercabili',
    label: 'Documenti PDF non ricercabili',
    count: await countUnsearchableDocuments(db),
    href: adminListHref(UNSEARCHABLE_RESOURCE),
  },
];

/**
 * The back office's view of the site search (ADR 025): PDFs whose text cannot be searched,
 * and reading one of them again.
 */
export class SearchAdminService {
  constructor(private readonly deps: { db: Kysely<Database>; searchIndex: SearchIndexer }) {}

  async listUnsearchable(): Promise<AdminPage<AdminUnsearchableDocument>> {
    const rows = await unsearchableDocuments(this.deps.db);
    const items = rows.map((row) => ({
      id: row.id,
      fileName: row.file_name,
      serverRelativeUrl: row.server_relative_url,
      owner: `${OWNER_NAMES[row.owner_kind] ?? row.owner_kind} n. ${row.owner_id}`,
      state: 'non ricercabile' as const,
      reason: row.status === 'no_text' ? UNSEARCHABLE_REASONS.no_text : UNSEARCHABLE_REASONS.failed,
      updatedAt: row.updated_at,
    }));
    return { items, total: items.length };
  }

  /**
   * "Riprova l'estrazione": the PDF is read again by the outbox (after a fix of the reader, or
   * a file that failed for a passing reason). 404 for a PDF not listed as non ricercabile.
   */
  async retryExtraction(attachmentId: number): Promise<void> {
    if (!(await this.deps.searchIndex.retryExtraction(attachmentId)))
      throw new AppError('notFound');
  }
}
