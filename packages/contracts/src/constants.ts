/** Business constants of spec §9, shared by server and web. */

/** A token counts as expiring when now + this margin is at or after its `exp` (spec §4, §9). */
export const TOKEN_EXPIRY_MARGIN_SECONDS = 3000;

/** Page sizes of spec §9. */
export const PAGE_SIZE = {
  news: 4,
  featuredNews: 2,
  latestNews: 4,
  assemblies: 4,
  recommendations: 4,
  pressReview: 4,
  opinions: 4,
  opinionDetail: 1,
  magazineArchive: 10,
  magazineArticles: 10,
  /** Widget default (spec §9). */
  pagination: 10,
} as const;

/** The largest page any list call accepts; larger requests are refused with a 400. */
export const MAX_PAGE_SIZE = 100;

/** Year lists run from this year up to the current one (spec §9). */
export const FIRST_LIST_YEAR = 2019;

/** Months 1..12 with their Italian names (spec §9). */
export const ITALIAN_MONTHS = [
  'Gennaio',
  'Febbraio',
  'Marzo',
  'Aprile',
  'Maggio',
  'Giugno',
  'Luglio',
  'Agosto',
  'Settembre',
  'Ottobre',
  'Novembre',
  'Dicembre',
] as const;

/** Territory filter values (spec §9). */
export const TERRITORIES = ['Nazionali', 'Regionali'] as const;
export type Territory = (typeof TERRITORIES)[number];

/** Assembly sections (spec §6). */
export const ASSEMBLY_SECTIONS = ['Affiliati tecnici', 'Affiliati infermieri'] as const;
export type AssemblySection = (typeof ASSEMBLY_SECTIONS)[number];

/** Screen thresholds (spec §9). */
export const SCREEN = {
  /** Wider than this: documents open; at or below: they are downloaded. */
  documentOpenMinExclusivePx: 860,
  /** At or above this width, embedded PDF previews are shown. */
  pdfPreviewMinPx: 768,
} as const;

/** Default file names (spec §9). */
export const DEFAULT_FILE_NAME = { news: 'file.pdf', cv: 'cv.pdf' } as const;

/** Toast and spinner defaults (spec §9). */
export const TOAST = { delayMs: 5000, zIndex: 1200, bottomPercent: 3 } as const;
export const SPINNER = { delayMs: 10, zIndex: 99999, fadeInMs: 300, fadeOutMs: 200 } as const;
export const CAROUSEL_INTERVAL_MS = 5000;

/**
 * The five news categories of spec §1/§2.6; `{product}` is the society's acronym.
 * The order is the order of the checkboxes on /news.
 */
export function newsCategoryTitles(societyAcronym: string): string[] {
  return ['Concorsi', 'Formazione', 'Emovigilanza', societyAcronym, 'News'];
}

/** Years from FIRST_LIST_YEAR to `currentYear`, as strings (spec §9). */
export function listYears(currentYear: number): string[] {
  const years: string[] = [];
  for (let year = FIRST_LIST_YEAR; year <= currentYear; year += 1) years.push(String(year));
  return years;
}

/**
 * The back office's roles (docs/decisions/031-staff-roles-and-undo.md): `segreteria` may do
 * everything; `redazione` the site's and the reserved area's contents; `tesoreria` members,
 * payments and dues; `eventi` the events and their registrations, desk and check-in included
 * (ADR 050). The server checks each staff route against its declared roles.
 */
export const STAFF_ROLES = ['segreteria', 'redazione', 'tesoreria', 'eventi'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A staff role (any of the four), as opposed to Soci and Affiliati. */
export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly (string | null | undefined)[]).includes(role);
}

/**
 * The account of a person who is not a member and registers for the society's events (ADR 055):
 * it reaches the events and "Le mie iscrizioni", never the reserved area's contents.
 */
export const PARTICIPANT_ROLE = 'partecipante';

/**
 * Roles an account may hold: members, the staff roles above, and the events' participants. Here,
 * without zod, so the pages' route guard does not bring the schemas' library into every page
 * (ADR 020).
 */
export const MEMBER_ROLES = ['socio', 'affiliato', ...STAFF_ROLES, PARTICIPANT_ROLE] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * "Le mie iscrizioni" (ADR 049): the home of an events' participant, who signs in to it (ADR 055).
 */
export const MY_REGISTRATIONS_PATH = '/area-riservata-iscrizioni';

/** Whether an account is an events' participant's (ADR 055), who has no reserved area. */
export function isParticipantRole(role: string | null | undefined): boolean {
  return role === PARTICIPANT_ROLE;
}

/** The roles that owe dues: Soci and Affiliati (staff and events' participants pay none). */
export const DUES_ROLES = ['socio', 'affiliato'] as const satisfies readonly MemberRole[];

/** Whether an account's role owes dues (the fee columns and filters of the accounts' list). */
export function owesDues(role: string | null | undefined): boolean {
  return (DUES_ROLES as readonly (string | null | undefined)[]).includes(role);
}

/** Numeric roles for the route guard (spec §6). */
export const ROLE_NUMBER: Record<MemberRole, number> = {
  socio: 1,
  affiliato: 2,
  partecipante: 3,
  eventi: 6,
  redazione: 7,
  tesoreria: 8,
  segreteria: 9,
};

/*
 * Constants the public pages' scripts need, kept here, away from the zod schemas of their
 * domains' files, so importing them does not bring zod into every page (ADR 020's budget).
 */

/** The rejoin page of a lapsed member (ADR 024). */
export const LAPSED_PAGE = {
  path: '/area-riservata-decaduto',
  title: 'Iscrizione decaduta',
  why: 'La tua iscrizione risulta decaduta perché le quote associative non sono state pagate per gli anni consecutivi previsti dallo statuto. Lo storico della tua iscrizione è conservato, ma l’area riservata non è più accessibile.',
  howTitle: 'Come tornare socio',
  payArrears:
    'Paga le quote arretrate: appena risultano pagate l’accesso all’area riservata torna disponibile.',
  applyAgain: 'Oppure presenta una nuova domanda di iscrizione.',
} as const;

/**
 * What a result is: a group of `/cerca` named by the domain that supplies it (ADR 025, 046),
 * `news`, `event`, `page`… The results carry its heading.
 */
export type SearchKind = string;

/**
 * Longest search query accepted; the analyser reads its first 200 characters. Here, beside no
 * zod schema, so the header's search box does not pull the schemas into every page (ADR 020).
 */
export const MAX_SEARCH_QUERY_LENGTH = 1000;
