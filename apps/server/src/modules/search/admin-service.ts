import {
  UNSEARCHABLE_REASONS,
  type AdminPage,
  type AdminUnsearchableDocument,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { unsearchableDocuments } from './repository.js';

/** What each attachment owner is called in the staff list. */
const OWNER_NAMES: Readonly<Record<string, string>> = {
  article: 'Notizia',
  recommendation: 'Raccomandazione',
  assembly: 'Assemblea',
  press_review: 'Rassegna stampa',
  magazine_issue: 'Numero della rivista',
  magazine_article: 'Articolo della rivista',
  setup_element: 'Testo del sito',
};

/** The back office's view of the site search (ADR 025): PDFs whose text cannot be searched. */
export class SearchAdminService {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

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
}
