import { z } from 'zod';

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

/** Keys of GetContenuti. */
export const SITE_CONTENT_KEYS = [
  'contatti',
  'dati-legali',
  'sostenitori',
  'presidenti',
  'cookie-policy',
] as const;
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
