import { z } from './zod.js';
import {
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  AdminUploadSchema,
  base64Within,
  isoDate,
  optionalWebAddress,
  requiredText,
  requiredWebAddress,
  uploadSchema,
  type AdminAttachment,
} from './admin.js';
import { isValidEmail } from './messages.js';
import {
  AboutInputSchema,
  ExternalLinksInputSchema,
  HomeInputSchema,
} from './site-text-schemas.js';
import {
  SITE_TEXT_KEYS,
  type AboutContent,
  type ExternalLinksContent,
  type HomeContent,
} from './site-texts.js';
import { isPhoneNumber, isStrictBase64 } from './sponsorship-rules.js';

/**
 * The society's pages (spec §2.11, §3, §7): board members, and the structured site contents
 * the secretariat edits (contacts, legal data, supporters, past presidents, cookie policy)
 * answered by GetContenuti (ADR 009 documents its body).
 */

/** A board member (spec §3): `fotoProfilo` is a base64 PNG (no data-URL prefix), or empty. */
export interface BoardMember {
  id: number;
  title: string;
  ruolo: string;
  fotoProfilo: string;
}

/** The society's facts edited on the "Contatti, dati legali e contenuti" screen. */
export const SOCIETY_CONTENT_KEYS = [
  'contatti',
  'dati-legali',
  'sostenitori',
  'presidenti',
  'cookie-policy',
] as const;
export type SocietyContentKey = (typeof SOCIETY_CONTENT_KEYS)[number];

/** Keys of GetContenuti: the society's facts and the site's texts and links (ADR 035). */
export const SITE_CONTENT_KEYS = [...SOCIETY_CONTENT_KEYS, ...SITE_TEXT_KEYS] as const;
export type SiteContentKey = (typeof SITE_CONTENT_KEYS)[number];

export interface ContactsContent {
  indirizzo: string;
  telefono: string;
  social: { etichetta: string; url: string };
  /** The e-mail table of spec §2.11: information, membership and fees, president, PEC. */
  email: { ruolo: string; indirizzo: string }[];
}

export interface LegalDataContent {
  /** Rows of the legal-data table: brand, company name, registered office, VAT, PEC. */
  righe: { etichetta: string; valore: string }[];
}

export interface SupportersContent {
  aziende: {
    nome: string;
    logo: string;
    indirizzo: string;
    telefono: string;
    sito: string | null;
  }[];
}

export interface PastPresidentsContent {
  presidenti: { nome: string; dal: number; al: number }[];
}

export interface CookiePolicyContent {
  /** ISO date of the policy (spec §2.11: 23.09.2024). */
  data: string;
  corpo: string;
}

export interface SiteContentByKey {
  contatti: ContactsContent;
  'dati-legali': LegalDataContent;
  sostenitori: SupportersContent;
  presidenti: PastPresidentsContent;
  'cookie-policy': CookiePolicyContent;
  home: HomeContent;
  'chi-siamo': AboutContent;
  collegamenti: ExternalLinksContent;
}

export type SiteContent = {
  [K in SiteContentKey]: { chiave: K; contenuto: SiteContentByKey[K] };
}[SiteContentKey];

export const GetContenutiBodySchema = z.object({
  chiavi: z
    .array(
      z.enum(SITE_CONTENT_KEYS, { message: `chiavi ammesse: ${SITE_CONTENT_KEYS.join(', ')}.` }),
      {
        message: 'chiavi deve essere un elenco.',
      },
    )
    .min(1, { message: 'chiavi deve contenere almeno una chiave.' })
    .max(SITE_CONTENT_KEYS.length),
});

/**
 * A membership fee (spec §3 "Payment fee"): `quota` is the amount in euros; the first value of
 * `accesso` is "Socio" (members' fees) or "Affiliato" (affiliates' fees).
 */
export interface Fee {
  id: number;
  title: string;
  quota: number;
  accesso: Record<string, string>;
}

// --- back office -------------------------------------------------------------------------------

/*
 * The society's pages as the secretariat edits them
 * (docs/decisions/016-board-photos-and-society-contents.md): the board with photo and CV, and
 * the structured site contents of GetContenuti (ADR 009).
 */

/** Image uploads (board photos, supporters' logos): checked on the server by bytes and size. */
export const ADMIN_IMAGE_LIMITS = {
  /** Largest image file, decoded. */
  maxBytes: 5 * 1024 * 1024,
  /** Most pixels an image may declare (width × height): larger ones are refused undecoded. */
  maxPixels: 40_000_000,
  /** Side of the square PNG profile picture the server makes (spec §2.11: fotoProfilo). */
  photoSide: 256,
  /** Side of the square PNG a supporter's logo is fitted into (transparent margins). */
  logoSide: 128,
} as const;

export const SOCIETY_MESSAGES = {
  imageTooLarge: `L'immagine supera i ${ADMIN_IMAGE_LIMITS.maxBytes / 1024 / 1024} MB consentiti.`,
  notImage: "Il file non è un'immagine JPEG, PNG o WebP.",
  imageUnreadable: "L'immagine è danneggiata o non leggibile.",
  imageTooManyPixels: `L'immagine è troppo grande: al massimo ${ADMIN_IMAGE_LIMITS.maxPixels / 1_000_000} milioni di pixel.`,
  order: 'Indica un numero d’ordine tra 0 e 999.',
  phone: 'Indica un numero di telefono valido.',
  year: 'Indica un anno plausibile (dal 1900 a dieci anni da oggi).',
  yearsOrder: "L'anno di inizio non può essere successivo all'anno di fine.",
  logoRequired: "Carica il logo dell'azienda.",
  atLeastOne: 'Aggiungi almeno una riga.',
  tooMany: 'Troppe righe.',
} as const;

/** An image sent from the admin screens: name and base64 bytes (JPEG, PNG or WebP). */
export const AdminImageUploadSchema = uploadSchema(
  ADMIN_IMAGE_LIMITS.maxBytes,
  SOCIETY_MESSAGES.imageTooLarge,
);
export type AdminImageUpload = z.infer<typeof AdminImageUploadSchema>;

const sortOrder = z.coerce
  .number({ message: SOCIETY_MESSAGES.order })
  .int({ message: SOCIETY_MESSAGES.order })
  .min(0, { message: SOCIETY_MESSAGES.order })
  .max(999, { message: SOCIETY_MESSAGES.order });

// ---------------------------------------------------------------------------------------------
// Board members (table board_members, CV as attachment board_member_cv)

export interface AdminBoardMember {
  id: number;
  name: string;
  role: string;
  sortOrder: number;
  /** The profile picture as base64 PNG (what GetConsiglioDirettivo answers), or null. */
  photo: string | null;
  cv: AdminAttachment | null;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export const AdminBoardMemberListQuerySchema = AdminListQuerySchema;

export const AdminBoardMemberInputSchema = z.object({
  name: requiredText(200),
  role: requiredText(200),
  sortOrder: sortOrder.default(0),
  /** Keep the stored photo (ignored when a new one is sent). */
  keepPhoto: z.boolean().default(true),
  /** A new photo: JPEG, PNG or WebP, made a square PNG by the server. */
  newPhoto: AdminImageUploadSchema.nullish().transform((value) => value ?? null),
  /** Keep the stored CV (ignored when a new one is sent). */
  keepCv: z.boolean().default(true),
  newCv: AdminUploadSchema.nullish().transform((value) => value ?? null),
});
export type AdminBoardMemberInput = z.input<typeof AdminBoardMemberInputSchema>;

// ---------------------------------------------------------------------------------------------
// Structured site contents (GetContenuti, ADR 009)

/** Italian names of the contents and the page that shows each. */
export const SITE_CONTENT_PLACES: Record<SiteContentKey, { place: string; pagePath: string }> = {
  contatti: { place: 'Contatti', pagePath: '/contatti' },
  'dati-legali': { place: 'Dati legali', pagePath: '/dati-legali' },
  sostenitori: {
    place: 'Sostenitori (aziende)',
    pagePath: '/chi-siamo-sostenitori?scheda=sostenitori',
  },
  presidenti: { place: 'Albo dei past president', pagePath: '/chi-siamo-{acronimo}' },
  'cookie-policy': { place: 'Cookie policy', pagePath: '/cookie' },
  home: { place: 'Home: testata', pagePath: '/' },
  'chi-siamo': { place: 'Chi siamo: schede', pagePath: '/chi-siamo' },
  collegamenti: { place: 'Collegamenti ad altri siti', pagePath: '/' },
};

export interface AdminSiteContentSummary {
  /** The key: react-admin's record id. */
  id: SiteContentKey;
  place: string;
  pagePath: string;
  exists: boolean;
  updatedAt: string | null;
}

/** A content for its edit screen: the summary and the content's own fields side by side. */
export type AdminSiteContent = AdminSiteContentSummary & Record<string, unknown>;

const phone = requiredText(40).refine(isPhoneNumber, { message: SOCIETY_MESSAGES.phone });

const rows = <T extends z.ZodTypeAny>(item: T, min: number, max: number) =>
  z
    .array(item, { message: SOCIETY_MESSAGES.atLeastOne })
    .min(min, { message: SOCIETY_MESSAGES.atLeastOne })
    .max(max, { message: SOCIETY_MESSAGES.tooMany });

/** Latest plausible year: a term may end some years ahead. */
const latestYear = () => new Date().getUTCFullYear() + 10;
const year = z.coerce
  .number({ message: SOCIETY_MESSAGES.year })
  .int({ message: SOCIETY_MESSAGES.year })
  .min(1900, { message: SOCIETY_MESSAGES.year })
  .refine((value) => value <= latestYear(), { message: SOCIETY_MESSAGES.year });

export const ContactsInputSchema = z.object({
  indirizzo: requiredText(300),
  telefono: phone,
  social: z.object({ etichetta: requiredText(100), url: requiredWebAddress(1000) }),
  email: rows(
    z.object({
      ruolo: requiredText(100),
      indirizzo: requiredText(254).refine(isValidEmail, { message: ADMIN_MESSAGES.email }),
    }),
    1,
    20,
  ),
});

export const LegalDataInputSchema = z.object({
  righe: rows(z.object({ etichetta: requiredText(100), valore: requiredText(500) }), 1, 30),
});

export const SupportersInputSchema = z.object({
  aziende: rows(
    z.object({
      nome: requiredText(200),
      /**
       * The logo as base64: the stored PNG sent back unchanged, or a new JPEG, PNG or WebP
       * image, which the server checks by its bytes and fits into a square PNG.
       */
      logo: z
        .string({ message: SOCIETY_MESSAGES.logoRequired })
        .min(1, { message: SOCIETY_MESSAGES.logoRequired })
        .refine(isStrictBase64, { message: ADMIN_MESSAGES.fileContent })
        .refine(base64Within(ADMIN_IMAGE_LIMITS.maxBytes), {
          message: SOCIETY_MESSAGES.imageTooLarge,
        }),
      indirizzo: requiredText(300),
      telefono: phone,
      sito: optionalWebAddress,
    }),
    0,
    30,
  ),
});

export const PastPresidentsInputSchema = z.object({
  presidenti: rows(
    z
      .object({ nome: requiredText(200), dal: year, al: year })
      .refine((term) => term.dal <= term.al, {
        message: SOCIETY_MESSAGES.yearsOrder,
        path: ['al'],
      }),
    1,
    60,
  ),
});

export const CookiePolicyInputSchema = z.object({
  data: isoDate,
  corpo: z
    .string({ message: ADMIN_MESSAGES.required })
    .max(200_000, { message: ADMIN_MESSAGES.tooLong })
    .refine((value) => value.replace(/<[^>]*>/g, '').trim() !== '', {
      message: ADMIN_MESSAGES.required,
    }),
});

/** The body of each content's save, by key (the server sanitises the cookie policy's HTML). */
export const SITE_CONTENT_INPUT_SCHEMAS = {
  contatti: ContactsInputSchema,
  'dati-legali': LegalDataInputSchema,
  sostenitori: SupportersInputSchema,
  presidenti: PastPresidentsInputSchema,
  'cookie-policy': CookiePolicyInputSchema,
  home: HomeInputSchema,
  'chi-siamo': AboutInputSchema,
  collegamenti: ExternalLinksInputSchema,
} as const satisfies Record<SiteContentKey, z.ZodTypeAny>;

export const SiteContentKeyParamsSchema = z.object({
  key: z.enum(SOCIETY_CONTENT_KEYS, {
    message: `Contenuto sconosciuto: usa ${SOCIETY_CONTENT_KEYS.join(', ')}.`,
  }),
});

/** `:key` of the home's, /chi-siamo's and the links' screen (ADR 035). */
export const SiteTextKeyParamsSchema = z.object({
  key: z.enum(SITE_TEXT_KEYS, {
    message: `Contenuto sconosciuto: usa ${SITE_TEXT_KEYS.join(', ')}.`,
  }),
});
