import { z } from 'zod';

/**
 * The error body every failed /api/v1 call answers with. The spec (§8) fixes only statuses and
 * the client's messages; the body keeps the `data` envelope of §3 (null) and adds an `error`
 * object with an Italian message a person can read. Details stay in the server logs.
 */
export const ApiErrorBodySchema = z.object({
  data: z.null(),
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

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
  notFound: { status: 404, code: 'non-trovato', message: 'Elemento non trovato.' },
  routeNotFound: { status: 404, code: 'percorso-non-trovato', message: 'Percorso non trovato.' },
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
  internal: {
    status: 500,
    code: 'errore-interno',
    message: 'Si è verificato un errore interno, riprova più tardi.',
  },
} as const satisfies Record<string, { status: number; code: string; message: string }>;
export type ApiErrorKind = keyof typeof API_ERRORS;
