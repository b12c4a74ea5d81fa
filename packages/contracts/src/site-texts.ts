import { z } from 'zod';
import { requiredText } from './admin.js';
import { isWebAddress, withWebScheme } from './sponsorship-rules.js';

/**
 * The texts and links of the site's frame the secretariat edits beside the society's contents
 * (docs/decisions/035-editable-home-and-links.md): the home's hero, the /chi-siamo cards and the
 * links to other sites of the navigation, the home and the footer (spec §2.3, §2.4, §2.5,
 * §2.11). Stored as site contents (ADR 009) under the keys below; the defaults are what the site
 * showed before they were editable, and a migration stores them on every installation.
 */

/** Keys of the site contents these texts are stored under. */
export const SITE_TEXT_KEYS = ['home', 'chi-siamo', 'collegamenti'] as const;
export type SiteTextKey = (typeof SITE_TEXT_KEYS)[number];

/** `{acronimo}` and `{nome}` in these texts stand for the configured society's acronym and name. */
export const SOCIETY_PLACEHOLDERS = { acronym: '{acronimo}', name: '{nome}' } as const;

/** The placeholders replaced: in a link the acronym is lower case (`/chi-siamo-simti`). */
export function withSocietyNames(
  text: string,
  society: { acronym: string; name: string },
  inLink = false,
): string {
  return text
    .replaceAll(
      SOCIETY_PLACEHOLDERS.acronym,
      inLink ? society.acronym.toLowerCase() : society.acronym,
    )
    .replaceAll(SOCIETY_PLACEHOLDERS.name, society.name);
}

/** Where each link to another site appears; each kind is in the list once. */
export const EXTERNAL_LINK_KINDS = [
  'area-professionale',
  'rivista',
  'eventi',
  'donatore-viaggiatore',
  'privacy',
  'formazione',
] as const;
export type ExternalLinkKind = (typeof EXTERNAL_LINK_KINDS)[number];

/** Each kind's Italian name and where the site shows it, for the edit screen. */
export const EXTERNAL_LINK_KIND_NAMES: Record<ExternalLinkKind, string> = {
  'area-professionale': 'Area professionale (menu e carosello della home)',
  rivista: 'Rivista scientifica (menu, home e carosello)',
  eventi: 'Eventi (menu e home)',
  'donatore-viaggiatore': 'Guida per il donatore viaggiatore (home)',
  privacy: 'Privacy policy (piè di pagina)',
  formazione: 'Formazione ECM (piè di pagina)',
};

/** The home's hero (spec §2.5): title and subtitle, a sentence, a button and its link. */
export interface HomeContent {
  titolo: string;
  sottotitolo: string;
  testo: string;
  pulsante: string;
  link: string;
}

/** The cards of /chi-siamo (spec §2.11), in their order. */
export interface AboutContent {
  schede: { titolo: string; testo: string; link: string }[];
}

export interface ExternalLink {
  tipo: ExternalLinkKind;
  etichetta: string;
  url: string;
}

/** The links to other sites (spec §2.3, §2.4, §2.5), one per kind. */
export interface ExternalLinksContent {
  collegamenti: ExternalLink[];
}

export const HOME_DEFAULT: HomeContent = {
  titolo: SOCIETY_PLACEHOLDERS.acronym,
  sottotitolo: SOCIETY_PLACEHOLDERS.name,
  testo:
    'Medici, biologi, infermieri e tecnici al servizio della medicina trasfusionale e dell’immunoematologia.',
  pulsante: 'Chi siamo',
  link: '/chi-siamo',
};

export const ABOUT_DEFAULT: AboutContent = {
  schede: [
    {
      titolo: `Mondo ${SOCIETY_PLACEHOLDERS.acronym}`,
      testo: 'Storia, organigramma, codice etico, bilancio e statuto.',
      link: `/chi-siamo-${SOCIETY_PLACEHOLDERS.acronym}`,
    },
    {
      titolo: 'Soci',
      testo: 'Come iscriversi, la quota annuale e il Consiglio Direttivo.',
      link: '/chi-siamo-iscrizione',
    },
    {
      titolo: 'Affiliati',
      testo: 'Tecnici e infermieri: iscrizione, quota e modulo di richiesta.',
      link: '/chi-siamo-affiliati',
    },
    {
      titolo: 'Sostenitori',
      testo: 'Le aziende che sostengono la società e come contribuire.',
      link: '/chi-siamo-sostenitori',
    },
    {
      titolo: 'Il Servizio Trasfusionale',
      testo: 'Il notiziario della società, riservato a soci e affiliati.',
      link: '/area-riservata-servizio-trasfusionale',
    },
  ],
};

export const EXTERNAL_LINKS_DEFAULT: ExternalLinksContent = {
  collegamenti: [
    {
      tipo: 'area-professionale',
      etichetta: 'Area professionale',
      url: 'https://www.simtipro.it/',
    },
    { tipo: 'rivista', etichetta: 'Blood Transfusion', url: 'https://www.bloodtransfusion.it/' },
    { tipo: 'eventi', etichetta: 'Eventi', url: 'https://www.simtipro.it/eventi/' },
    {
      tipo: 'donatore-viaggiatore',
      etichetta: 'Guida per il donatore viaggiatore',
      url: 'https://www.centronazionalesangue.it/donatore-viaggiatore/',
    },
    { tipo: 'privacy', etichetta: 'Privacy policy', url: 'https://www.simti.it/privacy-policy/' },
    { tipo: 'formazione', etichetta: 'Formazione ECM', url: 'https://ape.agenas.it/' },
  ],
};

/** The link of one kind: the stored one, else the default (a list saved before a new kind). */
export function externalLink(
  content: ExternalLinksContent | null | undefined,
  kind: ExternalLinkKind,
): ExternalLink {
  const stored = content?.collegamenti.find((link) => link.tipo === kind);
  // Every kind has its default (EXTERNAL_LINKS_DEFAULT lists them all).
  return (
    stored ??
    (EXTERNAL_LINKS_DEFAULT.collegamenti.find((link) => link.tipo === kind) as ExternalLink)
  );
}

/** Every kind's link in the kinds' order: the edit screen's fixed list, a new kind at its default. */
export function everyExternalLink(content: ExternalLinksContent | null): ExternalLinksContent {
  return { collegamenti: EXTERNAL_LINK_KINDS.map((kind) => externalLink(content, kind)) };
}

export const SITE_TEXT_MESSAGES = {
  siteLink:
    'Indica un indirizzo del sito che inizia con / (per esempio /chi-siamo) o un indirizzo https://.',
  httpsAddress: 'Indica un indirizzo https:// valido.',
  kind: `Tipo sconosciuto: usa ${EXTERNAL_LINK_KINDS.join(', ')}.`,
  kindTwice: 'Questo collegamento compare già nell’elenco.',
  kindMissing: (name: string) => `Manca il collegamento «${name}».`,
  atLeastOneCard: 'Aggiungi almeno una scheda.',
  tooManyCards: 'Al massimo 12 schede.',
} as const;

/** An https address with a host, "www.…" given https:// (as the rich-text link dialog does). */
export function isHttpsAddress(value: string): boolean {
  return isWebAddress(value) && value.startsWith('https://');
}

/** A path of this site ("/chi-siamo"), never "//host" (another site without a scheme). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}

/** A link of a button or card: a path of this site or an https address. */
export const siteLink = (max: number) =>
  requiredText(max)
    .transform(withWebScheme)
    .refine((value) => isSitePath(value) || isHttpsAddress(value), {
      message: SITE_TEXT_MESSAGES.siteLink,
    });

const httpsAddress = (max: number) =>
  requiredText(max)
    .transform(withWebScheme)
    .refine(isHttpsAddress, { message: SITE_TEXT_MESSAGES.httpsAddress });

export const HomeInputSchema = z.object({
  titolo: requiredText(80),
  sottotitolo: requiredText(160),
  testo: requiredText(400),
  pulsante: requiredText(40),
  link: siteLink(500),
});

export const AboutInputSchema = z.object({
  schede: z
    .array(z.object({ titolo: requiredText(80), testo: requiredText(300), link: siteLink(500) }), {
      message: SITE_TEXT_MESSAGES.atLeastOneCard,
    })
    .min(1, { message: SITE_TEXT_MESSAGES.atLeastOneCard })
    .max(12, { message: SITE_TEXT_MESSAGES.tooManyCards }),
});

export const ExternalLinksInputSchema = z.object({
  collegamenti: z
    .array(
      z.object({
        tipo: z.enum(EXTERNAL_LINK_KINDS, { message: SITE_TEXT_MESSAGES.kind }),
        etichetta: requiredText(80),
        url: httpsAddress(1000),
      }),
      { message: SITE_TEXT_MESSAGES.kindMissing(EXTERNAL_LINK_KIND_NAMES[EXTERNAL_LINK_KINDS[0]]) },
    )
    .superRefine((links, context) => {
      const seen = new Set<string>();
      for (const [index, link] of links.entries()) {
        if (seen.has(link.tipo))
          context.addIssue({
            code: 'custom',
            path: [index, 'tipo'],
            message: SITE_TEXT_MESSAGES.kindTwice,
          });
        seen.add(link.tipo);
      }
      for (const kind of EXTERNAL_LINK_KINDS) {
        if (!seen.has(kind))
          context.addIssue({
            code: 'custom',
            path: [],
            message: SITE_TEXT_MESSAGES.kindMissing(EXTERNAL_LINK_KIND_NAMES[kind]),
          });
      }
    }),
});
