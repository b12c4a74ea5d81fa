import { z } from './zod.js';
import { isRealDate, isStrictBase64, isWebAddress, withWebScheme } from './sponsorship-rules.js';
import { MEMBER_ROLES } from './constants.js';

/**
 * The secretariat's back office (ADR 013): `/api/v1/Admin/...`, for role `segreteria` only.
 * Lists page by number with a total (what the admin screens need to show "1–25 di 230"),
 * unlike the public lists' opaque tokens (ADR 003): these are never public and never cached.
 * See docs/decisions/013-back-office.md.
 */

/** Upload limits of the back office (checked on the server by size and magic bytes). */
export const ADMIN_LIMITS = {
  /** Largest file, decoded. */
  maxFileBytes: 10 * 1024 * 1024,
  /** New files in one save. */
  maxNewFilesPerSave: 3,
  /** Files one news item may keep. */
  maxAttachments: 10,
  maxCsvBytes: 1024 * 1024,
} as const;

export const ADMIN_MESSAGES = {
  required: 'Campo obbligatorio.',
  tooLong: 'Testo troppo lungo.',
  date: 'Indica una data valida (aaaa-mm-gg).',
  webAddress: 'Indica un indirizzo web valido (http:// o https://).',
  email: 'Indica un indirizzo e-mail valido.',
  role: `Ruolo non valido: usa ${MEMBER_ROLES.join(', ')}.`,
  fileContent: 'Il contenuto del file non è valido.',
  fileTooLarge: `Il file supera i ${ADMIN_LIMITS.maxFileBytes / 1024 / 1024} MB consentiti.`,
  notPdf: 'Il file non è un PDF.',
  tooManyFiles: `Puoi aggiungere al massimo ${ADMIN_LIMITS.maxNewFilesPerSave} file per volta e tenerne ${ADMIN_LIMITS.maxAttachments}.`,
  category: 'Categoria sconosciuta.',
  csvTooLarge: 'Il file CSV è troppo grande (massimo 1 MB).',
  pageParameter: 'Parametro di paginazione non valido.',
} as const;

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: ADMIN_MESSAGES.pageParameter })
    .int({ message: ADMIN_MESSAGES.pageParameter })
    .min(min, { message: ADMIN_MESSAGES.pageParameter })
    .max(max, { message: ADMIN_MESSAGES.pageParameter })
    .default(fallback);

/** The query of every admin list: page (from 1), page size, sort field and direction, search. */
export const AdminListQuerySchema = z.object({
  page: intFromQuery(1, 100_000, 1),
  perPage: intFromQuery(1, 200, 25),
  sort: z.string().max(40).optional(),
  order: z.enum(['ASC', 'DESC']).default('DESC'),
  q: z.string().max(200).optional(),
});
export type AdminListQuery = z.output<typeof AdminListQuerySchema>;

export interface AdminPage<T> {
  items: T[];
  total: number;
}

/** A rich text to preview as the site will show it (every editor's preview). */
export const AdminRichTextPreviewSchema = z.object({
  bodyHtml: z.string().max(500_000, { message: ADMIN_MESSAGES.tooLong }),
});

/** A text the editor must fill, trimmed, of at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string({ message: ADMIN_MESSAGES.required })
    .trim()
    .min(1, { message: ADMIN_MESSAGES.required })
    .max(max, { message: ADMIN_MESSAGES.tooLong });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: ADMIN_MESSAGES.tooLong })
    .nullish()
    .transform((value) => (value === '' || value === undefined ? null : value));

/** A web address the editor must give (http:// or https://; "www.…" gets https://). */
export const requiredWebAddress = (max: number) =>
  requiredText(max)
    .transform(withWebScheme)
    .refine(isWebAddress, { message: ADMIN_MESSAGES.webAddress });

/** A web address the editor may leave empty (null), else http:// or https:// ("www.…" too). */
export const optionalWebAddress = optionalText(1000)
  .transform((value) => (value === null ? null : withWebScheme(value)))
  .refine((value) => value === null || isWebAddress(value), {
    message: ADMIN_MESSAGES.webAddress,
  });

/** A record's id as a staff list's filter (`?categoryId=3`), absent for every record. */
export const idFilter = z.coerce.number().int().positive().optional();

export const isoDate = z
  .string({ message: ADMIN_MESSAGES.date })
  .trim()
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), {
    message: ADMIN_MESSAGES.date,
  });

/**
 * Whether base64 text decodes to at most `maxBytes`: a quick bound before decoding; the exact
 * size and magic bytes are checked on the server.
 */
export const base64Within = (maxBytes: number) => (value: string) =>
  value.length <= Math.ceil(maxBytes / 3) * 4;

/** A file sent from the admin screens: name and base64 bytes, at most `maxBytes` decoded. */
export function uploadSchema(maxBytes: number, tooLargeMessage: string) {
  return z.object({
    fileName: z.string().trim().min(1, { message: ADMIN_MESSAGES.required }).max(200),
    content: z
      .string()
      .refine(isStrictBase64, { message: ADMIN_MESSAGES.fileContent })
      .refine(base64Within(maxBytes), { message: tooLargeMessage }),
  });
}

/** A PDF or other file sent from the admin screens. */
export const AdminUploadSchema = uploadSchema(
  ADMIN_LIMITS.maxFileBytes,
  ADMIN_MESSAGES.fileTooLarge,
);
export type AdminUpload = z.infer<typeof AdminUploadSchema>;

/**
 * A new PDF of an editor's save. With `replacesId` (one of the kept attachments) it is that
 * document's new file: same name, same public address, new content (ADR 034).
 */
export const AdminAttachmentUploadSchema = AdminUploadSchema.extend({
  replacesId: z.number().int().positive().optional(),
});

/**
 * The files of an editor's save: the stored attachments that stay, in this order, and the new
 * PDFs, added after them (or put in place of a kept one, `replacesId`). Spread into each staff
 * input schema that carries attachments.
 */
export const adminAttachmentFields = {
  keptAttachmentIds: z.array(z.number().int().positive()).default([]),
  newAttachments: z
    .array(AdminAttachmentUploadSchema)
    .max(ADMIN_LIMITS.maxNewFilesPerSave, { message: ADMIN_MESSAGES.tooManyFiles })
    .default([]),
};

/** A stored file of a record, as the editors show it. */
export interface AdminAttachment {
  id: number;
  fileName: string;
  serverRelativeUrl: string;
  sizeBytes: number;
}

// ---------------------------------------------------------------------------------------------
// Audit log

export const AUDIT_ENTITIES = [
  'news',
  'category',
  'member',
  'magazine_issue',
  'magazine_article',
  'setup_element',
  'sponsorship',
  'newsletter',
  'outbox',
  'fee',
  'fee_year',
  'payment',
  'recommendation',
  'assembly',
  'board_member',
  'site_content',
  'press_review',
  'opinion',
  'transparency_publication',
  'public_contribution',
  'due',
  'membership_application',
  'bank_statement',
  'bank_row',
  'dues_reminder',
  'dues_reminder_text',
  'share_image',
  'membership',
  'event',
  'event_certificate',
  'event_session',
  'event_registration',
  'event_ecm',
  'event_ecm_speaker',
  'communication_preferences',
  'communication_segment',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What each audited element is called in Italian (the log's filter and its CSV export). */
export const AUDIT_ENTITY_NAMES: Record<AuditEntity, string> = {
  news: 'Notizie',
  category: 'Categorie',
  member: 'Account',
  setup_element: 'Testi delle pagine',
  sponsorship: 'Richieste di patrocinio',
  newsletter: 'Newsletter',
  outbox: 'Posta non consegnata',
  recommendation: 'Raccomandazioni',
  assembly: 'Assemblee',
  press_review: 'Rassegna stampa',
  opinion: 'Pareri',
  magazine_issue: 'Numeri della rivista',
  magazine_article: 'Articoli della rivista',
  fee: 'Quote associative',
  fee_year: 'Quote per anno',
  payment: 'Pagamenti delle quote',
  board_member: 'Consiglio Direttivo',
  site_content: 'Contatti, dati legali e contenuti',
  transparency_publication: 'Società trasparente',
  public_contribution: 'Contributi pubblici',
  due: 'Quote dei soci per anno',
  membership_application: 'Domande di iscrizione',
  bank_statement: 'Estratti conto importati',
  bank_row: 'Movimenti bancari',
  dues_reminder: 'Promemoria delle quote',
  dues_reminder_text: 'Testi dei promemoria delle quote',
  share_image: 'Immagine di condivisione',
  membership: 'Posizioni dei soci',
  event: 'Eventi',
  event_certificate: 'Attestati di partecipazione',
  event_session: 'Sessioni degli eventi',
  event_registration: 'Iscrizioni agli eventi',
  event_ecm: 'Dati ECM degli eventi',
  event_ecm_speaker: 'Docenti e relatori ECM',
  communication_preferences: 'Preferenze di comunicazione',
  communication_segment: 'Segmenti dei destinatari',
};

export const AdminAuditListQuerySchema = AdminListQuerySchema.extend({
  entity: z.enum(AUDIT_ENTITIES).optional(),
  actor: z.string().max(200).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type AdminAuditListQuery = z.output<typeof AdminAuditListQuerySchema>;

export interface AdminAuditEntry {
  id: number;
  at: string;
  actorEmail: string;
  action: string;
  entity: AuditEntity;
  entityId: string | null;
  summary: string;
  /** Values before and after (secrets never included); null when there is no such side. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
