import { isIP } from 'node:net';
import path from 'node:path';
import { isValidEmail, type SocietyStatus } from '@sodalis/contracts';
import { z } from 'zod';
import { DEFAULT_CONTENT_CACHE_BYTES } from './cache/content-cache.js';
import type { PublicForm, PublicFormLimits } from './security/public-forms.js';

/**
 * Configuration from the environment, validated once at boot (DESIGN.md; STYLE.md #6) by one
 * zod schema, ENVIRONMENT, where each variable is described once (`.env.example` lists the same
 * ones, checked by a test). A bad value stops the start with one line per bad variable naming
 * it and what is wrong.
 */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data folder: database file, files, mail, generated secrets. */
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded SQLite database. */
  databaseUrl: string | null;
  jwtSecret: string | null;
  smtpUrl: string | null;
  publicBaseUrl: string;
  societyAcronym: string;
  /** The society's full name (footer, e-mails). */
  societyName: string;
  /** The society's handle on X, named with "via" in share links (spec §2.14). */
  xHandle: string;
  /** Accredited, ETS, exempt from stamp duty: which transparency sections apply (ADR 026). */
  societyStatus: SocietyStatus;
  /** The society's legal data printed on every receipt (ADR 030). */
  societyLegal: SocietyLegalData;
  demoContent: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Trust X-Forwarded-* from a reverse proxy (needed for client IPs behind a load balancer):
   * every hop (`true`) or only the listed proxy addresses/ranges, so a client cannot forge its
   * address (rate limits and sign-in throttling are per address).
   */
  trustProxy: boolean | string[];
  production: boolean;
  /** Sender and recipients of the mail the site sends (ADR 008). */
  mail: MailConfig;
  /** Deliveries tried per outbox row before it is marked dead. */
  outboxMaxAttempts: number;
  /** Memory for the cached public answers and rendered pages, in bytes (ADR 005, ADR 020). */
  contentCacheBytes: number;
  sponsorship: { maxFileBytes: number; maxFileMb: number; requestsPerHour: number };
  newsletter: { requestsPerHour: number };
  /** Hourly caps of the public forms and their files' disk budget (ADR 040). */
  publicForms: Record<PublicForm, PublicFormLimits>;
  publicUploadBytesPerHour: number;
  /** MailUp, where confirmed newsletter addresses are forwarded; null keeps them here only. */
  mailup: MailUpConfig | null;
  /** PayPal for the fee payment (ADR 012). */
  paypal: PayPalConfig;
  /** Staff (`segreteria`) sessions and two-factor sign-in (ADR 017). */
  staff: StaffSecurityConfig;
  /** Bearer token of the Prometheus `/metrics`; null: no metrics endpoint (ADR 028). */
  metricsToken: string | null;
  /** The bounded argon2 queue of sign-ins and new passwords (ADR 021). */
  passwordHashing: { concurrency: number; queue: number };
  /**
   * Bytes of upload bodies received at once, across every route (ADR 027); null: twice the
   * largest upload route's body limit.
   */
  uploadsInFlightBytes: number | null;
  /** How long a request may take to arrive whole, headers and body (ADR 027). */
  requestTimeoutMs: number;
  /** The statute's dues rules and the member numbers (ADR 024). */
  membership: MembershipConfig;
}

/** What a receipt says of the issuer (ADR 030). */
export interface SocietyLegalData {
  address: string;
  taxCode: string;
  vatNumber: string | null;
}

export interface MembershipConfig {
  /** Last day (`MM-DD`) of a year on which its due still counts as on time. */
  graceUntil: string;
  /** Consecutive missed years after which a member lapses. */
  lapseAfterYears: number;
  /** Member numbers: `{n}` or `{n:5}` the progressive (zero-padded), `{anno}` the year. */
  memberNumberFormat: string;
  /** The account dues are transferred to (ADR 029); null: the fee page offers no transfer. */
  bankAccount: { iban: string; holder: string } | null;
  /** Dues reminders (ADR 030): days from 1 January of the year due, and days before lapsing (0: none). */
  reminderDays: number[];
  lapseWarningDays: number;
  /** Day of the month (1–28) of the arrears reminder; 0: none (ADR 030, 27 November 2026). */
  arrearsReminderDay: number;
}

export interface StaffSecurityConfig {
  /** Lifetime of a staff session token, minutes (members keep SESSION_LIFETIME_SECONDS). */
  sessionMinutes: number;
  /** Staff without two-factor reach only its enrolment in the back office. */
  twoFactorRequired: boolean;
}

export interface PayPalConfig {
  /** Public client id the browser's SDK needs; null: the payment panels say payments are off. */
  clientId: string | null;
  env: 'sandbox' | 'live';
  /** REST API of PayPal (tests point it at a stand-in on loopback). */
  apiBaseUrl: string;
  /** Client id + secret: the server verifies orders with PayPal; null: records stay unverified. */
  credentials: { clientId: string; clientSecret: string } | null;
  /** The webhook's id at PayPal; null: webhooks are not accepted. */
  webhookId: string | null;
  /** Payment reports accepted per client IP in an hour. */
  reportsPerHour: number;
}

export interface MailConfig {
  /** `From:` of every message, `Nome <indirizzo>` or a bare address. */
  from: string;
  /** Who receives sponsorship requests. */
  secretariat: string[];
}

export interface MailUpConfig {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  listId: number;
  /** Base address of MailUp's services (tests point it at a stand-in on loopback). */
  apiUrl: string;
}

export class ConfigError extends Error {
  /**
   * `variable` is the first bad one; `others` are the further bad variables of the same
   * environment, each on its own line of the message.
   */
  constructor(
    readonly variable: string,
    problem: string,
    others: readonly { variable: string; problem: string }[] = [],
  ) {
    super(
      [{ variable, problem }, ...others]
        .map((bad) => `Configurazione non valida: ${bad.variable} ${bad.problem}`)
        .join('\n'),
    );
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** A value the variable's parser refuses, with what is wrong (Italian, after the name). */
class Invalid {
  constructor(readonly problem: string) {}
}

/**
 * One variable: absent or blank is `undefined`, otherwise `parse` reads the trimmed text or
 * answers Invalid. Defaults that depend on other variables are set in ENVIRONMENT's transform.
 */
function variable<T>(description: string, parse: (value: string) => T | Invalid) {
  return z
    .string()
    .optional()
    .transform((value, context): T | undefined => {
      if (value === undefined) return undefined;
      const parsed = parse(value);
      if (!(parsed instanceof Invalid)) return parsed;
      context.addIssue({ code: 'custom', message: parsed.problem });
      return z.NEVER;
    })
    .describe(description);
}

const text = (description: string) => variable(description, (value) => value);

function booleanText(value: string): boolean | Invalid {
  const lower = value.toLowerCase();
  if (['1', 'true', 'on', 'yes', 'si', 'sì'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  return new Invalid(`deve essere true o false (ricevuto "${value}").`);
}

const boolean = (description: string) => variable(description, booleanText);

function integer(description: string, min: number, max: number) {
  return variable(description, (value) => {
    const number = Number(value);
    return /^\d+$/.test(value) && number >= min && number <= max
      ? number
      : new Invalid(`deve essere un numero intero tra ${min} e ${max} (ricevuto "${value}").`);
  });
}

/** An address with one of `protocols`, without trailing slashes when `trimSlashes`. */
function url(description: string, protocols: string[], trimSlashes = false) {
  return variable(description, (value) => {
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      return new Invalid('non è un indirizzo valido.');
    }
    if (!protocols.includes(parsed.protocol)) {
      return new Invalid(`deve iniziare con ${protocols.map((p) => `${p}//`).join(' o ')}.`);
    }
    return trimSlashes ? value.replace(/\/+$/, '') : value;
  });
}

function matching(description: string, pattern: RegExp, problem: (value: string) => string) {
  return variable(description, (value) =>
    pattern.test(value) ? value : new Invalid(problem(value)),
  );
}

function oneOf<const T extends string>(
  description: string,
  choices: readonly T[],
  problem: (value: string) => string,
) {
  return variable(description, (value) =>
    (choices as readonly string[]).includes(value) ? (value as T) : new Invalid(problem(value)),
  );
}

/** TRUST_PROXY: true/false, or the proxies' addresses and CIDR ranges separated by commas. */
function trustProxyText(value: string): boolean | string[] | Invalid {
  if (!/[.:]/.test(value)) return booleanText(value);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const valid = (entry: string) => {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits >= 0 && bits <= (family === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    return new Invalid(
      `deve essere true, false o un elenco di indirizzi IP o reti CIDR dei proxy separati da virgole (ricevuto "${value}").`,
    );
  }
  return entries;
}

/** `Nome <indirizzo>` or a bare address; answers the address. */
function mailboxAddress(value: string): string | null {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && isValidEmail(address) ? address : null;
}

const PAYPAL_API_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/**
 * The browser treats a token as ended 3000 s (50 minutes, spec §9) before its `exp`: a staff
 * session must be well longer than that to be usable (90 minutes leave 40 of work), and not
 * longer than a member's (12 h).
 */
const STAFF_SESSION_MINUTES = { fallback: 180, min: 90, max: 720 } as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const RATE_LIMIT_MAX = 100_000;

/** Every variable the server reads, each described once (`.env.example` mirrors this list). */
export const ENVIRONMENT_VARIABLES = z.object({
  NODE_ENV: text('production: serves the built web app; development: Vite; else the API alone.'),
  PORT: variable('HTTP port (0: any free port).', (value) => {
    const port = Number(value);
    return /^\d+$/.test(value) && port >= 0 && port <= 65535
      ? port
      : new Invalid(`deve essere un numero tra 0 e 65535 (ricevuto "${value}").`);
  }),
  HOST: variable('Address the server listens on.', (value) =>
    /\s/.test(value) ? new Invalid('non può contenere spazi.') : value,
  ),
  DATA_DIR: text('Data folder (database file, files, mail, generated secrets).'),
  DATABASE_URL: url('PostgreSQL connection string; unset: the embedded SQLite database.', [
    'postgres:',
    'postgresql:',
  ]),
  JWT_SECRET: variable(
    'Secret of the session tokens (32+ characters); unset: generated in DATA_DIR.',
    (value) => (value.length < 32 ? new Invalid('deve essere lungo almeno 32 caratteri.') : value),
  ),
  SMTP_URL: url('Outgoing mail server; unset: mail is written to DATA_DIR.', ['smtp:', 'smtps:']),
  PUBLIC_BASE_URL: url('Public address of the site (links in mails).', ['http:', 'https:'], true),
  SOCIETY_ACRONYM: matching(
    'The society’s acronym.',
    /^[A-Za-z][A-Za-z0-9]{1,11}$/,
    (value) =>
      `deve essere una sigla di 2-12 lettere o cifre che inizia con una lettera (ricevuto "${value}").`,
  ),
  SOCIETY_NAME: variable('The society’s full name (footer, e-mails).', (value) =>
    value.length > 200 ? new Invalid('può contenere al massimo 200 caratteri.') : value,
  ),
  SOCIAL_X_HANDLE: variable('The society’s handle on X, in share links (spec §2.14).', (value) => {
    const handle = value.replace(/^@/, '');
    return /^[A-Za-z0-9_]{1,15}$/.test(handle)
      ? handle
      : new Invalid('deve essere un nome utente di X (lettere, cifre e _, al massimo 15).');
  }),
  SOCIETY_ACCREDITED: boolean('Accredited by the Ministry of Health (transparency sections).'),
  SOCIETY_ETS: boolean('An Ente del Terzo settore (transparency page).'),
  SOCIETY_STAMP_DUTY_EXEMPT: boolean('Exempt from stamp duty (transparency page, receipts).'),
  SOCIETY_ADDRESS: variable('The society’s registered address, on receipts.', (value) =>
    value.length > 200 ? new Invalid('può contenere al massimo 200 caratteri.') : value,
  ),
  SOCIETY_TAX_CODE: matching(
    'The society’s codice fiscale, on receipts.',
    /^[0-9]{11}$|^[A-Z0-9]{16}$/,
    (value) => `deve essere un codice fiscale di 11 cifre o 16 caratteri (ricevuto "${value}").`,
  ),
  SOCIETY_VAT_NUMBER: matching(
    'The society’s partita IVA, on receipts; unset: none printed.',
    /^[0-9]{11}$/,
    (value) => `deve essere una partita IVA di 11 cifre (ricevuto "${value}").`,
  ),
  DEMO_CONTENT: boolean('Load the demo content into an empty database.'),
  LOG_LEVEL: oneOf('Log level.', LOG_LEVELS, () => `deve essere uno tra ${LOG_LEVELS.join(', ')}.`),
  TRUST_PROXY: variable(
    'Trust X-Forwarded-* from every proxy (true) or only the listed addresses/CIDR ranges.',
    trustProxyText,
  ),
  MAIL_FROM: variable('Sender of the site’s mail, "Nome <indirizzo>" or an address.', (value) =>
    mailboxAddress(value) === null
      ? new Invalid('deve essere un indirizzo e-mail, anche nella forma "Nome <indirizzo>".')
      : value,
  ),
  SECRETARIAT_EMAIL: variable('Who receives sponsorship requests, comma-separated.', (value) => {
    const addresses = value.split(',').map((part) => part.trim());
    return addresses.every((address) => isValidEmail(address))
      ? addresses
      : new Invalid('deve essere un indirizzo e-mail o un elenco separato da virgole.');
  }),
  OUTBOX_MAX_ATTEMPTS: integer('Deliveries tried per outbox row before it is dead.', 1, 100),
  CONTENT_CACHE_MB: integer('Memory for cached public answers and pages, megabytes.', 1, 1024),
  SPONSORSHIP_MAX_FILE_MB: variable('Largest sponsorship attachment, megabytes.', (value) => {
    const number = Number(value);
    return /^\d+(\.\d+)?$/.test(value) && number > 0 && number <= 50
      ? number
      : new Invalid(
          `deve essere un numero di megabyte maggiore di 0 e al massimo 50 (ricevuto "${value}").`,
        );
  }),
  SPONSORSHIP_RATE_LIMIT_PER_HOUR: integer(
    'Sponsorship requests accepted per client IP in an hour.',
    1,
    RATE_LIMIT_MAX,
  ),
  NEWSLETTER_RATE_LIMIT_PER_HOUR: integer(
    'Newsletter sign-ups accepted per client IP in an hour.',
    1,
    RATE_LIMIT_MAX,
  ),
  APPLICATION_RATE_LIMIT_PER_HOUR: integer(
    'Membership applications accepted per client IP in an hour.',
    1,
    RATE_LIMIT_MAX,
  ),
  APPLICATIONS_PER_HOUR: integer(
    'Membership applications accepted in an hour from all addresses together.',
    1,
    RATE_LIMIT_MAX,
  ),
  SPONSORSHIP_REQUESTS_PER_HOUR: integer(
    'Sponsorship requests accepted in an hour from all addresses together.',
    1,
    RATE_LIMIT_MAX,
  ),
  NEWSLETTER_SIGNUPS_PER_HOUR: integer(
    'Newsletter sign-ups accepted in an hour from all addresses together.',
    1,
    RATE_LIMIT_MAX,
  ),
  PUBLIC_UPLOADS_MB_PER_HOUR: integer(
    'Megabytes of files the public forms (CVs, sponsorship attachments) may store in an hour.',
    1,
    1_000_000,
  ),
  MAILUP_CLIENT_ID: text('MailUp client id (all MAILUP_* credentials or none).'),
  MAILUP_CLIENT_SECRET: text('MailUp client secret.'),
  MAILUP_USERNAME: text('MailUp console user.'),
  MAILUP_PASSWORD: text('MailUp console password.'),
  MAILUP_LIST_ID: integer('MailUp list of the newsletter.', 1, 999_999_999),
  MAILUP_API_URL: url('MailUp services address (tests: a stand-in).', ['https:', 'http:'], true),
  PAYPAL_CLIENT_ID: matching(
    'PayPal client id; unset: payments are off.',
    /^[A-Za-z0-9_-]{1,200}$/,
    () => 'non è un client id PayPal (lettere, cifre, - e _).',
  ),
  PAYPAL_CLIENT_SECRET: text('PayPal secret: the server verifies orders with PayPal.'),
  PAYPAL_ENV: oneOf(
    'PayPal environment.',
    ['sandbox', 'live'] as const,
    (value) => `deve essere sandbox o live (ricevuto "${value}").`,
  ),
  PAYPAL_WEBHOOK_ID: matching(
    'Id of the PayPal webhook; unset: webhooks are refused.',
    /^[A-Za-z0-9-]{1,64}$/,
    () => 'non è un id di webhook PayPal.',
  ),
  PAYPAL_API_BASE_URL: url(
    'PayPal REST API address (tests: a stand-in).',
    ['https:', 'http:'],
    true,
  ),
  PAYMENT_RATE_LIMIT_PER_HOUR: integer(
    'Payment reports accepted per client IP in an hour.',
    1,
    RATE_LIMIT_MAX,
  ),
  STAFF_SESSION_MINUTES: integer(
    'Lifetime of a staff session, minutes.',
    STAFF_SESSION_MINUTES.min,
    STAFF_SESSION_MINUTES.max,
  ),
  STAFF_TWO_FACTOR_REQUIRED: boolean('Staff without two-factor reach only its enrolment.'),
  METRICS_TOKEN: variable(
    'Bearer token of the Prometheus /metrics (32+ characters); unset: no metrics endpoint.',
    (value) =>
      value.length < 32 || /\s/.test(value)
        ? new Invalid('deve essere lungo almeno 32 caratteri, senza spazi.')
        : value,
  ),
  PASSWORD_HASHING_CONCURRENCY: integer('argon2 computations running at once.', 1, 64),
  REQUEST_TIMEOUT_SECONDS: integer(
    'Seconds a request may take to arrive whole; a slower one answers 408.',
    1,
    3600,
  ),
  UPLOADS_IN_FLIGHT_MB: integer(
    'Upload bodies received at once across every route, megabytes; one more answers 503.',
    1,
    4096,
  ),
  PASSWORD_HASHING_QUEUE: integer(
    'argon2 computations that may wait; one more answers 503.',
    0,
    10_000,
  ),
  MEMBERSHIP_GRACE_UNTIL: variable('Last day (MM-DD) a year’s due counts as on time.', (value) => {
    const match = /^(\d{2})-(\d{2})$/.exec(value);
    const day = match === null ? NaN : Date.parse(`2001-${value}T00:00:00Z`);
    return match !== null &&
      !Number.isNaN(day) &&
      new Date(day).toISOString().slice(5, 10) === value
      ? value
      : new Invalid(
          `deve essere un giorno dell’anno nella forma MM-GG, per esempio 03-31 (ricevuto "${value}").`,
        );
  }),
  MEMBERSHIP_LAPSE_AFTER_YEARS: integer('Consecutive unpaid years before a member lapses.', 1, 10),
  DUES_REMINDER_DAYS: variable(
    'Days from 1 January of the year due on which a dues reminder is sent (ADR 030).',
    (value) => {
      const days = value.split(',').map((part) => part.trim());
      return days.length > 0 && days.every((day) => /^[-+]?\d{1,3}$/.test(day))
        ? [...new Set(days.map(Number))].sort((a, b) => a - b)
        : new Invalid(
            `deve essere un elenco di giorni rispetto al 1° gennaio separati da virgole, per esempio -30,0,30,60 (ricevuto "${value}").`,
          );
    },
  ),
  DUES_REMINDER_LAPSE_WARNING_DAYS: integer(
    'Days before a member would lapse on which a warning is sent; 0: none (ADR 030).',
    0,
    365,
  ),
  DUES_REMINDER_ARREARS_DAY: integer(
    'Day of the month (1-28) on which members in arrears are reminded of every open year; 0: none (ADR 030).',
    0,
    28,
  ),
  BANK_IBAN: variable('IBAN dues are transferred to (ADR 029).', (value) => {
    const iban = value.replace(/\s+/g, '').toUpperCase();
    return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)
      ? iban
      : new Invalid(
          `deve essere un IBAN, per esempio IT60X0542811101000000123456 (ricevuto "${value}").`,
        );
  }),
  BANK_HOLDER: text('Holder of BANK_IBAN, as the member writes it on the transfer.'),
  MEMBER_NUMBER_FORMAT: variable(
    'Member numbers: {n} or {n:5} the progressive, {anno} the year.',
    (value) => {
      const rest = value.replaceAll('{anno}', '');
      const progressive = rest.match(/\{n(?::[1-9])?\}/g) ?? [];
      return progressive.length === 1 &&
        /^[A-Za-z0-9/._-]*$/.test(rest.replace(/\{n(?::[1-9])?\}/, '')) &&
        value.length <= 40
        ? value
        : new Invalid(
            `deve contenere una volta {n} (o {n:5} per 5 cifre) e può contenere {anno}, lettere, cifre e / . _ - (ricevuto "${value}").`,
          );
    },
  ),
});

type Variables = z.output<typeof ENVIRONMENT_VARIABLES>;
type VariableName = keyof Variables;

const MAILUP_CREDENTIALS = [
  'MAILUP_CLIENT_ID',
  'MAILUP_CLIENT_SECRET',
  'MAILUP_USERNAME',
  'MAILUP_PASSWORD',
  'MAILUP_LIST_ID',
] as const satisfies readonly VariableName[];

/** The rules across variables and the defaults that depend on other variables. */
function appConfig(
  env: Variables,
  cwd: string,
  refuse: (name: VariableName, problem: string) => void,
): AppConfig {
  const port = env.PORT ?? 3000;
  const databaseUrl = env.DATABASE_URL ?? null;
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${port || 3000}`;
  const societyAcronym = env.SOCIETY_ACRONYM ?? 'SIMTI';
  const sponsorshipMaxFileMb = env.SPONSORSHIP_MAX_FILE_MB ?? 10;
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR ?? './data'),
    databaseUrl,
    jwtSecret: env.JWT_SECRET ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    publicBaseUrl,
    societyAcronym,
    societyName:
      env.SOCIETY_NAME ?? 'Società Italiana di Medicina Trasfusionale e Immunoematologia',
    xHandle: env.SOCIAL_X_HANDLE ?? societyAcronym,
    societyStatus: {
      accredited: env.SOCIETY_ACCREDITED ?? true,
      ets: env.SOCIETY_ETS ?? false,
      stampDutyExempt: env.SOCIETY_STAMP_DUTY_EXEMPT ?? false,
    },
    societyLegal: {
      address: env.SOCIETY_ADDRESS ?? 'Via Dimostrativa 1, 00100 Roma RM',
      taxCode: env.SOCIETY_TAX_CODE ?? '97000000000',
      vatNumber: env.SOCIETY_VAT_NUMBER ?? null,
    },
    demoContent: env.DEMO_CONTENT ?? databaseUrl === null,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY ?? false,
    production: env.NODE_ENV === 'production',
    mail: mailConfig(env, publicBaseUrl, societyAcronym),
    outboxMaxAttempts: env.OUTBOX_MAX_ATTEMPTS ?? 20,
    contentCacheBytes:
      env.CONTENT_CACHE_MB === undefined
        ? DEFAULT_CONTENT_CACHE_BYTES
        : env.CONTENT_CACHE_MB * 1024 * 1024,
    sponsorship: {
      maxFileMb: sponsorshipMaxFileMb,
      maxFileBytes: Math.floor(sponsorshipMaxFileMb * 1024 * 1024),
      requestsPerHour: env.SPONSORSHIP_RATE_LIMIT_PER_HOUR ?? 10,
    },
    newsletter: { requestsPerHour: env.NEWSLETTER_RATE_LIMIT_PER_HOUR ?? 20 },
    // The public forms' hourly caps from all addresses and their files' disk budget (ADR 040);
    // the per-address limits of sponsorship and newsletter are the routes' own, above.
    publicForms: {
      application: {
        perAddressPerHour: env.APPLICATION_RATE_LIMIT_PER_HOUR ?? 5,
        perHour: env.APPLICATIONS_PER_HOUR ?? 60,
      },
      sponsorship: { perAddressPerHour: null, perHour: env.SPONSORSHIP_REQUESTS_PER_HOUR ?? 60 },
      newsletter: { perAddressPerHour: null, perHour: env.NEWSLETTER_SIGNUPS_PER_HOUR ?? 500 },
    },
    publicUploadBytesPerHour: (env.PUBLIC_UPLOADS_MB_PER_HOUR ?? 500) * 1024 * 1024,
    mailup: mailUpConfig(env, refuse),
    paypal: payPalConfig(env, refuse),
    staff: {
      sessionMinutes: env.STAFF_SESSION_MINUTES ?? STAFF_SESSION_MINUTES.fallback,
      twoFactorRequired: env.STAFF_TWO_FACTOR_REQUIRED ?? false,
    },
    metricsToken: env.METRICS_TOKEN ?? null,
    passwordHashing: {
      concurrency: env.PASSWORD_HASHING_CONCURRENCY ?? 2,
      queue: env.PASSWORD_HASHING_QUEUE ?? 16,
    },
    uploadsInFlightBytes:
      env.UPLOADS_IN_FLIGHT_MB === undefined ? null : env.UPLOADS_IN_FLIGHT_MB * 1024 * 1024,
    // Ten minutes: a 40 MB staff upload on a 1 Mbit/s line arrives in about five.
    requestTimeoutMs: (env.REQUEST_TIMEOUT_SECONDS ?? 600) * 1000,
    membership: {
      graceUntil: env.MEMBERSHIP_GRACE_UNTIL ?? '03-31',
      lapseAfterYears: env.MEMBERSHIP_LAPSE_AFTER_YEARS ?? 2,
      reminderDays: env.DUES_REMINDER_DAYS ?? [-30, 0, 30, 60],
      lapseWarningDays: env.DUES_REMINDER_LAPSE_WARNING_DAYS ?? 30,
      arrearsReminderDay: env.DUES_REMINDER_ARREARS_DAY ?? 15,
      memberNumberFormat: env.MEMBER_NUMBER_FORMAT ?? '{n:5}',
      bankAccount:
        env.BANK_IBAN === undefined
          ? null
          : {
              iban: env.BANK_IBAN,
              holder:
                env.BANK_HOLDER ??
                env.SOCIETY_NAME ??
                'Società Italiana di Medicina Trasfusionale e Immunoematologia',
            },
    },
  };
}

function mailConfig(env: Variables, publicBaseUrl: string, societyAcronym: string): MailConfig {
  // Defaults on the site's domain (without "www."); a local or numeric host gets a placeholder.
  const hostname = new URL(publicBaseUrl).hostname;
  const host =
    hostname.includes('.') && !/^[\d.]+$/.test(hostname)
      ? hostname.replace(/^www\./, '')
      : 'localhost.localdomain';
  return {
    from: env.MAIL_FROM ?? `${societyAcronym} <noreply@${host}>`,
    secretariat: env.SECRETARIAT_EMAIL ?? [`segreteria@${host}`],
  };
}

/** MailUp is on when all of its credentials are set, off when none is; half a set is an error. */
function mailUpConfig(
  env: Variables,
  refuse: (name: VariableName, problem: string) => void,
): MailUpConfig | null {
  const { MAILUP_CLIENT_ID: clientId, MAILUP_CLIENT_SECRET: clientSecret } = env;
  const { MAILUP_USERNAME: username, MAILUP_PASSWORD: password, MAILUP_LIST_ID: listId } = env;
  if (MAILUP_CREDENTIALS.every((name) => env[name] === undefined)) return null;
  if (
    clientId === undefined ||
    clientSecret === undefined ||
    username === undefined ||
    password === undefined ||
    listId === undefined
  ) {
    const missing =
      MAILUP_CREDENTIALS.find((name) => env[name] === undefined) ?? 'MAILUP_CLIENT_ID';
    refuse(
      missing,
      `manca: le credenziali MailUp vanno date tutte (${MAILUP_CREDENTIALS.join(', ')}) o nessuna.`,
    );
    return null;
  }
  return {
    clientId,
    clientSecret,
    username,
    password,
    listId,
    apiUrl: env.MAILUP_API_URL ?? 'https://services.mailup.com',
  };
}

/** PayPal: the client id alone shows the button; with the secret the server verifies orders. */
function payPalConfig(
  env: Variables,
  refuse: (name: VariableName, problem: string) => void,
): PayPalConfig {
  const clientId = env.PAYPAL_CLIENT_ID ?? null;
  const clientSecret = env.PAYPAL_CLIENT_SECRET ?? null;
  const webhookId = env.PAYPAL_WEBHOOK_ID ?? null;
  if (clientSecret !== null && clientId === null) {
    refuse('PAYPAL_CLIENT_ID', 'manca: serve insieme a PAYPAL_CLIENT_SECRET.');
  }
  if (webhookId !== null && clientSecret === null) {
    refuse(
      'PAYPAL_CLIENT_SECRET',
      'manca: i webhook (PAYPAL_WEBHOOK_ID) si verificano con le credenziali.',
    );
  }
  const payPalEnv = env.PAYPAL_ENV ?? 'sandbox';
  return {
    clientId,
    env: payPalEnv,
    apiBaseUrl: env.PAYPAL_API_BASE_URL ?? PAYPAL_API_BASE_URLS[payPalEnv],
    credentials: clientId !== null && clientSecret !== null ? { clientId, clientSecret } : null,
    webhookId,
    reportsPerHour: env.PAYMENT_RATE_LIMIT_PER_HOUR ?? 30,
  };
}

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  // Blank counts as unset, and values are read trimmed.
  const given: Env = {};
  for (const name of Object.keys(ENVIRONMENT_VARIABLES.shape)) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') given[name] = value;
  }
  const result = ENVIRONMENT_VARIABLES.transform((variables, context) =>
    appConfig(variables, cwd, (name, message) =>
      context.addIssue({ code: 'custom', path: [name], message }),
    ),
  ).safeParse(given);
  if (result.success) return result.data;
  const [first, ...others] = result.error.issues.map((issue) => ({
    variable: String(issue.path[0]),
    problem: issue.message,
  }));
  if (first === undefined) throw result.error;
  throw new ConfigError(first.variable, first.problem, others);
}
