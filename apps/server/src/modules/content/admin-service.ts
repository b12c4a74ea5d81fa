import {
  ABOUT_DEFAULT,
  ADMIN_MESSAGES,
  everyExternalLink,
  EXTERNAL_LINKS_DEFAULT,
  HOME_DEFAULT,
  SETUP_ELEMENT_KEYS,
  SITE_CONTENT_INPUT_SCHEMAS,
  SITE_CONTENT_PLACES,
  SOCIETY_CONTENT_KEYS,
  type AdminAttachment,
  type AdminAuditEntry,
  type AdminBinItem,
  type AdminBoardMember,
  type AdminBoardMemberInputSchema,
  type AdminListQuery,
  type AdminPage,
  type AdminSetupElement,
  type AdminSetupElementInputSchema,
  type AdminSetupElementSummary,
  type AdminSiteContent,
  type AdminSiteContentSummary,
  type ExternalLinksContent,
  type SiteContentByKey,
  type SiteContentKey,
} from '@sodalis/contracts';
import { createHash } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import { takeNextVersion } from '../admin/versions.js';
import type { Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { searchText } from '../../text/search-text.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { RecordBin, versionBefore } from '../admin/undo.js';
import type { SearchIndexer } from '../search/indexer.js';
import { logoPng, pngSize, profilePhotoPng } from '../admin/images.js';
import { checkedPdfs, replaceAttachments } from '../admin/uploads.js';
import {
  attachmentsOf,
  fileNames,
  forgetStoredFiles,
  recordStoredFile,
} from '../attachments/repository.js';
import {
  boardMemberBinQueries,
  boardMemberPage,
  boardPhotosOf,
  deleteBoardMember,
  findBoardMember,
  findSetupElementByKey,
  findSiteContent,
  listSetupElementRows,
  listSiteContentRows,
  setupElementAttachmentCounts,
  unusedBoardPhotos,
  writeBoardMember,
  writeSetupElement,
  writeSiteContent,
  boardMemberVersions,
  setupElementVersions,
} from './repository.js';
import { setupElementPlace } from './places.js';
import { parsedSiteContent } from './service.js';
import { ShareImageAdminService } from './share-image-admin-service.js';
import type { ImageFiles } from '../../files/image-files.js';

type SetupElementInput = z.output<typeof AdminSetupElementInputSchema>;
type BoardMemberInput = z.output<typeof AdminBoardMemberInputSchema>;

/** The CV's area in attachment addresses (`/Documenti/CV/<id>/<name>`, as the demo content). */
const CV_AREA = 'CV';

/** The keys of spec §3 are listed first, in the spec's order. */
const SPEC_SETUP_KEYS: readonly string[] = SETUP_ELEMENT_KEYS;

export interface ContentAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  /** Whether an image file is still used by any record (ADR 034, 052). */
  imageFiles: ImageFiles;
  contentCache: ContentCache;
  societyAcronym: string;
  searchIndex: SearchIndexer;
}

/** An image as the audit log names it: never its bytes. */
function imageLabel(png: Buffer | null): string | null {
  if (png === null) return null;
  const size = pngSize(png);
  const fingerprint = createHash('sha256').update(png).digest('hex').slice(0, 8);
  return `PNG ${size?.width ?? '?'}×${size?.height ?? '?'}, ${Math.max(1, Math.round(png.length / 1024))} KB (${fingerprint})`;
}

/**
 * The society's content in the back office (docs/decisions/013-back-office.md, 016): the page
 * texts (setup elements of spec §3) with their PDFs, the board (Consiglio Direttivo) with photo
 * and CV, and the structured site contents of GetContenuti (ADR 009). Every change is audited in
 * its transaction and bumps the content version, so the public pages show it at once.
 */
export class ContentAdminService {
  /** The board's bin (ADR 031): the shared rules over the board's table. */
  private readonly boardBin: RecordBin;

  /** The pages' share image (ADR 034, amended), on the same publishing rules. */
  readonly shareImage: ShareImageAdminService;

  constructor(private readonly deps: ContentAdminDeps) {
    const { contentCache, searchIndex } = deps;
    this.shareImage = new ShareImageAdminService(deps, (change) => this.publish(change));
    this.boardBin = new RecordBin(deps, {
      entity: 'board_member',
      words: {
        binned: 'Componente del Consiglio Direttivo spostato nel cestino',
        restored: 'Componente del Consiglio Direttivo ripristinato dal cestino',
        deleted: 'Componente del Consiglio Direttivo eliminato definitivamente',
      },
      view: (db, id) => this.boardMemberView(db, id),
      titleOf: (view) => String(view.nome),
      bin: boardMemberBinQueries,
      // With the CV's attachment row; the photo's file goes after the commit if unused.
      deleteForGood: deleteBoardMember,
      filesOf: boardPhotosOf,
      dropUnusedFiles: (hashes) => this.dropUnusedPhotos(hashes),
      // The board is on /chi-siamo, a cached public page (ADR 005), and in the site search (ADR
      // 025): in or out of the bin, both follow.
      changed: async (trx, id, onSite) => {
        if (onSite) await searchIndex.recordChanged(trx, 'board_member', id);
        else await searchIndex.recordRemoved(trx, 'board_member', id);
        await contentCache.contentChanged(trx);
      },
      afterCommit: () => contentCache.contentChanged(),
    });
  }

  /**
   * Runs a change of public content in one transaction that also bumps the content version,
   * then drops again what this instance cached while the change was open (ADR 005).
   */
  private async publish<T>(change: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    const result = await this.deps.db.transaction().execute(async (trx) => {
      const value = await change(trx);
      await this.deps.contentCache.contentChanged(trx);
      return value;
    });
    await this.deps.contentCache.contentChanged();
    return result;
  }

  // --- setup elements ------------------------------------------------------------------------
  // Every key of spec §3 is listed; one without a row yet shows `exists: false` and is created
  // on its first save.

  async listSetupElements(query: {
    q?: string | undefined;
  }): Promise<AdminPage<AdminSetupElementSummary>> {
    const rows = await listSetupElementRows(this.deps.db);
    const countById = await setupElementAttachmentCounts(this.deps.db);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    // Spec keys first, in the spec's order, then any other key a former back end left.
    const keys = [
      ...SPEC_SETUP_KEYS,
      ...rows.map((row) => row.key).filter((key) => !SPEC_SETUP_KEYS.includes(key)),
    ];
    const text = searchText(query.q ?? '');
    const items = keys
      .map((key) => {
        const row = byKey.get(key);
        return {
          id: key,
          ...setupElementPlace(key, this.deps.societyAcronym),
          exists: row !== undefined,
          attachmentCount: row === undefined ? 0 : (countById.get(row.id) ?? 0),
          updatedAt: row?.updated_at ?? null,
        };
      })
      .filter((item) => text === '' || searchText(`${item.id} ${item.place}`).includes(text));
    return { items, total: items.length };
  }

  async getSetupElement(key: string): Promise<AdminSetupElement> {
    const summary = (await this.listSetupElements({})).items.find((item) => item.id === key);
    if (summary === undefined) throw new AppError('notFound');
    const row = await findSetupElementByKey(this.deps.db, key);
    return {
      ...summary,
      bodyHtml: row === undefined ? '' : sanitizeRichText(row.body_html),
      attachments:
        row === undefined
          ? []
          : ((await attachmentsOf(this.deps.db, 'setup_element', [row.id])).get(row.id) ?? []),
      version: row?.version ?? 0,
    };
  }

  /**
   * Writes a page text. `version`: the one its form was read at (ADR 041); a text never saved
   * is at 0, so of two first saves from two tabs the second is refused as well.
   */
  async saveSetupElement(
    actor: Actor,
    key: string,
    input: SetupElementInput,
    version: number | null = null,
  ): Promise<AdminSetupElement> {
    if (!(await this.listSetupElements({})).items.some((item) => item.id === key))
      throw new AppError('notFound');
    const pdfs = await checkedPdfs(input.newAttachments, 'newAttachments');
    const now = this.deps.clock();
    const bodyHtml = sanitizeRichText(input.bodyHtml);
    await this.publish(async (trx) => {
      const existing = await findSetupElementByKey(trx, key);
      if (existing !== undefined) {
        await takeNextVersion(trx, setupElementVersions, existing.id, version);
      } else if (version !== null && version !== 0) {
        throw new AppError('editConflict');
      }
      const before =
        existing === undefined
          ? null
          : {
              testo: existing.body_html,
              allegati: await fileNames(trx, 'setup_element', existing.id),
            };
      const id = await writeSetupElement(trx, existing?.id ?? null, {
        key,
        bodyHtml,
        updatedAt: now.toISOString(),
      });
      const names = await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'setup_element', id, area: 'Setup' },
        input.keptAttachmentIds,
        pdfs,
        now.toISOString(),
      );
      await this.deps.searchIndex.recordChanged(trx, 'setup_element', id);
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'setup_element',
            entityId: key,
            summary: `Testo "${setupElementPlace(key, this.deps.societyAcronym).place}" ${before === null ? 'creato' : 'modificato'}`,
          },
          before,
          { testo: bodyHtml, allegati: names },
        ),
        now,
      );
    });
    return this.getSetupElement(key);
  }

  /** A page text's history from the audit log, newest first (ADR 031); 404 for an unknown key. */
  async setupElementHistory(key: string): Promise<AdminAuditEntry[]> {
    await this.getSetupElement(key);
    return historyOf(this.deps.db, 'setup_element', key);
  }

  /**
   * "Annulla questa modifica" on a page text (ADR 031): the text the entry replaced is saved
   * again, as a new audited edit; its PDFs stay as they are (the log keeps their names only).
   */
  async rollbackSetupElement(
    actor: Actor,
    key: string,
    auditId: number,
  ): Promise<AdminSetupElement> {
    const current = await this.getSetupElement(key);
    const before = await versionBefore(this.deps.db, 'setup_element', key, auditId);
    return this.saveSetupElement(actor, key, {
      bodyHtml: 'testo' in before ? String(before.testo) : current.bodyHtml,
      keptAttachmentIds: current.attachments.map((attachment) => attachment.id),
      newAttachments: [],
    });
  }

  // --- board members -------------------------------------------------------------------------

  async listBoardMembers(query: AdminListQuery): Promise<AdminPage<AdminBoardMember>> {
    const page = await boardMemberPage(this.deps.db, query);
    const members = await Promise.all(page.ids.map((id) => this.getBoardMember(id)));
    return { items: members, total: page.total };
  }

  async getBoardMember(id: number): Promise<AdminBoardMember> {
    const row = await findBoardMember(this.deps.db, id);
    // A member in the bin is read only through the bin (ADR 031).
    if (row === undefined || row.deleted_at !== null) throw new AppError('notFound');
    const cv = await this.cvOf(this.deps.db, id);
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      sortOrder: row.sort_order,
      photo:
        row.photo_sha256 === null
          ? null
          : (await this.deps.files.read(row.photo_sha256)).toString('base64'),
      cv,
      updatedAt: row.updated_at,
      version: row.version,
    };
  }

  /** Creates (id null) or edits a board member; the photo is made a square PNG here. */
  async saveBoardMember(
    actor: Actor,
    id: number | null,
    input: BoardMemberInput,
    version: number | null = null,
  ): Promise<AdminBoardMember> {
    // Files are checked (and the photo resized) before the transaction opens.
    const photo =
      input.newPhoto === null ? null : await profilePhotoPng(input.newPhoto.content, 'newPhoto');
    const cv = input.newCv === null ? [] : await checkedPdfs([input.newCv], 'newCv');
    const now = this.deps.clock();
    const stamp = now.toISOString();
    // Content-addressed: a blob of a save that then rolls back is harmless.
    const storedPhoto = photo === null ? null : await this.deps.files.put(photo);
    const savedId = await this.publish(async (trx) => {
      // First, so the row is this save's until it commits (ADR 041).
      if (id !== null) await takeNextVersion(trx, boardMemberVersions, id, version);
      const before = id === null ? null : await this.boardMemberView(trx, id);
      if (before?.nelCestino === true) throw new AppError('notFound');
      const existing = id === null ? undefined : await findBoardMember(trx, id);
      if (storedPhoto !== null) await recordStoredFile(trx, storedPhoto, 'image/png', stamp);
      const rowId = await writeBoardMember(trx, id, {
        name: input.name,
        role: input.role,
        sort_order: input.sortOrder,
        photo_sha256:
          storedPhoto?.sha256 ?? (input.keepPhoto ? (existing?.photo_sha256 ?? null) : null),
        updated_at: stamp,
      });
      await this.deps.searchIndex.recordChanged(trx, 'board_member', rowId);
      const keptCv = cv.length === 0 && input.keepCv ? await this.cvOf(trx, rowId) : null;
      await replaceAttachments(
        trx,
        this.deps.files,
        { kind: 'board_member_cv', id: rowId, area: CV_AREA },
        keptCv === null ? [] : [keptCv.id],
        cv,
        stamp,
      );
      const after = await this.boardMemberView(trx, rowId);
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'board_member',
            entityId: rowId,
            summary: `Componente del Consiglio Direttivo ${before === null ? 'aggiunto' : 'modificato'}: ${input.name}`,
          },
          before,
          after,
        ),
        now,
      );
      return rowId;
    });
    return this.getBoardMember(savedId);
  }

  /** "Elimina" moves the member to the bin (ADR 031): off /chi-siamo and the list, restorable. */
  removeBoardMember(actor: Actor, id: number): Promise<void> {
    return this.boardBin.moveToBin(actor, id);
  }

  /** The board's bin, most recently deleted first, after dropping what has been there too long. */
  listBoardBin(): Promise<AdminPage<AdminBinItem>> {
    return this.boardBin.list();
  }

  /** Takes a member out of the bin, as it was (back on /chi-siamo). */
  async restoreBoardMember(actor: Actor, id: number): Promise<AdminBoardMember> {
    await this.boardBin.restore(actor, id);
    return this.getBoardMember(id);
  }

  /** Deletes binned members for good: one (`id`) or the whole bin (null). */
  emptyBoardBin(actor: Actor, id: number | null): Promise<void> {
    return this.boardBin.empty(actor, id);
  }

  /** Deletes for good the members in the bin BIN_DAYS days; answers how many went. */
  purgeExpired(): Promise<number> {
    return this.boardBin.purgeExpired();
  }

  /** The member's history from the audit log, newest first (ADR 031). */
  async boardMemberHistory(id: number): Promise<AdminAuditEntry[]> {
    await this.getBoardMember(id);
    return historyOf(this.deps.db, 'board_member', id);
  }

  /**
   * "Annulla questa modifica" (ADR 031): name, role and order the entry replaced are saved
   * again, as a new audited edit; the photo and the CV stay as they are (the log keeps a photo's
   * fingerprint and a CV's name, never their bytes).
   */
  async rollbackBoardMember(actor: Actor, id: number, auditId: number): Promise<AdminBoardMember> {
    const current = await this.getBoardMember(id);
    const before = await versionBefore(this.deps.db, 'board_member', id, auditId);
    return this.saveBoardMember(actor, id, {
      name: 'nome' in before ? String(before.nome) : current.name,
      role: 'ruolo' in before ? String(before.ruolo) : current.role,
      sortOrder: 'ordine' in before ? Number(before.ordine) : current.sortOrder,
      keepPhoto: true,
      newPhoto: null,
      keepCv: true,
      newCv: null,
    });
  }

  /** Removes, after the commit, the photos of members deleted for good that no member uses. */
  private async dropUnusedPhotos(hashes: string[]): Promise<void> {
    const unused = await unusedBoardPhotos(this.deps.db, hashes);
    await forgetStoredFiles(this.deps.db, unused);
    for (const hash of unused) await this.deps.files.remove(hash);
  }

  /** The board member's CV (one file at most). */
  private async cvOf(db: Kysely<Database>, id: number): Promise<AdminAttachment | null> {
    return (await attachmentsOf(db, 'board_member_cv', [id])).get(id)?.[0] ?? null;
  }

  /** What the audit log keeps of a board member (Italian field names, no bytes). */
  private async boardMemberView(
    db: Kysely<Database>,
    id: number,
  ): Promise<Record<string, unknown>> {
    const row = await findBoardMember(db, id);
    if (row === undefined) throw new AppError('notFound');
    return {
      nome: row.name,
      ruolo: row.role,
      ordine: row.sort_order,
      foto:
        row.photo_sha256 === null ? null : imageLabel(await this.deps.files.read(row.photo_sha256)),
      cv: (await this.cvOf(db, id))?.fileName ?? null,
      ...(row.deleted_at === null ? {} : { nelCestino: true }),
    };
  }

  // --- structured site contents --------------------------------------------------------------

  private siteContentPlace(key: SiteContentKey): { place: string; pagePath: string } {
    const { place, pagePath } = SITE_CONTENT_PLACES[key];
    return {
      place,
      pagePath: pagePath.replace('{acronimo}', this.deps.societyAcronym.toLowerCase()),
    };
  }

  /**
   * The contents of one screen: the society's facts by default, or the home's, /chi-siamo's and
   * the links' texts (ADR 035).
   */
  async listSiteContents(
    keys: readonly SiteContentKey[] = SOCIETY_CONTENT_KEYS,
  ): Promise<AdminPage<AdminSiteContentSummary>> {
    const rows = await listSiteContentRows(this.deps.db);
    const byKey = new Map(rows.map((row) => [row.key, row.updated_at]));
    const items = keys.map((key) => ({
      id: key,
      ...this.siteContentPlace(key),
      exists: byKey.has(key),
      updatedAt: byKey.get(key) ?? null,
    }));
    return { items, total: items.length };
  }

  async getSiteContent(key: SiteContentKey): Promise<AdminSiteContent> {
    const row = await findSiteContent(this.deps.db, key);
    const stored = row === undefined ? emptyContent(key) : parsedSiteContent(key, row.data_json);
    // The links' screen is one row per kind: a kind added since the last save shows its default.
    const content =
      key === 'collegamenti'
        ? everyExternalLink(stored as unknown as ExternalLinksContent)
        : stored;
    return {
      ...content,
      id: key,
      ...this.siteContentPlace(key),
      exists: row !== undefined,
      updatedAt: row?.updated_at ?? null,
    };
  }

  /** Saves a content (created on its first save): checked by its key's schema, audited. */
  async saveSiteContent(
    actor: Actor,
    key: SiteContentKey,
    body: unknown,
  ): Promise<AdminSiteContent> {
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const current = await findSiteContent(this.deps.db, key);
    const previous = current === undefined ? null : parsedSiteContent(key, current.data_json);
    const content = await this.checkedContent(key, body, previous);
    await this.publish(async (trx) => {
      const row = await findSiteContent(trx, key);
      await writeSiteContent(trx, row !== undefined, {
        key,
        json: JSON.stringify(content),
        updatedAt: stamp,
      });
      const before = row === undefined ? null : auditView(parsedSiteContent(key, row.data_json));
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'site_content',
            entityId: key,
            summary: `Contenuto "${this.siteContentPlace(key).place}" ${before === null ? 'creato' : 'modificato'}`,
          },
          before,
          auditView(content),
        ),
        now,
      );
    });
    return this.getSiteContent(key);
  }

  /** A content's history from the audit log, newest first (ADR 031). */
  siteContentHistory(key: SiteContentKey): Promise<AdminAuditEntry[]> {
    return historyOf(this.deps.db, 'site_content', key);
  }

  /**
   * "Annulla questa modifica" on a content (ADR 031): the fields the entry replaced are saved
   * again over the current ones, checked by the key's schema as any save, as a new audited edit.
   * The log names a supporter's logo by its fingerprint: a logo still stored comes back, one
   * since replaced cannot, and the rollback is refused.
   */
  async rollbackSiteContent(
    actor: Actor,
    key: SiteContentKey,
    auditId: number,
  ): Promise<AdminSiteContent> {
    const before = await versionBefore(this.deps.db, 'site_content', key, auditId);
    const row = await findSiteContent(this.deps.db, key);
    const current = row === undefined ? emptyContent(key) : parsedSiteContent(key, row.data_json);
    const restored: Record<string, unknown> = { ...current, ...before };
    if (Array.isArray(before.aziende)) restored.aziende = logosBack(before.aziende, current);
    return this.saveSiteContent(actor, key, restored);
  }

  /** The body checked by its key's schema; rich text sanitised; new logos made PNGs. */
  private async checkedContent(
    key: SiteContentKey,
    body: unknown,
    previous: Record<string, unknown> | null,
  ): Promise<Record<string, unknown>> {
    switch (key) {
      case 'contatti':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS.contatti, body);
      case 'dati-legali':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS['dati-legali'], body);
      case 'presidenti':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS.presidenti, body);
      case 'home':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS.home, body);
      case 'chi-siamo':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS['chi-siamo'], body);
      case 'collegamenti':
        return parseInput(SITE_CONTENT_INPUT_SCHEMAS.collegamenti, body);
      case 'cookie-policy': {
        const input = parseInput(SITE_CONTENT_INPUT_SCHEMAS['cookie-policy'], body);
        const corpo = sanitizeRichText(input.corpo);
        if (corpo.replace(/<[^>]*>/g, '').trim() === '')
          throw new AppError('invalidRequest', [
            { path: 'corpo', message: ADMIN_MESSAGES.required },
          ]);
        return { data: input.data, corpo };
      }
      case 'sostenitori': {
        const input = parseInput(SITE_CONTENT_INPUT_SCHEMAS.sostenitori, body);
        // A logo already stored comes back unchanged and is kept as it is; any other is an
        // upload, checked by its bytes and fitted into a square PNG.
        const stored = new Set(
          ((previous as SiteContentByKey['sostenitori'] | null)?.aziende ?? []).map(
            (company) => company.logo,
          ),
        );
        const aziende = [];
        for (const [index, company] of input.aziende.entries()) {
          const logo = stored.has(company.logo)
            ? company.logo
            : (await logoPng(company.logo, `aziende.${index}.logo`)).toString('base64');
          aziende.push({ ...company, logo });
        }
        return { aziende };
      }
    }
  }
}

/** A content with nothing yet: the edit screen starts from it (the texts from their defaults). */
function emptyContent(key: SiteContentKey): Record<string, unknown> {
  switch (key) {
    case 'home':
      return { ...HOME_DEFAULT };
    case 'chi-siamo':
      return { ...ABOUT_DEFAULT };
    case 'collegamenti':
      return { ...EXTERNAL_LINKS_DEFAULT };
    case 'contatti':
      return { indirizzo: '', telefono: '', social: { etichetta: '', url: '' }, email: [] };
    case 'dati-legali':
      return { righe: [] };
    case 'sostenitori':
      return { aziende: [] };
    case 'presidenti':
      return { presidenti: [] };
    case 'cookie-policy':
      return { data: '', corpo: '' };
  }
}

/**
 * A version's supporters with their logos back: each label of the log (`auditView`) matched to
 * a logo still stored; refused when one is no longer there.
 */
function logosBack(
  companies: unknown[],
  current: Record<string, unknown>,
): SiteContentByKey['sostenitori']['aziende'] {
  type Company = SiteContentByKey['sostenitori']['aziende'][number];
  const stored = new Map<unknown, string>(
    ((current.aziende as Company[] | undefined) ?? []).map((company) => [
      company.logo === '' ? null : imageLabel(Buffer.from(company.logo, 'base64')),
      company.logo,
    ]),
  );
  // The log's companies: their fields as saved, the logo as its label (or null).
  return (companies as Company[]).map((company) => {
    const logo = stored.get(company.logo as unknown);
    if (logo === undefined) {
      throw new AppError('invalidRequest', [
        {
          path: 'auditId',
          message:
            'Il logo di un’azienda di quella versione non è più salvato: non si può ripristinare.',
        },
      ]);
    }
    return { ...company, logo };
  });
}

/** A content as the audit log keeps it: logos by size and fingerprint, never their bytes. */
function auditView(content: Record<string, unknown>): Record<string, unknown> {
  const aziende = content.aziende;
  if (!Array.isArray(aziende)) return content;
  return {
    ...content,
    aziende: (aziende as SiteContentByKey['sostenitori']['aziende']).map((company) => ({
      ...company,
      logo: company.logo === '' ? null : imageLabel(Buffer.from(company.logo, 'base64')),
    })),
  };
}
