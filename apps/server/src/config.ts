import path from 'node:path';

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
  demoContent: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Trust X-Forwarded-* from a reverse proxy (needed for client IPs behind a load balancer). */
  trustProxy: boolean;
  production: boolean;
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

  const demoContent = parseBoolean(env, 'DEMO_CONTENT', databaseUrl === null);

  const logLevel = (read(env, 'LOG_LEVEL') ?? 'info') as AppConfig['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `deve essere uno tra ${LOG_LEVELS.join(', ')}.`);
  }

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
    demoContent,
    logLevel,
    trustProxy: parseBoolean(env, 'TRUST_PROXY', false),
    production: env.NODE_ENV === 'production',
  };
}
