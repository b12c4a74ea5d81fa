/**
 * The rules of the sponsorship request (spec §3, §5, §9), shared by the /patrocini form and by
 * the server's schema (`sponsorship.ts`). No zod here: the form's bundle imports this module.
 */
import { isValidEmail, VALIDATION_MESSAGES } from './messages.js';
import { isWebAddress } from './web-address.js';

// Web addresses live in a module of their own, so pages can check links without this one.
export { isWebAddress, withWebScheme } from './web-address.js';

/** `richiesta` values (spec §3). */
export const SPONSORSHIP_REQUEST_KINDS = ['Patrocinio', 'Pubblicazione sul sito'] as const;
export type SponsorshipRequestKind = (typeof SPONSORSHIP_REQUEST_KINDS)[number];

/** `tipoEvento` values (spec §3). */
export const SPONSORSHIP_EVENT_KINDS = ['Nazionale', 'Regionale'] as const;
export type SponsorshipEventKind = (typeof SPONSORSHIP_EVENT_KINDS)[number];

/** Limits of the form and of the API. */
export const SPONSORSHIP_LIMITS = {
  /** PDF attachments per request (spec §5, §9). */
  maxAttachments: 5,
  /** Default largest attachment, decoded; the server's SPONSORSHIP_MAX_FILE_MB overrides it. */
  defaultMaxFileMb: 10,
  maxFileNameLength: 200,
} as const;

/** Longest accepted text per field (characters, after trimming). */
export const SPONSORSHIP_TEXT_LIMITS = {
  richiedente: 200,
  email: 254,
  ente: 200,
  telefono: 30,
  titoloEvento: 300,
  luogo: 200,
  sede: 300,
  organizzatore: 300,
  sitoWeb: 500,
  segreteriaScientifica: 1000,
  segreteriaOrganizzativa: 1000,
  altriEntiPatrocinanti: 1000,
  contenutiEvento: 5000,
} as const;

/** The form's values as the visitor types them; the API body carries the same names. */
export interface SponsorshipFormValues {
  richiedente: string;
  email: string;
  ente: string;
  telefono: string;
  /** '' (not chosen) or one of SPONSORSHIP_REQUEST_KINDS. */
  richiesta: string;
  /** '' (not chosen) or one of SPONSORSHIP_EVENT_KINDS. */
  tipoEvento: string;
  titoloEvento: string;
  /** `YYYY-MM-DD`, as `<input type="date">` gives it. */
  dataInizio: string;
  dataFine: string;
  luogo: string;
  sede: string;
  organizzatore: string;
  sitoWeb: string;
  segreteriaScientifica: string;
  segreteriaOrganizzativa: string;
  altriEntiPatrocinanti: string;
  contenutiEvento: string;
  accettaPrivacy: boolean;
}
export type SponsorshipField = keyof SponsorshipFormValues;
export type SponsorshipTextField = Exclude<SponsorshipField, 'accettaPrivacy'>;

export const EMPTY_SPONSORSHIP_FORM: SponsorshipFormValues = {
  richiedente: '',
  email: '',
  ente: '',
  telefono: '',
  richiesta: '',
  tipoEvento: '',
  titoloEvento: '',
  dataInizio: '',
  dataFine: '',
  luogo: '',
  sede: '',
  organizzatore: '',
  sitoWeb: '',
  segreteriaScientifica: '',
  segreteriaOrganizzativa: '',
  altriEntiPatrocinanti: '',
  contenutiEvento: '',
  accettaPrivacy: false,
};

/** Italian names of the fields: the form's labels and the secretariat e-mail's. */
export const SPONSORSHIP_FIELD_LABELS: Record<SponsorshipField, string> = {
  richiedente: 'Richiedente',
  email: 'E-mail',
  ente: 'Ente',
  telefono: 'Telefono',
  richiesta: 'Tipo di richiesta',
  tipoEvento: 'Tipo di evento',
  titoloEvento: 'Titolo dell’evento',
  dataInizio: 'Data di inizio',
  dataFine: 'Data di fine',
  luogo: 'Luogo',
  sede: 'Sede',
  organizzatore: 'Organizzatore',
  sitoWeb: 'Sito web',
  segreteriaScientifica: 'Segreteria scientifica',
  segreteriaOrganizzativa: 'Segreteria organizzativa',
  altriEntiPatrocinanti: 'Altri enti patrocinanti',
  contenutiEvento: 'Contenuti dell’evento',
  accettaPrivacy: 'Consenso al trattamento dei dati personali',
};

/** Required fields (spec §5); `accettaPrivacy` must be ticked as well. */
export const SPONSORSHIP_REQUIRED_FIELDS = [
  'richiedente',
  'ente',
  'tipoEvento',
  'titoloEvento',
  'dataInizio',
  'dataFine',
  'luogo',
] as const satisfies readonly SponsorshipTextField[];

/** Fields typed on one line: runs of white space (line breaks included) become one space. */
export const SPONSORSHIP_SINGLE_LINE_FIELDS = [
  'richiedente',
  'email',
  'ente',
  'telefono',
  'richiesta',
  'tipoEvento',
  'titoloEvento',
  'dataInizio',
  'dataFine',
  'luogo',
  'sede',
  'organizzatore',
  'sitoWeb',
] as const satisfies readonly SponsorshipTextField[];

/** Italian messages of the form and the API. §5's e-mail and privacy texts are verbatim. */
export const SPONSORSHIP_MESSAGES = {
  required: 'Campo obbligatorio.',
  email: VALIDATION_MESSAGES.email,
  privacy: VALIDATION_MESSAGES.newsletterPrivacy,
  url: 'Inserisci un indirizzo web completo, per esempio https://www.esempio.it',
  phone: 'Inserisci un numero di telefono valido.',
  date: 'Inserisci una data valida.',
  endBeforeStart: 'La data di fine non può precedere la data di inizio.',
  requestKind: `Scegli tra ${SPONSORSHIP_REQUEST_KINDS.join(' e ')}.`,
  eventKind: `Scegli tra ${SPONSORSHIP_EVENT_KINDS.join(' e ')}.`,
  tooLong: (max: number) => `Puoi scrivere al massimo ${max} caratteri.`,
  noAttachments: 'Allega almeno un file PDF.',
  tooManyAttachments: `Puoi allegare al massimo ${SPONSORSHIP_LIMITS.maxAttachments} file PDF.`,
  invalidBase64: VALIDATION_MESSAGES.invalidBase64,
  notPdf: 'Il file non è un PDF.',
  fileName: 'Il nome del file non è valido.',
  fileTooLarge: (maxMb: number) => `Il file supera la dimensione massima di ${maxMb} MB.`,
} as const;

/** A real calendar date written `YYYY-MM-DD` (spec §5: a date is valid only if it is real). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A loose phone check: digits with the usual separators, 6 to 30 characters. */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[0-9(][0-9 ./()-]{4,28}[0-9)]$/.test(value);
}

/** Trims every text; single-line fields also lose inner line breaks and repeated spaces. */
export function normaliseSponsorshipValues(values: SponsorshipFormValues): SponsorshipFormValues {
  const normalised = { ...values };
  for (const field of Object.keys(values) as SponsorshipField[]) {
    const value = values[field];
    if (typeof value !== 'string') continue;
    const single = (SPONSORSHIP_SINGLE_LINE_FIELDS as readonly string[]).includes(field);
    (normalised as Record<string, unknown>)[field] = single
      ? value.replace(/\s+/g, ' ').trim()
      : value.replace(/\r\n?/g, '\n').trim();
  }
  return normalised;
}

/**
 * The first problem of each field (spec §5), or nothing when the values are acceptable. Used
 * by the form to show messages and by the API to refuse a request.
 */
export function sponsorshipFieldErrors(
  input: SponsorshipFormValues,
): Partial<Record<SponsorshipField, string>> {
  const values = normaliseSponsorshipValues(input);
  const errors: Partial<Record<SponsorshipField, string>> = {};
  for (const field of SPONSORSHIP_REQUIRED_FIELDS) {
    if (values[field] === '') errors[field] = SPONSORSHIP_MESSAGES.required;
  }
  for (const [field, max] of Object.entries(SPONSORSHIP_TEXT_LIMITS) as [
    SponsorshipTextField,
    number,
  ][]) {
    if (errors[field] === undefined && values[field].length > max)
      errors[field] = SPONSORSHIP_MESSAGES.tooLong(max);
  }
  const check = (field: SponsorshipTextField, ok: (value: string) => boolean, message: string) => {
    if (errors[field] === undefined && values[field] !== '' && !ok(values[field]))
      errors[field] = message;
  };
  check('email', isValidEmail, SPONSORSHIP_MESSAGES.email);
  check('telefono', isPhoneNumber, SPONSORSHIP_MESSAGES.phone);
  check('sitoWeb', isWebAddress, SPONSORSHIP_MESSAGES.url);
  check('dataInizio', isRealDate, SPONSORSHIP_MESSAGES.date);
  check('dataFine', isRealDate, SPONSORSHIP_MESSAGES.date);
  check(
    'richiesta',
    (value) => (SPONSORSHIP_REQUEST_KINDS as readonly string[]).includes(value),
    SPONSORSHIP_MESSAGES.requestKind,
  );
  check(
    'tipoEvento',
    (value) => (SPONSORSHIP_EVENT_KINDS as readonly string[]).includes(value),
    SPONSORSHIP_MESSAGES.eventKind,
  );
  if (
    errors.dataInizio === undefined &&
    errors.dataFine === undefined &&
    values.dataFine < values.dataInizio
  ) {
    errors.dataFine = SPONSORSHIP_MESSAGES.endBeforeStart;
  }
  if (values.accettaPrivacy !== true) errors.accettaPrivacy = SPONSORSHIP_MESSAGES.privacy;
  return errors;
}

/** A PDF by its name or media type, as a file picker or a drop reports it (spec §5: PDF only). */
export function looksLikePdf(file: { name: string; type: string }): boolean {
  return file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
}

/**
 * Which of `incoming` may join `existingNames` (spec §5): a name already present (or repeated
 * within `incoming`) is skipped, and additions beyond the cap are ignored silently.
 */
export function acceptAttachments<T extends { name: string }>(
  existingNames: readonly string[],
  incoming: readonly T[],
  max: number = SPONSORSHIP_LIMITS.maxAttachments,
): T[] {
  const names = new Set(existingNames);
  const accepted: T[] = [];
  for (const file of incoming) {
    if (names.size >= max) break;
    if (names.has(file.name)) continue;
    names.add(file.name);
    accepted.push(file);
  }
  return accepted;
}

/** Standard base64 (RFC 4648 §4) with padding, nothing else: no data-URL prefix, no spaces. */
export function isStrictBase64(value: string): boolean {
  return value.length > 0 && value.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(value);
}

/** Bytes a strict base64 string decodes to. */
export function base64DecodedBytes(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return (value.length / 4) * 3 - padding;
}
