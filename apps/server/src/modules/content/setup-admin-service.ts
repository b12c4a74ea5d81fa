import type {
  AdminPage,
  AdminSetupElement,
  AdminSetupElementInputSchema,
  AdminSetupElementSummary,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
// The keys of spec §3 (the demo content fills each of them).
import { SETUP_ELEMENT_KEYS } from '../../db/seed/demo-data.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { searchText } from '../../text/search-text.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { attachmentsOf, checkedPdfs, fileNames, replaceAttachments } from '../admin/uploads.js';

/** Where each key appears on the site (spec §2.11, §2.12, §2.9, §2.10). */
function placeOf(key: string, acronym: string): { place: string; pagePath: string } {
  const organisation = `/chi-siamo-${acronym.toLowerCase()}`;
  const tab = (prefix: string) => key.slice(prefix.length).replace(/-/g, ' ');
  if (key.startsWith('chisiamo-organizzazione-'))
    return {
      place: `Chi siamo ${acronym}, scheda ${tab('chisiamo-organizzazione-')}`,
      pagePath: organisation,
    };
  if (key.startsWith('chisiamo-soci-'))
    return {
      place: `Iscrizione Soci, scheda ${tab('chisiamo-soci-')}`,
      pagePath: '/chi-siamo-iscrizione',
    };
  if (key.startsWith('chisiamo-affiliati-'))
    return {
      place: `Affiliati, scheda ${tab('chisiamo-affiliati-')}`,
      pagePath: '/chi-siamo-affiliati',
    };
  if (key.startsWith('chisiamo-sostenitori-'))
    return { place: 'Sostenitori', pagePath: '/chi-siamo-sostenitori' };
  if (key === 'pareri-intro')
    return {
      place: 'Pareri del Consiglio Direttivo, introduzione',
      pagePath: '/area-riservata-pareri',
    };
  if (key === 'patrocini-richiesta')
    return { place: 'Patrocini, scheda Richiesta', pagePath: '/patrocini' };
  if (key === 'rivista-intro')
    return {
      place: 'Il Servizio Trasfusionale, introduzione',
      pagePath: '/area-riservata-servizio-trasfusionale',
    };
  if (key === 'modulo-abbonamento-attivo')
    return { place: 'Chi siamo, modulo di abbonamento', pagePath: '/chi-siamo' };
  return { place: key, pagePath: '/' };
}

export interface SetupAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
  societyAcronym: string;
}

/**
 * Setup elements in the back office (issue 10): every key of spec §3, edited as rich text with
 * PDFs. A key without a row yet is listed (`exists: false`) and created on its first save.
 */
export class SetupAdminService {
  constructor(private readonly deps: SetupAdminDeps) {}

  private keys(): string[] {
    return [...SETUP_ELEMENT_KEYS];
  }

  async list(query: { q?: string | undefined }): Promise<AdminPage<AdminSetupElementSummary>> {
    const { db } = this.deps;
    const rows = await db
      .selectFrom('setup_elements')
      .select(['id', 'key', 'updated_at'])
      .execute();
    const counts = await db
      .selectFrom('attachments')
      .select(['owner_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('owner_kind', '=', 'setup_element')
      .groupBy('owner_id')
      .execute();
    const countById = new Map(counts.map((row) => [row.owner_id, Number(row.count)]));
    const byKey = new Map(rows.map((row) => [row.key, row]));
    // Spec keys first, in the spec's order, then any other key a former back end left.
    const keys = [
      ...this.keys(),
      ...rows.map((row) => row.key).filter((key) => !this.keys().includes(key)),
    ];
    const text = searchText(query.q ?? '');
    const items = keys
      .map((key) => {
        const row = byKey.get(key);
        return {
          id: key,
          ...placeOf(key, this.deps.societyAcronym),
          exists: row !== undefined,
          attachmentCount: row === undefined ? 0 : (countById.get(row.id) ?? 0),
          updatedAt: row?.updated_at ?? null,
        };
      })
      .filter((item) => text === '' || searchText(`${item.id} ${item.place}`).includes(text));
    return { items, total: items.length };
  }

  async get(key: string): Promise<AdminSetupElement> {
    const summary = (await this.list({})).items.find((item) => item.id === key);
    if (summary === undefined) throw new AppError('notFound');
    const row = await this.deps.db
      .selectFrom('setup_elements')
      .select(['id', 'body_html'])
      .where('key', '=', key)
      .executeTakeFirst();
    return {
      ...summary,
      bodyHtml: row === undefined ? '' : sanitizeRichText(row.body_html),
      attachments:
        row === undefined
          ? []
          : ((await attachmentsOf(this.deps.db, 'setup_element', [row.id])).get(row.id) ?? []),
    };
  }

  async save(
    actor: Actor,
    key: string,
    input: z.output<typeof AdminSetupElementInputSchema>,
  ): Promise<AdminSetupElement> {
    if (!(await this.list({})).items.some((item) => item.id === key))
      throw new AppError('notFound');
    const pdfs = checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const bodyHtml = sanitizeRichText(input.bodyHtml);
    await this.deps.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('setup_elements')
        .select(['id', 'body_html'])
        .where('key', '=', key)
        .executeTakeFirst();
      const before =
        existing === undefined
          ? null
          : {
              testo: existing.body_html,
              allegati: await fileNames(trx, 'setup_element', existing.id),
            };
      let id: number;
      if (existing === undefined) {
        ({ id } = await trx
          .insertInto('setup_elements')
          .values({ key, body_html: bodyHtml, updated_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        id = existing.id;
        await trx
          .updateTable('setup_elements')
          .set({ body_html: bodyHtml, updated_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
      }
      const names = await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'setup_element', id, area: 'Setup' },
        input.keptAttachmentIds,
        pdfs,
        now.toISOString(),
      );
      const after = { testo: bodyHtml, allegati: names };
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'setup_element',
            entityId: key,
            summary: `Testo "${placeOf(key, this.deps.societyAcronym).place}" ${before === null ? 'creato' : 'modificato'}`,
          },
          before,
          after,
        ),
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
    // See NewsAdminService.afterCommit: this instance drops what it computed meanwhile.
    await this.deps.contentCache.contentChanged();
    return this.get(key);
  }
}
