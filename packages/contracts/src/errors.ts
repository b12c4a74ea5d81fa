/**
 * The error body every failed /api/v1 call answers with. The spec (§8) fixes only statuses and
 * the client's messages; the body keeps the `data` envelope of §3 (null) and adds an `error`
 * object with an Italian message a person can read. Details stay in the server logs. A plain
 * type, no schema: every page's script reads these errors, and zod stays out of them (ADR 020).
 */
export interface ApiErrorBody {
  data: null;
  error: {
    status: number;
    code: string;
    message: string;
    issues?: { path: string; message: string }[];
    /** A save over a newer version of the record (`editConflict`, ADR 041). */
    conflict?: EditConflict;
  };
}

/**
 * What a 409 `editConflict` carries (ADR 041): the record as it is now and the saves made since
 * the version the form was read at, so the screen can say who changed what and when.
 */
export interface EditConflict {
  /** The record as its form reads it now, with its `version`. */
  current: Record<string, unknown>;
  /** The saves since, newest first: when, by whom, and the fields as the audit log names them. */
  changes: { at: string; actorEmail: string; fields: string[] }[];
}

/** Machine-readable error codes and their Italian messages. */
export const API_ERRORS = {
  invalidRequest: {
    status: 400,
    code: 'richiesta-non-valida',
    message: 'La richiesta non è valida.',
  },
  invalidPagingToken: {
    status: 400,
    code: 'paginazione-non-valida',
    message: 'Il riferimento alla pagina non è valido.',
  },
  unauthorized: { status: 401, code: 'non-autenticato', message: 'Accesso richiesto.' },
  forbidden: { status: 403, code: 'non-permesso', message: 'Operazione non permessa.' },
  twoFactorRequired: {
    status: 403,
    code: 'verifica-due-passaggi-richiesta',
    message:
      'Per usare l’amministrazione attiva prima la verifica in due passaggi da "Sicurezza dell’account".',
  },
  membershipLapsed: {
    status: 403,
    code: 'socio-decaduto',
    message:
      'La tua iscrizione è decaduta per quote non pagate: l’area riservata non è disponibile finché non paghi le quote arretrate o presenti una nuova domanda.',
  },
  // An events' account of a person who is not a member (ADR 055).
  reservedToMembers: {
    status: 403,
    code: 'riservato-ai-soci',
    message:
      'L’area riservata è per i Soci e gli Affiliati: con il tuo account per gli eventi puoi iscriverti agli eventi e trovare le tue iscrizioni in «Le mie iscrizioni».',
  },
  notFound: { status: 404, code: 'non-trovato', message: 'Elemento non trovato.' },
  routeNotFound: { status: 404, code: 'percorso-non-trovato', message: 'Percorso non trovato.' },
  methodNotAllowed: {
    status: 405,
    code: 'metodo-non-permesso',
    message: 'Metodo non permesso per questo indirizzo.',
  },
  // Requests Node's HTTP parser ends before any route sees them (ADR 028): too slow to arrive
  // (REQUEST_TIMEOUT_SECONDS, ADR 027), or with headers beyond Node's limit.
  requestTimeout: {
    status: 408,
    code: 'richiesta-scaduta',
    message: 'La richiesta è arrivata troppo lentamente ed è stata interrotta: riprova.',
  },
  headersTooLarge: {
    status: 431,
    code: 'intestazioni-troppo-grandi',
    message: 'Le intestazioni della richiesta sono troppo grandi.',
  },
  // A save over a version of the record newer than the one the form was read at (ADR 041).
  editConflict: {
    status: 409,
    code: 'modificato-da-altri',
    message:
      'Qualcun altro ha modificato questo elemento dopo che lo hai aperto: ricarica per vedere la versione attuale, oppure salva di nuovo per sovrascriverla.',
  },
  // A request the record's state no longer allows (an expired offer, a registration that
  // cannot be cancelled any more); its issue says why in words.
  stateConflict: {
    status: 409,
    code: 'stato-non-compatibile',
    message: 'L’operazione non è possibile nello stato attuale.',
  },
  payloadTooLarge: {
    status: 413,
    code: 'richiesta-troppo-grande',
    message: 'La richiesta supera la dimensione consentita.',
  },
  unsupportedMediaType: {
    status: 415,
    code: 'formato-non-supportato',
    message: 'Il formato della richiesta non è supportato.',
  },
  tooManyRequests: {
    status: 429,
    code: 'troppe-richieste',
    message: 'Troppe richieste, riprova tra qualche minuto.',
  },
  serviceUnavailable: {
    status: 503,
    code: 'servizio-non-disponibile',
    message: 'Il servizio è momentaneamente non disponibile, riprova tra qualche istante.',
  },
  // Sign-in limits (ADR 021): the answer carries Retry-After.
  signInDelayed: {
    status: 429,
    code: 'accesso-rallentato',
    message:
      'Troppi tentativi di accesso non riusciti per questo account: attendi qualche secondo (al massimo un minuto) e riprova.',
  },
  passwordCheckBusy: {
    status: 503,
    code: 'accesso-occupato',
    message: 'Troppe richieste di accesso in questo momento: riprova tra qualche secondo.',
  },
  resetLinkInvalid: {
    status: 404,
    code: 'link-non-valido',
    message:
      'Il collegamento per scegliere la password non è più valido: è già stato usato o è scaduto. Richiedine uno nuovo.',
  },
  uploadsBusy: {
    status: 503,
    code: 'caricamenti-occupati',
    message: 'Il server sta già ricevendo altri file: riprova tra qualche secondo.',
  },
  internal: {
    status: 500,
    code: 'errore-interno',
    message: 'Si è verificato un errore interno, riprova più tardi.',
  },
} as const satisfies Record<string, { status: number; code: string; message: string }>;
export type ApiErrorKind = keyof typeof API_ERRORS;
