import {
  DEFAULT_FILE_NAME,
  type BoardMember,
  type Fee,
  type FileContent,
  type PageSetupElement,
  type SetupElement,
  type SiteContent,
  type SiteContentKey,
  type ShareImage,
  romeDate,
} from '@sodalis/contracts';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ShareImageTable } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { AppError } from '../../http/app-error.js';
import { type Clock } from '../../text/dates.js';
import { sanitizeRichText } from '../../text/rich-text.js';
import { attachmentsByOwner } from '../attachments/repository.js';
import {
  findBoardMember,
  findPublicAttachment,
  findSetupElements,
  findShareImage,
  findSiteContents,
  listActiveFees,
  listBoardMembers,
} from './repository.js';

/** A stored site content read back: the cookie policy's HTML sanitised on the way out. */
export function parsedSiteContent(key: SiteContentKey, json: string): Record<string, unknown> {
  const content = JSON.parse(json) as Record<string, unknown>;
  if (key === 'cookie-policy' && typeof content.corpo === 'string')
    content.corpo = sanitizeRichText(content.corpo);
  return content;
}

export interface ContentServiceDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
}

/** A public file to stream: its bytes' address, name, type and size. */
export interface PublicFile {
  sha256: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

/**
 * The society's content (spec §3, §7): setup elements, the board, CVs, structured site
 * contents and public documents. Rich text leaves here sanitised.
 */
export class ContentService {
  constructor(private readonly deps: ContentServiceDeps) {}

  /** Setup elements for pages: in the order asked, unknown keys left out, files as links. */
  async pageSetupElements(keys: string[]): Promise<PageSetupElement[]> {
    return (await this.setupElementsWithFiles(keys)).map(({ element, files }) => ({
      ...element,
      attachments: files.map(({ fileName, serverRelativeUrl }) => ({
        fileName,
        serverRelativeUrl,
      })),
    }));
  }

  /** GetSetupData (spec §7): the same, with each attachment's base64 `content`. */
  async setupData(keys: string[]): Promise<SetupElement[]> {
    return Promise.all(
      (await this.setupElementsWithFiles(keys)).map(async ({ element, files }) => ({
        ...element,
        attachments: await Promise.all(
          files.map(async ({ fileName, serverRelativeUrl, sha256 }) => ({
            fileName,
            serverRelativeUrl,
            content: (await this.deps.files.read(sha256)).toString('base64'),
          })),
        ),
      })),
    );
  }

  /** Elements by key in the order asked (unknown keys left out), sanitised, with their files. */
  private async setupElementsWithFiles(keys: string[]) {
    const rows = await findSetupElements(this.deps.db, keys);
    const attachments = await attachmentsByOwner(
      this.deps.db,
      'setup_element',
      rows.map((row) => row.id),
    );
    const byKey = new Map(rows.map((row) => [row.key, row]));
    return keys.flatMap((key) => {
      const row = byKey.get(key);
      if (row === undefined) return [];
      const element = { title: row.key, corpo: sanitizeRichText(row.body_html) };
      const files = (attachments.get(row.id) ?? []).map((attachment) => ({
        fileName: attachment.file_name,
        serverRelativeUrl: attachment.server_relative_url,
        sha256: attachment.file_sha256,
      }));
      return [{ element, files }];
    });
  }

  /** GetQuote (spec §7): the active fees, in their order; amounts in euros. */
  async fees(): Promise<Fee[]> {
    const rows = await listActiveFees(this.deps.db);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      quota: row.amount_cents / 100,
      accesso: { [row.access.toLowerCase()]: row.access },
    }));
  }

  /** GetConsiglioDirettivo (spec §3): name, role and the photo as base64 PNG. */
  async boardMembers(): Promise<BoardMember[]> {
    const rows = await listBoardMembers(this.deps.db);
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        title: row.name,
        ruolo: row.role,
        fotoProfilo: row.photo_sha256
          ? (await this.deps.files.read(row.photo_sha256)).toString('base64')
          : '',
      })),
    );
  }

  /**
   * GetCVById (spec §7): the board member's CV, `cv.pdf` when it has no name; 404 otherwise and
   * for a member in the bin.
   */
  async curriculum(id: number): Promise<FileContent> {
    const member = await findBoardMember(this.deps.db, id);
    // A member in the bin is off the site with the CV (ADR 031).
    if (member === undefined || member.deleted_at !== null) throw new AppError('notFound');
    const cv = (await attachmentsByOwner(this.deps.db, 'board_member_cv', [member.id])).get(
      member.id,
    )?.[0];
    if (cv === undefined) throw new AppError('notFound');
    const content = await this.deps.files.read(cv.file_sha256);
    return { content: content.toString('base64'), fileName: cv.file_name || DEFAULT_FILE_NAME.cv };
  }

  /** GetContenuti (ADR 009): structured site contents by key, in the order asked. */
  async siteContents(keys: readonly SiteContentKey[]): Promise<SiteContent[]> {
    const rows = await findSiteContents(this.deps.db, keys);
    const byKey = new Map(rows.map((row) => [row.key, row.data_json]));
    return keys.flatMap((key) => {
      const json = byKey.get(key);
      if (json === undefined) return [];
      const contenuto = parsedSiteContent(key, json);
      // The JSON was written from the typed content of this key (contracts SiteContentByKey).
      return [{ chiave: key, contenuto } as unknown as SiteContent];
    });
  }

  /** A public document by its address (news, setup elements, CVs); 404 for anything else. */
  async publicFile(serverRelativeUrl: string): Promise<PublicFile> {
    const now = this.deps.clock();
    const attachment = await findPublicAttachment(
      this.deps.db,
      serverRelativeUrl,
      romeDate(now),
      now.toISOString(),
    );
    if (attachment === null) throw new AppError('notFound');
    return {
      sha256: attachment.file_sha256,
      fileName: attachment.file_name,
      contentType: attachment.content_type,
      sizeBytes: attachment.size_bytes,
    };
  }

  /** The uploaded share image of the pages without their own (ADR 034), or null: the card. */
  async shareImage(): Promise<ShareImage | null> {
    const row = await findShareImage(this.deps.db);
    return row === undefined ? null : shareImageOf(row);
  }

  /**
   * The share image's file by its address's last part (`<sha256>.jpg`) while it is the current
   * one; else 404 (a replaced image's address stops at once, ADR 034).
   */
  async shareImageFile(fileName: string): Promise<{ bytes: Buffer; sha256: string }> {
    const sha256 = SHARE_IMAGE_FILE_PATTERN.exec(fileName)?.[1];
    const row = sha256 === undefined ? undefined : await findShareImage(this.deps.db);
    if (sha256 === undefined || row?.sha256 !== sha256) throw new AppError('notFound');
    return { bytes: await this.deps.files.read(sha256), sha256 };
  }
}

const SHARE_IMAGE_FILE_PATTERN = /^([0-9a-f]{64})\.jpg$/;

/** The stored share image as the pages read it: served by its hash, as news covers. */
export function shareImageOf(row: Selectable<ShareImageTable>): ShareImage {
  return {
    url: `/api/v1/SharepointContent/ShareImage/${row.sha256}.jpg`,
    width: row.width,
    height: row.height,
    alt: row.alt,
  };
}
