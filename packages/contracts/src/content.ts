import { z } from './zod.js';
import {
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  adminAttachmentFields,
  type AdminAttachment,
} from './admin.js';
import { AttachmentRefSchema, type AttachmentRef } from './attachments.js';
import { VALIDATION_MESSAGES } from './messages.js';
import type { PagedList } from './envelope.js';
import type { ListFilterInput } from './list-filter.js';
import type { Article, ArticleCategory } from './news.js';
import type { ShareImage } from './share-image.js';
import type { BoardMember, Fee, SiteContent, SiteContentKey } from './society.js';

// SharepointContent beside the news (news.ts): file ids and page contents by key (spec §3, §7).

/** `?id=` of GetNewsFileById / GetCVById: a positive integer (spec §5: must not be null). */
export const IdQuerySchema = z.object({
  id: z
    .string({ message: VALIDATION_MESSAGES.nullParameter })
    .trim()
    .regex(/^\d{1,12}$/, { message: 'id deve essere un numero intero positivo.' })
    .transform(Number),
});

/**
 * A setup element (spec §3): a piece of page content the secretariat edits, by key. `corpo` is
 * sanitised HTML. Over the API (GetSetupData) attachments carry their base64 `content`.
 */
export const SetupAttachmentSchema = AttachmentRefSchema.extend({ content: z.string() });
export const SetupElementSchema = z.object({
  title: z.string(),
  corpo: z.string(),
  attachments: z.array(SetupAttachmentSchema),
});
export type SetupElement = z.infer<typeof SetupElementSchema>;

/** The same element for server-rendered pages: attachments are links, not inline bytes. */
export interface PageSetupElement {
  title: string;
  corpo: string;
  attachments: AttachmentRef[];
}

export const GetSetupDataBodySchema = z.object({
  titles: z
    .array(z.string().trim().min(1).max(100), {
      message: 'titles deve essere un elenco di chiavi.',
    })
    .min(1, { message: 'titles deve contenere almeno una chiave.' })
    .max(50, { message: 'titles può contenere al massimo 50 chiavi.' }),
});

/** Every setup element of spec §3: the keys the pages ask for, in the spec's order. */
export const SETUP_ELEMENT_KEYS = [
  'chisiamo-organizzazione-storia',
  'chisiamo-organizzazione-organigramma',
  'chisiamo-organizzazione-codiceetico',
  'chisiamo-organizzazione-bilancio',
  'chisiamo-organizzazione-statuto',
  'chisiamo-soci-iscrizione',
  'chisiamo-soci-pagamento',
  'chisiamo-soci-richiesta',
  'chisiamo-soci-carichesociali',
  'chisiamo-affiliati-iscrizione',
  'chisiamo-affiliati-pagamento',
  'chisiamo-affiliati-richiesta',
  'chisiamo-affiliati-carichesociali',
  'chisiamo-sostenitori-contributo',
  'pareri-intro',
  'patrocini-richiesta',
  'rivista-intro',
  'modulo-abbonamento-attivo',
] as const;
export type SetupElementKey = (typeof SETUP_ELEMENT_KEYS)[number];

/** The setup texts' Italian names, what the secretariat reads instead of the internal keys. */
export const SETUP_ELEMENT_NAMES: Record<SetupElementKey, string> = {
  'chisiamo-organizzazione-storia': 'Storia della società',
  'chisiamo-organizzazione-organigramma': 'Organigramma',
  'chisiamo-organizzazione-codiceetico': 'Codice etico',
  'chisiamo-organizzazione-bilancio': 'Bilancio',
  'chisiamo-organizzazione-statuto': 'Statuto',
  'chisiamo-soci-iscrizione': 'Soci: come iscriversi',
  'chisiamo-soci-pagamento': 'Soci: pagamento della quota',
  'chisiamo-soci-richiesta': 'Soci: richiesta di iscrizione',
  'chisiamo-soci-carichesociali': 'Soci: cariche sociali',
  'chisiamo-affiliati-iscrizione': 'Affiliati: come iscriversi',
  'chisiamo-affiliati-pagamento': 'Affiliati: pagamento della quota',
  'chisiamo-affiliati-richiesta': 'Affiliati: richiesta di iscrizione',
  'chisiamo-affiliati-carichesociali': 'Affiliati: cariche sociali',
  'chisiamo-sostenitori-contributo': 'Sostenitori: il contributo',
  'pareri-intro': 'Pareri del Consiglio Direttivo: introduzione',
  'patrocini-richiesta': 'Patrocini: come richiederli',
  'rivista-intro': 'Rivista: introduzione',
  'modulo-abbonamento-attivo': 'Modulo di abbonamento attivo',
};

/** A setup text's Italian name; an unknown key is shown as it is. */
export function setupElementName(key: string): string {
  return (SETUP_ELEMENT_NAMES as Record<string, string>)[key] ?? key;
}

// --- back office -------------------------------------------------------------------------------

/*
 * Setup elements as the secretariat edits them, by key, with their PDFs
 * (docs/decisions/013-back-office.md).
 */

export interface AdminSetupElementSummary {
  /** The key: react-admin's record id. */
  id: string;
  /** Where the site shows it, in Italian. */
  place: string;
  /** Address of the page that shows it. */
  pagePath: string;
  /** False for a key of the spec that has no text yet. */
  exists: boolean;
  attachmentCount: number;
  updatedAt: string | null;
}

export interface AdminSetupElement extends AdminSetupElementSummary {
  bodyHtml: string;
  attachments: AdminAttachment[];
  /** Raised by every save; 0 while the text has never been saved (ADR 041). */
  version: number;
}

export const AdminSetupElementListQuerySchema = AdminListQuerySchema;

export const AdminSetupElementInputSchema = z.object({
  bodyHtml: z.string().max(500_000, { message: ADMIN_MESSAGES.tooLong }).default(''),
  ...adminAttachmentFields,
});
export type AdminSetupElementInput = z.input<typeof AdminSetupElementInputSchema>;

/** Read access to public content, the same rules as `/api/v1/SharepointContent`. */
export interface ContentReader {
  listArticles(filter: ListFilterInput): Promise<PagedList<Article>>;
  listCategories(): Promise<ArticleCategory[]>;
  /** One visible news item, or null. */
  getArticle(id: number): Promise<Article | null>;
  /** Setup elements by key (spec §3), in the order asked; unknown keys are left out. */
  setupElements(keys: string[]): Promise<PageSetupElement[]>;
  /** The board (Consiglio Direttivo) with photos as base64 PNG. */
  boardMembers(): Promise<BoardMember[]>;
  /** Structured site contents by key, in the order asked (contacts, legal data…). */
  siteContents(keys: SiteContentKey[]): Promise<SiteContent[]>;
  /** The active fees (GetQuote). */
  fees(): Promise<Fee[]>;
  /** The uploaded share image of pages without their own, or null: the card (ADR 034). */
  shareImage(): Promise<ShareImage | null>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    content: ContentReader;
  }
}
