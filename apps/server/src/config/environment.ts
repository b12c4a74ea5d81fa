import { isValidEmail } from '@sodalis/contracts';
import { z } from 'zod';
import { DEFAULT_CONTENT_CACHE_BYTES } from '../cache/content-cache.js';

/**
 * Every variable the server reads, declared once (ADR 043): its parsing, its default (written
 * as an operator would write it, so `.env.example` and the README show it as is) and its
 * Italian description, from which `npm run config:docs` writes both. `whenUnset` describes a
 * default that depends on other variables; `appConfig` in `../config.ts` computes it. A
 * refusal is one Italian phrase, after the variable's name.
 */

declare module 'zod' {
  interface GlobalMeta {
    /** What an unset variable means, when its default is not a fixed value. */
    whenUnset?: string;
  }
}

/** The problem followed by the value refused (only for values that are no secret). */
function received(problem: string) {
  return {
    error: (issue: { input?: unknown }) => `${problem} (ricevuto "${String(issue.input)}").`,
  };
}

const MiB = 1024 * 1024;
const text = z.string();

/** A whole number written in digits alone (no sign, exponent or decimals) within [min, max]. */
function integer(
  min: number,
  max: number,
  problem = `deve essere un numero intero tra ${min} e ${max}`,
) {
  const refused = received(problem);
  return z
    .string()
    .regex(/^\d+$/, refused)
    .pipe(z.coerce.number<string>().min(min, refused).max(max, refused));
}

const yesNo = z.stringbool({
  truthy: ['1', 'true', 'on', 'yes', 'si', 'sì'],
  falsy: ['0', 'false', 'off', 'no'],
  ...received('deve essere true o false'),
});

/** An address with one of `protocols` (without `:`). */
function address(...protocols: string[]) {
  return z.url({
    protocol: new RegExp(`^(?:${protocols.join('|')})$`),
    error: (issue) =>
      URL.canParse(String(issue.input))
        ? `deve iniziare con ${protocols.map((protocol) => `${protocol}://`).join(' o ')}.`
        : 'non è un indirizzo valido.',
  });
}

const withoutTrailingSlashes = (schema: z.ZodURL) =>
  schema.transform((value) => value.replace(/\/+$/, ''));

const words = (max: number) => z.string().max(max, `può contenere al massimo ${max} caratteri.`);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * TRUST_PROXY: true or false, or the proxies' addresses and CIDR ranges separated by commas
 * (ADR 028); a refused value without `.` or `:` was meant as a yes or no.
 */
const trustProxy = z.union(
  [
    yesNo,
    text
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])).min(1, { abort: true })),
  ],
  {
    error: (issue) =>
      received(
        /[.:]/.test(String(issue.input))
          ? 'deve essere true, false o un elenco di indirizzi IP o reti CIDR dei proxy separati da virgole'
          : 'deve essere true o false',
      ).error(issue),
  },
);

/** `Nome <indirizzo>` or a bare address, whose address is valid. */
const MAILBOX = /^(?:[^<>\r\n]*<([^<>\s]+)>|([^<>\s]+))$/;
function isMailbox(value: string): boolean {
  const match = MAILBOX.exec(value);
  return isValidEmail(match?.[1] ?? match?.[2] ?? '');
}

const SPONSORSHIP_FILE_REFUSED = received(
  'deve essere un numero di megabyte maggiore di 0 e al massimo 50',
);

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;
const compactIban = (value: string) => value.replace(/\s+/g, '').toUpperCase();

const RATE_LIMIT_MAX = 100_000;
const perHour = (fallback: string) => integer(1, RATE_LIMIT_MAX).prefault(fallback);

/**
 * The browser treats a token as ended 3000 s (50 minutes, spec §9) before its `exp`: a staff
 * session must be well longer than that to be usable (90 minutes leave 40 of work), and not
 * longer than a member's (12 h).
 */
const STAFF_SESSION_MINUTES = integer(90, 720);

export const ENVIRONMENT_VARIABLES = z.object({
  NODE_ENV: text
    .optional()
    .describe(
      '`production` serve il sito compilato (lo imposta `npm start`), `development` il sito con Vite (`npm run dev`)',
    ),
  PORT: integer(0, 65535, 'deve essere un numero tra 0 e 65535')
    .prefault('3000')
    .describe('porta HTTP (0: una porta libera qualsiasi)'),
  HOST: text
    .regex(/^\S+$/, 'non può contenere spazi.')
    .prefault('0.0.0.0')
    .describe('indirizzo di ascolto'),
  DATA_DIR: text
    .prefault('./data')
    .describe(
      'cartella dei dati: database SQLite, file (PDF, foto), posta in uscita, segreti generati',
    ),
  DATABASE_URL: address('postgres', 'postgresql')
    .optional()
    .describe('`postgres://…`: usa PostgreSQL invece di SQLite'),
  JWT_SECRET: text.min(32, 'deve essere lungo almeno 32 caratteri.').optional().meta({
    description:
      'segreto di firma dei token di sessione (almeno 32 caratteri); con più istanze va impostato, uguale su tutte',
    whenUnset: 'generato in `DATA_DIR/jwt-secret`',
  }),
  SMTP_URL: address('smtp', 'smtps')
    .optional()
    .describe(
      '`smtp://utente:password@host:587` o `smtps://…`: la posta in uscita va a questo server; senza, ogni messaggio è scritto come file `.eml` in `DATA_DIR/mail/`',
    ),
  MAIL_FROM: text
    .refine(isMailbox, 'deve essere un indirizzo e-mail, anche nella forma "Nome <indirizzo>".')
    .optional()
    .meta({
      description: "mittente di ogni e-mail, `Nome <indirizzo>` o solo l'indirizzo",
      whenUnset: '`<sigla> <noreply@dominio di PUBLIC_BASE_URL>`',
    }),
  SECRETARIAT_EMAIL: text
    .transform((value) => value.split(',').map((part) => part.trim()))
    .pipe(
      z.array(
        text.refine(
          isValidEmail,
          'deve essere un indirizzo e-mail o un elenco separato da virgole.',
        ),
      ),
    )
    .optional()
    .meta({
      description: 'chi riceve le richieste di patrocinio; più indirizzi separati da virgole',
      whenUnset: '`segreteria@dominio di PUBLIC_BASE_URL`',
    }),
  OUTBOX_MAX_ATTEMPTS: integer(1, 100)
    .prefault('20')
    .describe(
      'tentativi di consegna di un messaggio prima di abbandonarlo (`dead`), 1–100 (ADR 008)',
    ),
  CONTENT_CACHE_MB: integer(1, 1024)
    .prefault(String(DEFAULT_CONTENT_CACHE_BYTES / MiB))
    .describe(
      'memoria per le risposte pubbliche e le pagine rese tenute in cache (ADR 005, ADR 020), 1–1024 megabyte; oltre, escono le meno usate di recente',
    ),
  SPONSORSHIP_MAX_FILE_MB: text
    .regex(/^\d+(\.\d+)?$/, SPONSORSHIP_FILE_REFUSED)
    .pipe(
      z.coerce.number<string>().gt(0, SPONSORSHIP_FILE_REFUSED).max(50, SPONSORSHIP_FILE_REFUSED),
    )
    .prefault('10')
    .describe(
      'dimensione massima in megabyte di ogni PDF allegato a una richiesta di patrocinio (fino a 50)',
    ),
  SPONSORSHIP_RATE_LIMIT_PER_HOUR: perHour('10').describe(
    "richieste di patrocinio accettate per indirizzo IP in un'ora",
  ),
  NEWSLETTER_RATE_LIMIT_PER_HOUR: perHour('20').describe(
    "iscrizioni alla newsletter accettate per indirizzo IP in un'ora",
  ),
  NEWSLETTER_SIGNUPS_PER_HOUR: perHour('500').describe(
    "iscrizioni alla newsletter accettate in un'ora da tutti gli indirizzi insieme (ADR 040)",
  ),
  SPONSORSHIP_REQUESTS_PER_HOUR: perHour('60').describe(
    "richieste di patrocinio accettate in un'ora da tutti gli indirizzi insieme (ADR 040)",
  ),
  APPLICATION_RATE_LIMIT_PER_HOUR: perHour('5').describe(
    "domande di iscrizione accettate per indirizzo IP in un'ora (ADR 040)",
  ),
  APPLICATIONS_PER_HOUR: perHour('60').describe(
    "domande di iscrizione accettate in un'ora da tutti gli indirizzi insieme (ADR 040)",
  ),
  EVENT_ACCOUNT_RATE_LIMIT_PER_HOUR: perHour('5').describe(
    "account per gli eventi richiesti per indirizzo IP in un'ora (ADR 055)",
  ),
  EVENT_ACCOUNTS_PER_HOUR: perHour('120').describe(
    "account per gli eventi richiesti in un'ora da tutti gli indirizzi insieme (ADR 055)",
  ),
  PUBLIC_UPLOADS_MB_PER_HOUR: integer(1, 1_000_000)
    .prefault('500')
    .describe(
      "megabyte di file (curriculum, allegati ai patrocini) che i moduli pubblici possono salvare in un'ora (ADR 040)",
    ),
  MAILUP_CLIENT_ID: text
    .optional()
    .describe(
      'client id MailUp. Le credenziali MailUp e la lista vanno date tutte o nessuna: con queste gli indirizzi confermati sono inoltrati a MailUp; senza restano solo nel database',
    ),
  MAILUP_CLIENT_SECRET: text.optional().describe('segreto del client MailUp'),
  MAILUP_USERNAME: text.optional().describe('utente della console MailUp'),
  MAILUP_PASSWORD: text.optional().describe('password della console MailUp'),
  MAILUP_LIST_ID: integer(1, 999_999_999)
    .optional()
    .describe('numero della lista MailUp della newsletter'),
  MAILUP_API_URL: withoutTrailingSlashes(address('https', 'http'))
    .prefault('https://services.mailup.com')
    .describe('indirizzo dei servizi MailUp (i test lo puntano a un sostituto locale)'),
  PUBLIC_BASE_URL: withoutTrailingSlashes(address('http', 'https')).optional().meta({
    description: 'indirizzo pubblico del sito, per i link nelle e-mail',
    whenUnset: '`http://localhost:PORT`',
  }),
  SOCIETY_ACRONYM: text
    .regex(
      /^[A-Za-z][A-Za-z0-9]{1,11}$/,
      received('deve essere una sigla di 2-12 lettere o cifre che inizia con una lettera'),
    )
    .prefault('SIMTI')
    .describe(
      'sigla della società (`{product}` della specifica): categoria notizie, pagina `/chi-siamo-<sigla>`',
    ),
  SOCIETY_NAME: words(200)
    .prefault('Società Italiana di Medicina Trasfusionale e Immunoematologia')
    .describe('nome completo, nel piè di pagina e nei titoli'),
  SOCIETY_ACCREDITED: yesNo
    .prefault('true')
    .describe(
      'società accreditata presso il Ministero della Salute: in `/trasparenza` le sezioni incarichi, conflitti di interesse e produzione scientifica (ADR 026)',
    ),
  SOCIETY_ETS: yesNo
    .prefault('false')
    .describe('Ente del Terzo settore, dichiarato in `/trasparenza`'),
  SOCIETY_STAMP_DUTY_EXEMPT: yesNo
    .prefault('false')
    .describe(
      "esente dall'imposta di bollo, dichiarato in `/trasparenza`; senza esenzione le ricevute oltre 77,47 € riportano il bollo (ADR 030)",
    ),
  SOCIETY_ADDRESS: words(200)
    .prefault('Via Dimostrativa 1, 00100 Roma RM')
    .describe('sede legale, stampata sulle ricevute (il predefinito è dimostrativo)'),
  SOCIETY_TAX_CODE: text
    .regex(
      /^[0-9]{11}$|^[A-Z0-9]{16}$/,
      received('deve essere un codice fiscale di 11 cifre o 16 caratteri'),
    )
    .prefault('97000000000')
    .describe('codice fiscale della società, sulle ricevute (il predefinito è dimostrativo)'),
  SOCIETY_VAT_NUMBER: text
    .regex(/^[0-9]{11}$/, received('deve essere una partita IVA di 11 cifre'))
    .optional()
    .describe('partita IVA, sulle ricevute se impostata'),
  SOCIAL_X_HANDLE: text
    .overwrite((value) => value.replace(/^@/, ''))
    .regex(
      /^[A-Za-z0-9_]{1,15}$/,
      'deve essere un nome utente di X (lettere, cifre e _, al massimo 15).',
    )
    .optional()
    .meta({
      description: 'nome utente su X citato con "via" nei link di condivisione (spec §2.14)',
      whenUnset: 'la sigla',
    }),
  DEMO_CONTENT: yesNo.optional().meta({
    description: 'carica i contenuti dimostrativi in un database vuoto',
    whenUnset: '`true` con SQLite, `false` con PostgreSQL',
  }),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: () => `deve essere uno tra ${LOG_LEVELS.join(', ')}.` })
    .prefault('info')
    .describe(LOG_LEVELS.map((level) => `\`${level}\``).join(', ')),
  TRUST_PROXY: trustProxy
    .prefault('false')
    .describe(
      'dietro un reverse proxy / bilanciatore: gli indirizzi IP (o reti CIDR) dei proxy separati da virgole, per esempio `10.0.0.5,10.0.1.0/24`, così gli indirizzi dei client vengono da `X-Forwarded-For` e un client non può falsificare il proprio (limiti delle richieste e blocco degli accessi sono per indirizzo); `true` si fida di ogni passaggio, solo se il proxy riscrive `X-Forwarded-For`',
    ),
  PAYPAL_CLIENT_ID: text
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'non è un client id PayPal (lettere, cifre, - e _).')
    .optional()
    .describe(
      "client id dell'app PayPal (pubblico): mostra il pulsante PayPal nelle schede Pagamento; senza, il pannello dice che il pagamento online non è disponibile (ADR 012)",
    ),
  PAYPAL_CLIENT_SECRET: text
    .optional()
    .describe(
      'segreto dell\'app PayPal (richiede `PAYPAL_CLIENT_ID`): il server verifica ogni pagamento con PayPal e invia le ricevute; senza, i pagamenti restano "segnalati, non verificati"',
    ),
  PAYPAL_ENV: z
    .enum(['sandbox', 'live'], received('deve essere sandbox o live'))
    .prefault('sandbox')
    .describe(
      '`sandbox` o `live`: quale API PayPal usa il server (deve corrispondere alle credenziali)',
    ),
  PAYPAL_WEBHOOK_ID: text
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'non è un id di webhook PayPal.')
    .optional()
    .describe(
      'id del webhook configurato su PayPal verso `/api/v1/Payment/PayPalWebhook` (richiede `PAYPAL_CLIENT_SECRET`); senza, i webhook sono rifiutati',
    ),
  PAYPAL_API_BASE_URL: withoutTrailingSlashes(address('https', 'http')).optional().meta({
    description: "indirizzo dell'API REST di PayPal (i test lo puntano a un sostituto locale)",
    whenUnset: 'secondo `PAYPAL_ENV`',
  }),
  PAYMENT_RATE_LIMIT_PER_HOUR: perHour('30').describe(
    "segnalazioni di pagamento accettate per indirizzo IP in un'ora",
  ),
  STAFF_SESSION_MINUTES: STAFF_SESSION_MINUTES.prefault('180').describe(
    'durata in minuti della sessione della segreteria (90–720; il browser la chiude 50 minuti prima della scadenza, spec §9; ADR 017)',
  ),
  STAFF_TWO_FACTOR_REQUIRED: yesNo
    .prefault('false')
    .describe(
      "`true`: la segreteria deve attivare la verifica in due passaggi prima di usare l'amministrazione (ADR 017)",
    ),
  METRICS_TOKEN: text
    .regex(/^\S{32,}$/, 'deve essere lungo almeno 32 caratteri, senza spazi.')
    .optional()
    .describe(
      'token (almeno 32 caratteri) per le metriche Prometheus su `/metrics`, da inviare come `Authorization: Bearer <token>`; vuoto: `/metrics` spento (ADR 028)',
    ),
  PASSWORD_HASHING_CONCURRENCY: integer(1, 64)
    .prefault('2')
    .describe(
      'calcoli argon2 (verifiche e nuove password) eseguiti insieme, 1–64 (ADR 021): ognuno usa 64 MiB e un core per circa 0,1 s',
    ),
  PASSWORD_HASHING_QUEUE: integer(0, 10_000)
    .prefault('16')
    .describe(
      "calcoli argon2 che possono attendere il proprio turno, 0–10000; oltre, l'accesso risponde 503 con `Retry-After` invece di restare in attesa",
    ),
  REQUEST_TIMEOUT_SECONDS: integer(1, 3600)
    .prefault('600')
    .describe(
      'secondi entro cui una richiesta deve arrivare intera (intestazioni e corpo), 1–3600 (ADR 027): una più lenta riceve 408 e libera il budget dei caricamenti; dieci minuti bastano a 40 MB su una linea da 1 Mbit/s',
    ),
  UPLOADS_IN_FLIGHT_MB: integer(1, 4096).optional().meta({
    description:
      'megabyte di caricamenti (corpi oltre 1 MiB) ricevuti insieme su tutte le rotte, 1–4096 (ADR 027): ogni rotta attinge dallo stesso budget e tiene il proprio limite di dimensione; oltre, la risposta è 503 con `Retry-After`; un caricamento da solo passa sempre',
    whenUnset:
      'il doppio del corpo più grande accettato da una rotta (circa 134 MB con `SPONSORSHIP_MAX_FILE_MB=10`)',
  }),
  MEMBERSHIP_GRACE_UNTIL: text
    .refine(
      (value) => z.iso.date().safeParse(`2001-${value}`).success,
      received('deve essere un giorno dell’anno nella forma MM-GG, per esempio 03-31'),
    )
    .prefault('03-31')
    .describe(
      "ultimo giorno (MM-GG) in cui la quota dell'anno è in tempo: fino ad allora il socio con l'anno precedente pagato resta in regola (ADR 024)",
    ),
  MEMBERSHIP_LAPSE_AFTER_YEARS: integer(1, 10)
    .prefault('2')
    .describe(
      "anni consecutivi di quote non pagate (passato il periodo di grazia) dopo cui il socio decade e perde l'area riservata (1–10)",
    ),
  DUES_REMINDER_DAYS: text
    .regex(
      /^\s*[-+]?\d{1,3}\s*(?:,\s*[-+]?\d{1,3}\s*)*$/,
      received(
        'deve essere un elenco di giorni rispetto al 1° gennaio separati da virgole, per esempio -30,0,30,60',
      ),
    )
    .transform((value) => [...new Set(value.split(',').map(Number))].sort((a, b) => a - b))
    .prefault('-30,0,30,60')
    .describe(
      "giorni rispetto al 1° gennaio dell'anno dovuto in cui parte il promemoria della quota, finché l'anno non è pagato o esentato (ADR 030)",
    ),
  DUES_REMINDER_LAPSE_WARNING_DAYS: integer(0, 365)
    .prefault('30')
    .describe(
      "giorni prima della decadenza in cui parte l'avviso al socio; 0 nessun avviso (ADR 030)",
    ),
  DUES_REMINDER_ARREARS_DAY: integer(0, 28)
    .prefault('15')
    .describe(
      "giorno del mese (1–28) in cui i soci morosi ricevono il promemoria di tutte le quote arretrate, al posto di quelli dell'anno, fino alla decadenza; 0 nessuno (ADR 030)",
    ),
  EVENTS_PAYMENT_DAYS: integer(1, 60)
    .prefault('7')
    .describe(
      "giorni in cui il posto di un'iscrizione a un evento resta riservato in attesa del pagamento, mai oltre l'inizio dell'evento (1–60, ADR 049)",
    ),
  EVENTS_PAYMENT_REMINDER_HOURS: integer(1, 720)
    .prefault('48')
    .describe(
      "ore prima della scadenza in cui chi non ha ancora pagato l'iscrizione a un evento riceve un promemoria (1–720, ADR 049)",
    ),
  EVENTS_OFFER_HOURS: integer(1, 720)
    .prefault('48')
    .describe(
      "ore in cui un posto liberato resta offerto al primo della lista d'attesa prima di passare al successivo (1–720, ADR 049)",
    ),
  ECM_QUESTIONNAIRE_DAYS: integer(1, 90)
    .prefault('15')
    .describe(
      "giorni dopo l'ultimo giorno di un evento ECM in cui il questionario di gradimento resta aperto, fino alle 23:59 di Roma (1–90, ADR 058)",
    ),
  BANK_IBAN: text
    .refine(
      (value) => IBAN.test(compactIban(value)),
      received('deve essere un IBAN, per esempio IT60X0542811101000000123456'),
    )
    .transform(compactIban)
    .optional()
    .describe(
      'IBAN del conto su cui i soci versano la quota con bonifico: la pagina della quota lo mostra a gruppi di quattro, con «Copia», e con la causale da usare (numero di socio, anni, codice di controllo; ADR 029); senza JavaScript mostra IBAN e intestatario; vuoto: il bonifico non è proposto',
    ),
  BANK_HOLDER: text
    .optional()
    .meta({ description: 'intestatario del conto di `BANK_IBAN`', whenUnset: '`SOCIETY_NAME`' }),
  MEMBER_NUMBER_FORMAT: text
    .regex(
      /^(?=.{1,40}$)(?:[A-Za-z0-9/._-]|\{anno\})*\{n(?::[1-9])?\}(?:[A-Za-z0-9/._-]|\{anno\})*$/,
      received(
        'deve contenere una volta {n} (o {n:5} per 5 cifre) e può contenere {anno}, lettere, cifre e / . _ -',
      ),
    )
    .prefault('{n:5}')
    .describe(
      "formato del numero di socio: `{n}` il progressivo (`{n:5}` con 5 cifre), `{anno}` l'anno della ratifica; i numeri non si riusano mai",
    ),
});

export type Variables = z.output<typeof ENVIRONMENT_VARIABLES>;
