/**
 * Shared Italian texts and addresses of the site. Texts quoted by the specification are
 * verbatim (spec §2, §8).
 */

export const NEW_TAB_HINT = '(si apre in una nuova scheda)';

export const NAV_COPY = {
  home: 'Home',
  aboutGroup: 'Chi siamo',
  aboutOverview: 'Il mondo della società',
  aboutOrganisation: (acronym: string) => `Mondo ${acronym}`,
  members: 'Soci',
  affiliates: 'Affiliati',
  supporters: 'Sostenitori',
  organisation: 'Organizzazione',
  news: 'News',
  newsAll: 'Tutti',
  reservedArea: 'Area riservata',
  sponsorships: 'Patrocini',
  contacts: 'Contatti',
  menuButton: 'Apri il menu di navigazione',
  skipToContent: 'Vai al contenuto',
} as const;

export const FOOTER_COPY = {
  cookie: 'Cookie policy',
  legalData: 'Dati legali',
  transparency: 'Società trasparente',
  rights: 'All rights reserved',
  phone: 'Tel.',
  email: 'E-mail',
} as const;

export const NEWS_COPY = {
  featuredTitle: 'In evidenza',
  latestTitle: 'Ultime notizie',
  readAll: 'Tutte le notizie',
  empty: 'Nessun elemento trovato',
  readOn: 'LEGGI SU',
} as const;

export const ERROR_COPY = {
  notFoundTitle: 'Pagina non trovata',
  notFoundText: 'La pagina che cerchi non esiste o è stata spostata.',
  errorTitle: 'Si è verificato un errore',
  errorText: 'Qualcosa non ha funzionato. Riprova tra qualche istante.',
  unavailableTitle: 'Servizio temporaneamente non disponibile',
  unavailableText:
    'Il sito è momentaneamente non raggiungibile per un intervento tecnico. Riprova tra qualche minuto.',
  backHome: 'Torna alla home',
} as const;

/** Client-side API error messages of spec §8 (verbatim). */
export const API_ERROR_COPY = {
  serverSide: 'A server side error occurred.',
  unexpected: 'An unexpected server error occurred.',
} as const;

export const LOADING_COPY = 'Caricamento in corso';

/**
 * The error toast of spec §8 for a failed login, reset request, password reset or sponsorship
 * request (verbatim).
 */
export const SOMETHING_WENT_WRONG =
  "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.";
