import path from 'node:path';
import type { SocietyStatus } from '@sodalis/contracts';
import { ENVIRONMENT_VARIABLES, type Variables } from './config/environment.js';
import type { PublicForm, PublicFormLimits } from './security/public-forms.js';

export { ENVIRONMENT_VARIABLES } from './config/environment.js';

/**
 * Configuration from the environment, validated once at boot (ADR 043). Each
 * variable is read, defaulted and described once, in `config/environment.ts`; here only what
 * the modules see (`appConfig`, whose result is the type) and the rules across variables
 * (`refusals`). A bad value stops the start with one line per bad variable naming it and what
 * is wrong.
 */
export type AppConfig = ReturnType<typeof appConfig>;
export type MailConfig = AppConfig['mail'];
export type MailUpConfig = NonNullable<AppConfig['mailup']>;
export type PayPalConfig = AppConfig['paypal'];
export type StaffSecurityConfig = AppConfig['staff'];
export type MembershipConfig = AppConfig['membership'];
export type SocietyLegalData = AppConfig['societyLegal'];

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

const PAYPAL_API_BASE_URLS = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  live: 'https://api-m.paypal.com',
} as const;

const MAILUP_CREDENTIALS = [
  'MAILUP_CLIENT_ID',
  'MAILUP_CLIENT_SECRET',
  'MAILUP_USERNAME',
  'MAILUP_PASSWORD',
  'MAILUP_LIST_ID',
] as const satisfies readonly (keyof Variables)[];

const MiB = 1024 * 1024;

/** How much of one public form an hour takes (ADR 040); null: not counted per address here. */
const formLimits = (perAddressPerHour: number | null, perHour: number): PublicFormLimits => ({
  perAddressPerHour,
  perHour,
});

/** What the modules see, with the defaults that depend on other variables. */
function appConfig(env: Variables, cwd: string) {
  const publicBaseUrl = env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT || 3000}`;
  const { MAILUP_CLIENT_ID: mailUpClientId, MAILUP_CLIENT_SECRET: mailUpSecret } = env;
  const { MAILUP_USERNAME: username, MAILUP_PASSWORD: password, MAILUP_LIST_ID: listId } = env;
  const payPalClientId = env.PAYPAL_CLIENT_ID ?? null;
  const payPalSecret = env.PAYPAL_CLIENT_SECRET ?? null;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(cwd, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL ?? null,
    jwtSecret: env.JWT_SECRET ?? null,
    smtpUrl: env.SMTP_URL ?? null,
    publicBaseUrl,
    societyAcronym: env.SOCIETY_ACRONYM,
    societyName: env.SOCIETY_NAME,
    xHandle: env.SOCIAL_X_HANDLE ?? env.SOCIETY_ACRONYM,
    /** Accredited, ETS, exempt from stamp duty: which transparency sections apply (ADR 026). */
    societyStatus: {
      accredited: env.SOCIETY_ACCREDITED,
      ets: env.SOCIETY_ETS,
      stampDutyExempt: env.SOCIETY_STAMP_DUTY_EXEMPT,
    } satisfies SocietyStatus,
    /** The society's legal data printed on every receipt (ADR 030). */
    societyLegal: {
      address: env.SOCIETY_ADDRESS,
      taxCode: env.SOCIETY_TAX_CODE,
      vatNumber: env.SOCIETY_VAT_NUMBER ?? null,
    },
    demoContent: env.DEMO_CONTENT ?? env.DATABASE_URL === undefined,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    production: env.NODE_ENV === 'production',
    /** Sender and recipients of the mail the site sends (ADR 008). */
    mail: mailDefaults(env, publicBaseUrl),
    outboxMaxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    contentCacheBytes: env.CONTENT_CACHE_MB * MiB,
    sponsorship: {
      maxFileMb: env.SPONSORSHIP_MAX_FILE_MB,
      maxFileBytes: Math.floor(env.SPONSORSHIP_MAX_FILE_MB * MiB),
      requestsPerHour: env.SPONSORSHIP_RATE_LIMIT_PER_HOUR,
    },
    newsletter: { requestsPerHour: env.NEWSLETTER_RATE_LIMIT_PER_HOUR },
    /** Per address, sponsorship and newsletter keep the routes' own limits, above (ADR 040). */
    publicForms: {
      application: formLimits(env.APPLICATION_RATE_LIMIT_PER_HOUR, env.APPLICATIONS_PER_HOUR),
      sponsorship: formLimits(null, env.SPONSORSHIP_REQUESTS_PER_HOUR),
      newsletter: formLimits(null, env.NEWSLETTER_SIGNUPS_PER_HOUR),
      eventAccount: formLimits(env.EVENT_ACCOUNT_RATE_LIMIT_PER_HOUR, env.EVENT_ACCOUNTS_PER_HOUR),
    } satisfies Record<PublicForm, PublicFormLimits>,
    publicUploadBytesPerHour: env.PUBLIC_UPLOADS_MB_PER_HOUR * MiB,
    /** MailUp, where confirmed newsletter addresses are forwarded; null keeps them here only. */
    mailup:
      mailUpClientId && mailUpSecret && username && password && listId
        ? {
            clientId: mailUpClientId,
            clientSecret: mailUpSecret,
            username,
            password,
            listId,
            apiUrl: env.MAILUP_API_URL,
          }
        : null,
    /** PayPal for the fee payment (ADR 012). */
    paypal: {
      /** Public client id the browser's SDK needs; null: the payment panels say payments are off. */
      clientId: payPalClientId,
      env: env.PAYPAL_ENV,
      apiBaseUrl: env.PAYPAL_API_BASE_URL ?? PAYPAL_API_BASE_URLS[env.PAYPAL_ENV],
      /** Client id + secret: the server verifies orders with PayPal; null: records stay unverified. */
      credentials:
        payPalClientId !== null && payPalSecret !== null
          ? { clientId: payPalClientId, clientSecret: payPalSecret }
          : null,
      /** The webhook's id at PayPal; null: webhooks are not accepted. */
      webhookId: env.PAYPAL_WEBHOOK_ID ?? null,
      reportsPerHour: env.PAYMENT_RATE_LIMIT_PER_HOUR,
    },
    /** Staff (`segreteria`) sessions and two-factor sign-in (ADR 017). */
    staff: {
      sessionMinutes: env.STAFF_SESSION_MINUTES,
      twoFactorRequired: env.STAFF_TWO_FACTOR_REQUIRED,
    },
    /** Bearer token of the Prometheus `/metrics`; null: no metrics endpoint (ADR 028). */
    metricsToken: env.METRICS_TOKEN ?? null,
    /** The bounded argon2 queue of sign-ins and new passwords (ADR 021). */
    passwordHashing: {
      concurrency: env.PASSWORD_HASHING_CONCURRENCY,
      queue: env.PASSWORD_HASHING_QUEUE,
    },
    /** Null: twice the largest upload route's body limit (ADR 027). */
    uploadsInFlightBytes:
      env.UPLOADS_IN_FLIGHT_MB === undefined ? null : env.UPLOADS_IN_FLIGHT_MB * MiB,
    requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
    /** The statute's dues rules and the member numbers (ADR 024). */
    /** Registrations to events: places held unpaid, reminders, offers (ADR 049). */
    events: {
      paymentDays: env.EVENTS_PAYMENT_DAYS,
      reminderHours: env.EVENTS_PAYMENT_REMINDER_HOURS,
      offerHours: env.EVENTS_OFFER_HOURS,
      /** Days the ECM questionnaire stays open after the event's last day (ADR 058). */
      questionnaireDays: env.ECM_QUESTIONNAIRE_DAYS,
    },
    membership: {
      graceUntil: env.MEMBERSHIP_GRACE_UNTIL,
      lapseAfterYears: env.MEMBERSHIP_LAPSE_AFTER_YEARS,
      reminderDays: env.DUES_REMINDER_DAYS,
      lapseWarningDays: env.DUES_REMINDER_LAPSE_WARNING_DAYS,
      arrearsReminderDay: env.DUES_REMINDER_ARREARS_DAY,
      /** Member numbers: `{n}` or `{n:5}` the progressive (zero-padded), `{anno}` the year. */
      memberNumberFormat: env.MEMBER_NUMBER_FORMAT,
      /** The account dues are transferred to (ADR 029); null: the fee page offers no transfer. */
      bankAccount:
        env.BANK_IBAN === undefined
          ? null
          : { iban: env.BANK_IBAN, holder: env.BANK_HOLDER ?? env.SOCIETY_NAME },
    },
  };
}

/** Sender and secretariat default to the site's domain without "www." (a local host: a placeholder). */
function mailDefaults(env: Variables, publicBaseUrl: string) {
  const hostname = new URL(publicBaseUrl).hostname;
  const host =
    hostname.includes('.') && !/^[\d.]+$/.test(hostname)
      ? hostname.replace(/^www\./, '')
      : 'localhost.localdomain';
  return {
    /** `From:` of every message, `Nome <indirizzo>` or a bare address. */
    from: env.MAIL_FROM ?? `${env.SOCIETY_ACRONYM} <noreply@${host}>`,
    /** Who receives sponsorship requests. */
    secretariat: env.SECRETARIAT_EMAIL ?? [`segreteria@${host}`],
  };
}

/**
 * The rules across variables: MailUp's credentials all or none; PayPal's secret needs its
 * client id, and webhooks are verified with the credentials (ADR 012).
 */
function refusals(env: Variables): { variable: string; problem: string }[] {
  const found: { variable: string; problem: string }[] = [];
  const missing = MAILUP_CREDENTIALS.filter((name) => env[name] === undefined);
  if (missing.length > 0 && missing.length < MAILUP_CREDENTIALS.length) {
    found.push({
      variable: missing[0] ?? 'MAILUP_CLIENT_ID',
      problem: `manca: le credenziali MailUp vanno date tutte (${MAILUP_CREDENTIALS.join(', ')}) o nessuna.`,
    });
  }
  if (env.PAYPAL_CLIENT_SECRET !== undefined && env.PAYPAL_CLIENT_ID === undefined) {
    found.push({
      variable: 'PAYPAL_CLIENT_ID',
      problem: 'manca: serve insieme a PAYPAL_CLIENT_SECRET.',
    });
  }
  if (env.PAYPAL_WEBHOOK_ID !== undefined && env.PAYPAL_CLIENT_SECRET === undefined) {
    found.push({
      variable: 'PAYPAL_CLIENT_SECRET',
      problem: 'manca: i webhook (PAYPAL_WEBHOOK_ID) si verificano con le credenziali.',
    });
  }
  return found;
}

export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): AppConfig {
  // Blank counts as unset, and values are read trimmed.
  const given = Object.fromEntries(
    Object.keys(ENVIRONMENT_VARIABLES.shape).flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const result = ENVIRONMENT_VARIABLES.transform((variables, context) => {
    for (const { variable, problem } of refusals(variables)) {
      context.addIssue({ code: 'custom', path: [variable], message: problem });
    }
    return appConfig(variables, cwd);
  }).safeParse(given);
  if (result.success) return result.data;
  // One line per bad variable: the first of its problems.
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const variable = String(issue.path[0]);
    if (!problems.has(variable)) problems.set(variable, issue.message);
  }
  const [first, ...others] = [...problems].map(([variable, problem]) => ({ variable, problem }));
  if (first === undefined) throw result.error;
  throw new ConfigError(first.variable, first.problem, others);
}
