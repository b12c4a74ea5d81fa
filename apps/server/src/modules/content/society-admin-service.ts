import {
  ADMIN_MESSAGES,
  SITE_CONTENT_INPUT_SCHEMAS,
  SITE_CONTENT_KEYS,
  SITE_CONTENT_PLACES,
  type AdminAttachment,
  type AdminBoardMember,
  type AdminBoardMemberInputSchema,
  type AdminListQuery,
  type AdminPage,
  type AdminSiteContent,
  type AdminSiteContentSummary,
  type SiteContentByKey,
  type SiteContentKey,
} from '@sodalis/contracts';
import { createHash } from 'node:crypto';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { ContentCache } from '../../cache/content-cache.js';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { containsPattern } from '../../text/search-text.js';
import { saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { logoPng, pngSize, profilePhotoPng } from '../admin/images.js';
import { idPage } from '../admin/list-page.js';
import { attachmentsOf, checkedPdfs, replaceAttachments } from '../admin/uploads.js';

type BoardMemberInput = z.output<typeof AdminBoardMemberInputSchema>;

const BOARD_SORTS: Record<string, string> = {
  sortOrder: 'board_members.sort_order',
  name: 'board_members.name',
  role: 'board_members.role',
  updatedAt: 'board_members.updated_at',
  id: 'board_members.id',
};

/** The CV's area in attachment addresses (`/Documenti/CV/<id>/<name>`, as the demo content). */
const CV_AREA = 'CV';

export interface SocietyAdminDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  contentCache: ContentCache;
  societyAcronym: string;
}

/** An image as the audit log names it: never its bytes. */
function imageLabel(png: Buffer | null): string | null {
  if (png === null) return null;
  const size = pngSize(png);
  const fingerprint = createHash('sha256').update(png).digest('hex').slice(0, 8);
  return `PNG ${size?.width ?? '?'}×${size?.height ?? '?'}, ${Math.max(1, Math.round(png.length / 1024))} KB (${fingerprint})`;
}

/**
 * The society's pages in the back office (issue 10, ADR 016): the board (Consiglio Direttivo)
 * with photo and CV, and the structured site contents of GetContenuti. Every change is audited
 * in its transaction and bumps the content version, so the public pages show it at once.
 */
export class SocietyAdminService {
  constructor(private readonly deps: SocietyAdminDeps) {}

  // --- board members -------------------------------------------------------------------------

  async listBoardMembers(query: AdminListQuery): Promise<AdminPage<AdminBoardMember>> {
    let builder = this.deps.db.selectFrom('board_members');
    if (query.q !== undefined && query.q.trim() !== '') {
      const pattern = containsPattern(query.q);
      builder = builder.where(
        sql<SqlBool>`(lower(board_members.name) like ${pattern} escape '\\' or lower(board_members.role) like ${pattern} escape '\\')`,
      );
    }
    const page = await idPage(builder, query, {
      idColumn: 'board_members.id',
      sortColumns: BOARD_SORTS,
      fallback: 'sortOrder',
    });
    const members = await Promise.all(page.ids.map((id) => this.getBoardMember(id)));
    return { items: members, total: page.total };
  }

  async getBoardMember(id: number): Promise<AdminBoardMember> {
    const row = await this.deps.db
      .selectFrom('board_members')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
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
    };
  }

  /** Creates (id null) or edits a board member; the photo is made a square PNG here. */
  async saveBoardMember(
    actor: Actor,
    id: number | null,
    input: BoardMemberInput,
  ): Promise<AdminBoardMember> {
    // Files are checked (and the photo resized) before the transaction opens.
    const photo =
      input.newPhoto === null ? null : await profilePhotoPng(input.newPhoto.content, 'newPhoto');
    const cv = input.newCv === null ? [] : checkedPdfs([input.newCv], 'newCv');
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const storedPhoto = photo === null ? null : await this.storeImage(photo, stamp);
    const savedId = await this.deps.db.transaction().execute(async (trx) => {
      const before = id === null ? null : await this.boardMemberView(trx, id);
      const existing =
        id === null
          ? undefined
          : await trx
              .selectFrom('board_members')
              .select('photo_sha256')
              .where('id', '=', id)
              .executeTakeFirst();
      if (storedPhoto !== null) await this.recordFile(trx, storedPhoto, stamp);
      const photoSha =
        storedPhoto?.sha256 ?? (input.keepPhoto ? (existing?.photo_sha256 ?? null) : null);
      const values = {
        name: input.name,
        role: input.role,
        sort_order: input.sortOrder,
        photo_sha256: photoSha,
        updated_at: stamp,
      };
      let rowId: number;
      if (id === null) {
        ({ id: rowId } = await trx
          .insertInto('board_members')
          .values({ ...values, created_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow());
      } else {
        rowId = id;
        await trx.updateTable('board_members').set(values).where('id', '=', id).execute();
      }
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
      await this.deps.contentCache.contentChanged(trx);
      return rowId;
    });
    // Also drop an answer this instance computed from the old rows while the change was open.
    await this.deps.contentCache.contentChanged();
    return this.getBoardMember(savedId);
  }

  async removeBoardMember(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const before = await this.boardMemberView(trx, id);
      await trx
        .deleteFrom('attachments')
        .where('owner_kind', '=', 'board_member_cv')
        .where('owner_id', '=', id)
        .execute();
      await trx.deleteFrom('board_members').where('id', '=', id).execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina',
          entity: 'board_member',
          entityId: id,
          summary: `Componente del Consiglio Direttivo eliminato: ${String(before.nome)}`,
          before,
        },
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
    await this.deps.contentCache.contentChanged();
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
    const row = await db
      .selectFrom('board_members')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    return {
      nome: row.name,
      ruolo: row.role,
      ordine: row.sort_order,
      foto:
        row.photo_sha256 === null ? null : imageLabel(await this.deps.files.read(row.photo_sha256)),
      cv: (await this.cvOf(db, id))?.fileName ?? null,
    };
  }

  /** Puts an image's bytes in the file store (content-addressed: harmless if the save fails). */
  private async storeImage(png: Buffer, stamp: string) {
    const stored = await this.deps.files.put(png);
    return { ...stored, createdAt: stamp };
  }

  private async recordFile(
    db: Kysely<Database>,
    stored: { sha256: string; sizeBytes: number },
    stamp: string,
  ): Promise<void> {
    await db
      .insertInto('files')
      .values({
        sha256: stored.sha256,
        size_bytes: stored.sizeBytes,
        content_type: 'image/png',
        created_at: stamp,
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
  }

  // --- structured site contents --------------------------------------------------------------

  private placeOf(key: SiteContentKey): { place: string; pagePath: string } {
    const { place, pagePath } = SITE_CONTENT_PLACES[key];
    return {
      place,
      pagePath: pagePath.replace('{acronimo}', this.deps.societyAcronym.toLowerCase()),
    };
  }

  async listSiteContents(): Promise<AdminPage<AdminSiteContentSummary>> {
    const rows = await this.deps.db
      .selectFrom('site_contents')
      .select(['key', 'updated_at'])
      .execute();
    const byKey = new Map(rows.map((row) => [row.key, row.updated_at]));
    const items = SITE_CONTENT_KEYS.map((key) => ({
      id: key,
      ...this.placeOf(key),
      exists: byKey.has(key),
      updatedAt: byKey.get(key) ?? null,
    }));
    return { items, total: items.length };
  }

  async getSiteContent(key: SiteContentKey): Promise<AdminSiteContent> {
    const row = await this.deps.db
      .selectFrom('site_contents')
      .select(['data_json', 'updated_at'])
      .where('key', '=', key)
      .executeTakeFirst();
    const content = row === undefined ? emptyContent(key) : parsedContent(key, row.data_json);
    return {
      ...content,
      id: key,
      ...this.placeOf(key),
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
    const current = await this.deps.db
      .selectFrom('site_contents')
      .select('data_json')
      .where('key', '=', key)
      .executeTakeFirst();
    const previous = current === undefined ? null : parsedContent(key, current.data_json);
    const content = await this.checkedContent(key, body, previous);
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('site_contents')
        .select('data_json')
        .where('key', '=', key)
        .executeTakeFirst();
      const json = JSON.stringify(content);
      if (row === undefined) {
        await trx
          .insertInto('site_contents')
          .values({ key, data_json: json, updated_at: stamp })
          .execute();
      } else {
        await trx
          .updateTable('site_contents')
          .set({ data_json: json, updated_at: stamp })
          .where('key', '=', key)
          .execute();
      }
      const before = row === undefined ? null : auditView(parsedContent(key, row.data_json));
      const after = auditView(content);
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'site_content',
            entityId: key,
            summary: `Contenuto "${this.placeOf(key).place}" ${before === null ? 'creato' : 'modificato'}`,
          },
          before,
          after,
        ),
        now,
      );
      await this.deps.contentCache.contentChanged(trx);
    });
    await this.deps.contentCache.contentChanged();
    return this.getSiteContent(key);
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

/** A content with nothing yet: the edit screen starts from it. */
function emptyContent(key: SiteContentKey): Record<string, unknown> {
  switch (key) {
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

function parsedContent(key: SiteContentKey, json: string): Record<string, unknown> {
  const content = JSON.parse(json) as Record<string, unknown>;
  if (key === 'cookie-policy' && typeof content.corpo === 'string')
    content.corpo = sanitizeRichText(content.corpo);
  return content;
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
