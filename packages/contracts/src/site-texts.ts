/**
 * The texts and links of the site's frame the secretariat edits beside the society's contents
 * (docs/decisions/035-editable-home-and-links.md): the home's hero, the /chi-siamo cards and the
 * links to other sites of the navigation, the home and the footer (spec §2.3, §2.4, §2.5,
 * §2.11). Stored as site contents (ADR 009) under the keys below; the defaults are what the site
 * showed before they were editable, and a migration stores them on every installation. No zod
 * here: every public page's bundle imports this module (the schemas: `site-text-schemas.ts`).
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
export type ExternalLinkKind =
  'area-professionale' | 'rivista' | 'eventi' | 'donatore-viaggiatore' | 'privacy' | 'formazione';

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
  return {
    collegamenti: EXTERNAL_LINKS_DEFAULT.collegamenti.map((link) =>
      externalLink(content, link.tipo),
    ),
  };
}

/** A path of this site ("/chi-siamo"), never "//host" (another site without a scheme). */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])\S*$/.test(value);
}
