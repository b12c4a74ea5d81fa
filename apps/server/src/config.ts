import { isIP } from 'node:net';
import path from 'node:path';
import { isValidEmail } from '@sodalis/contracts';

/**
 * Configuration from the environment, validated once at boot (DESIGN.md; STYLE.md #6).
 * A bad value stops the start with one line naming the variable and what is wrong.
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
  demoContent: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Trust X-Forwarded-* from a reverse proxy (needed for client IPs behind a load balancer):
   * every hop (`true`) or only the listed proxy addresses/ranges, so a client cannot forge its
   * address (rate limits and sign-in throttling are per address).
   */
  trustProxy: boolean | string[];
  production: boolean;
  /** Sender and recipients of the mail the site sends (issue 5). */
  mail: MailConfig;
  /** Deliveries tried per outbox row before it is marked dead. */
  outboxMaxAttempts: number;
  sponsorship: { maxFileBytes: number; maxFileMb: number; requestsPerHour: number };
  newsletter: { requestsPerHour: number };
  /** MailUp, where confirmed newsletter addresses are forwarded; null keeps them here only. */
  mailup: MailUpConfig | null;
  /** PayPal for the fee payment (issue 9). */
  paypal: PayPalConfig;
  /** Staff (`segreteria`) sessions and two-factor sign-in (issue 10 point 6, ADR 017). */
  staff: StaffSecurityConfig;
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
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configurazione non valida: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function read(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const lower = value.toLowerCase();
  if (['1', 'true', 'on', 'yes', 'si', 'sì'].includes(lower)) return true;
  if (['0', 'false', 'off', 'no'].includes(lower)) return false;
  throw new ConfigError(name, `deve essere true o false (ricevuto "${value}").`);
}

/** TRUST_PROXY: true/false, or the proxies' addresses and CIDR ranges separated by commas. */
function parseTrustProxy(env: Env): boolean | string[] {
  const value = read(env, 'TRUST_PROXY');
  if (value === undefined || !/[.:]/.test(value)) return parseBoolean(env, 'TRUST_PROXY', false);
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
  const wrong = entries.find((entry) => !valid(entry));
  if (entries.length === 0 || wrong !== undefined) {
    throw new ConfigError(
      'TRUST_PROXY',
      `deve essere true, false o un elenco di indirizzi IP o reti CIDR dei proxy separati da virgole (ricevuto "${value}").`,
    );
  }
  return entries;
}

function parseUrl(env: Env, name: string, protocols: string[]): string | undefined {
  const value = read(env, name);
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(name, 'non è un indirizzo valido.');
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `deve iniziare con ${protocols.map((p) => `${p}//`).join(' o ')}.`);
  }
  return value;
}

function parseInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(
      name,
      `deve essere un numero intero tra ${min} e ${max} (ricevuto "${value}").`,
    );
  }
  return number;
}

/** `Nome <indirizzo>` or a bare address; answers the address. */
function mailboxAddress(value: string): string | null {
  const match = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/.exec(value.trim());
  const address = match?.[1] ?? match?.[2];
  return address !== undefined && isValidEmail(address) ? address : null;
}

function parseMailConfig(env: Env, publicBaseUrl: string, societyAcronym: string): MailConfig {
  // Defaults on the site's domain (without "www."); a local or numeric host gets a placeholder.
  const hostname = new URL(publicBaseUrl).hostname;
  const host =
    hostname.includes('.') && !/^[\d.]+$/.test(hostname)
      ? hostname.replace(/^www\./, '')
      : 'localhost.localdomain';
  const from = read(env, 'MAIL_FROM') ?? `${societyAcronym} <noreply@${host}>`;
  if (mailboxAddress(from) === null) {
    throw new ConfigError(
      'MAIL_FROM',
      `deve essere un indirizzo e-mail, anche nella forma "Nome <indirizzo>".`,
    );
  }
  const secretariatText = read(env, 'SECRETARIAT_EMAIL') ?? `segreteria@${host}`;
  const secretariat = secretariatText.split(',').map((part) => part.trim());
  if (secretariat.some((address) => !isValidEmail(address))) {
    throw new ConfigError(
      'SECRETARIAT_EMAIL',
      'deve essere un indirizzo e-mail o un elenco separato da virgole.',
    );
  }
  return { from, secretariat };
}

const MAILUP_VARIABLES = {
  clientId: 'MAILUP_CLIENT_ID',
  clientSecret: 'MAILUP_CLIENT_SECRET',
  username: 'MAILUP_USERNAME',
  password: 'MAILUP_PASSWORD',
  listId: 'MAILUP_LIST_ID',
} as const;

/** MailUp is on when all of its credentials are set, off when none is; half a set is an error. */
function parseMailUpConfig(env: Env): MailUpConfig | null {
  const given = Object.values(MAILUP_VARIABLES).filter((name) => read(env, name) !== undefined);
  if (given.length === 0) return null;
  const missing = Object.values(MAILUP_VARIABLES).find((name) => read(env, name) === undefined);
  if (missing !== undefined) {
    throw new ConfigError(
      missing,
      `manca: le credenziali MailUp vanno date tutte (${Object.values(MAILUP_VARIABLES).join(', ')}) o nessuna.`,
    );
  }
  return {
    clientId: read(env, MAILUP_VARIABLES.clientId) as string,
    clientSecret: read(env, MAILUP_VARIABLES.clientSecret) as string,
    username: read(env, MAILUP_VARIABLES.username) as string,
    password: read(env, MAILUP_VARIABLES.password) as string,
    listId: parseInteger(env, MAILUP_VARIABLES.listId, 0, 1, 999_999_999),
    apiUrl: (
      parseUrl(env, 'MAILUP_API_URL', ['https:', 'http:']) ?? 'https://services.mailup.com'
    ).replace(/\/+$/, ''),
  };
}

function parseMegabytes(env: Env, name: string, fallback: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || number <= 0 || number > 50) {
    throw new ConfigError(
      name,
      `deve essere un numero di megabyte maggiore di 0 e al massimo 50 (ricevuto "${value}").`,
    );
  }
  return number;
}

const PAYPAL_API_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

/** PayPal: the client id alone shows the button; with the secret the server verifies orders. */
function parsePayPalConfig(env: Env): PayPalConfig {
  const clientId = read(env, 'PAYPAL_CLIENT_ID') ?? null;
  if (clientId !== null && !/^[A-Za-z0-9_-]{1,200}$/.test(clientId)) {
    throw new ConfigError('PAYPAL_CLIENT_ID', 'non è un client id PayPal (lettere, cifre, - e _).');
  }
  const payPalEnv = read(env, 'PAYPAL_ENV') ?? 'sandbox';
  if (payPalEnv !== 'sandbox' && payPalEnv !== 'live') {
    throw new ConfigError('PAYPAL_ENV', `deve essere sandbox o live (ricevuto "${payPalEnv}").`);
  }
  const clientSecret = read(env, 'PAYPAL_CLIENT_SECRET') ?? null;
  if (clientSecret !== null && clientId === null) {
    throw new ConfigError('PAYPAL_CLIENT_ID', 'manca: serve insieme a PAYPAL_CLIENT_SECRET.');
  }
  const webhookId = read(env, 'PAYPAL_WEBHOOK_ID') ?? null;
  if (webhookId !== null && clientSecret === null) {
    throw new ConfigError(
      'PAYPAL_CLIENT_SECRET',
      'manca: i webhook (PAYPAL_WEBHOOK_ID) si verificano con le credenziali.',
    );
  }
  if (webhookId !== null && !/^[A-Za-z0-9-]{1,64}$/.test(webhookId)) {
    throw new ConfigError('PAYPAL_WEBHOOK_ID', 'non è un id di webhook PayPal.');
  }
  const apiBaseUrl = (
    parseUrl(env, 'PAYPAL_API_BASE_URL', ['https:', 'http:']) ?? PAYPAL_API_BASE_URLS[payPalEnv]
  ).replace(/\/+$/, '');
  return {
    clientId,
    env: payPalEnv,
    apiBaseUrl,
    credentials: clientId !== null && clientSecret !== null ? { clientId, clientSecret } : null,
    webhookId,
    reportsPerHour: parseInteger(env, 'PAYMENT_RATE_LIMIT_PER_HOUR', 30, 1, 100_000),
  };
}

/**
 * The browser treats a token as ended 3000 s (50 minutes, spec §9) before its `exp`: a staff
 * session must be well longer than that to be usable (90 minutes leave 40 of work), and not
 * longer than a member's (12 h).
 */
const STAFF_SESSION_MINUTES = { fallback: 180, min: 90, max: 720 } as const;

function parseStaffSecurityConfig(env: Env): StaffSecurityConfig {
  return {
    sessionMinutes: parseInteger(
      env,
      'STAFF_SESSION_MINUTES',
      STAFF_SESSION_MINUTES.fallback,
      STAFF_SESSION_MINUTES.min,
      STAFF_SESSION_MINUTES.max,
    ),
    twoFactorRequired: parseBoolean(env, 'STAFF_TWO_FACTOR_REQUIRED', false),
  };
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): AppConfig {
  const portText = read(env, 'PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `deve essere un numero tra 0 e 65535 (ricevuto "${portText}").`);
  }

  const host = read(env, 'HOST') ?? '0.0.0.0';
  if (/\s/.test(host)) throw new ConfigError('HOST', 'non può contenere spazi.');

  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR') ?? './data');

  const databaseUrl = parseUrl(env, 'DATABASE_URL', ['postgres:', 'postgresql:']) ?? null;

  const jwtSecret = read(env, 'JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'deve essere lungo almeno 32 caratteri.');
  }

  const smtpUrl = parseUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']) ?? null;

  const publicBaseUrl = (
    parseUrl(env, 'PUBLIC_BASE_URL', ['http:', 'https:']) ?? `http://localhost:${port || 3000}`
  ).replace(/\/+$/, '');

  const societyAcronym = read(env, 'SOCIETY_ACRONYM') ?? 'SIMTI';
  if (!/^[A-Za-z][A-Za-z0-9]{1,11}$/.test(societyAcronym)) {
    throw new ConfigError(
      'SOCIETY_ACRONYM',
      `deve essere una sigla di 2-12 lettere o cifre che inizia con una lettera (ricevuto "${societyAcronym}").`,
    );
  }

  const societyName =
    read(env, 'SOCIETY_NAME') ?? 'Società Italiana di Medicina Trasfusionale e Immunoematologia';
  if (societyName.length > 200)
    throw new ConfigError('SOCIETY_NAME', 'può contenere al massimo 200 caratteri.');

  const xHandle = (read(env, 'SOCIAL_X_HANDLE') ?? societyAcronym).replace(/^@/, '');
  if (!/^[A-Za-z0-9_]{1,15}$/.test(xHandle)) {
    throw new ConfigError(
      'SOCIAL_X_HANDLE',
      'deve essere un nome utente di X (lettere, cifre e _, al massimo 15).',
    );
  }

  const demoContent = parseBoolean(env, 'DEMO_CONTENT', databaseUrl === null);

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `deve essere uno tra ${LOG_LEVELS.join(', ')}.`);
  }

  const sponsorshipMaxFileMb = parseMegabytes(env, 'SPONSORSHIP_MAX_FILE_MB', 10);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    jwtSecret,
    smtpUrl,
    publicBaseUrl,
    societyAcronym,
    societyName,
    xHandle,
    demoContent,
    logLevel,
    trustProxy: parseTrustProxy(env),
    production: env.NODE_ENV === 'production',
    mail: parseMailConfig(env, publicBaseUrl, societyAcronym),
    outboxMaxAttempts: parseInteger(env, 'OUTBOX_MAX_ATTEMPTS', 20, 1, 100),
    sponsorship: {
      maxFileMb: sponsorshipMaxFileMb,
      maxFileBytes: Math.floor(sponsorshipMaxFileMb * 1024 * 1024),
      requestsPerHour: parseInteger(env, 'SPONSORSHIP_RATE_LIMIT_PER_HOUR', 10, 1, 100_000),
    },
    newsletter: {
      requestsPerHour: parseInteger(env, 'NEWSLETTER_RATE_LIMIT_PER_HOUR', 20, 1, 100_000),
    },
    mailup: parseMailUpConfig(env),
    paypal: parsePayPalConfig(env),
    staff: parseStaffSecurityConfig(env),
  };
}
