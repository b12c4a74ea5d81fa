import { z } from './zod.js';
import { italianRomeDate, romeDate } from './dates.js';
import { requiredText } from './admin.js';
import { romeLocal } from './events.js';

/**
 * Badges, check-in and certificates of attendance of an event (ADR 051): the bodies and answers
 * of the check-in page, the certificates' staff routes, the public verification page and what
 * "Le mie iscrizioni" shows of a confirmed registration's badge.
 */

/** The letters of a badge's or certificate's code: no 0/O, 1/I, easy to read out and type. */
export const ATTENDANCE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** A badge code's length: 12 letters of 32, 60 random bits. */
export const BADGE_CODE_LENGTH = 12;
/** A certificate's verification code's length: 16 letters of 32, 80 random bits. */
export const CERTIFICATE_CODE_LENGTH = 16;

/**
 * A typed or scanned code in its stored form: upper case, without spaces or dashes; null when
 * it cannot be a badge code (a name, then).
 */
export function normalBadgeCode(text: string): string | null {
  const code = text.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== BADGE_CODE_LENGTH) return null;
  for (const letter of code) if (!ATTENDANCE_CODE_ALPHABET.includes(letter)) return null;
  return code;
}

/** A badge code as printed and read out: `ABCD-EFGH-JKLM`. */
export function badgeCodeText(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** The public address that verifies a certificate (printed on it as a QR code). */
export const CERTIFICATE_VERIFY_PATH = '/verifica-attestato';

export function certificateVerifyPath(code: string): string {
  return `${CERTIFICATE_VERIFY_PATH}/${encodeURIComponent(code)}`;
}

export const CHECKIN_DIRECTIONS = ['in', 'out'] as const;
export type CheckInDirection = (typeof CHECKIN_DIRECTIONS)[number];
export const CHECKIN_DIRECTION_LABELS: Record<CheckInDirection, string> = {
  in: 'Entrata',
  out: 'Uscita',
};

export const ATTENDANCE_MESSAGES = {
  clientId: 'Identificativo della scansione non valido.',
  scanTarget: 'Indica il codice del badge o l’iscrizione.',
  badgeCode: 'Codice del badge non valido.',
  scannedAt: 'Ora della scansione non valida.',
  scans: 'Da 1 a 200 scansioni per invio.',
  unknownBadge: 'Badge non riconosciuto.',
  notConfirmed: 'Iscrizione non confermata: non può entrare.',
  otherEvent: 'Il badge è di un altro evento.',
  futureScan: 'L’ora della scansione è nel futuro: controlla l’orologio del telefono.',
  eventNotFound: 'Evento non trovato.',
  eventNotEnded: 'L’evento non è ancora terminato: gli attestati si emettono dopo la fine.',
  certificateNotFound: 'Attestato non trovato.',
  certificateRevoked: 'L’attestato è revocato: emettine uno nuovo.',
  reason: 'Scrivi il motivo della revoca (da 3 a 500 caratteri).',
  format: 'Formato non valido: «a6» o «etichette».',
  session: 'Sessione non valida.',
  unknownSession: 'Sessione non trovata: aggiorna l’elenco delle sessioni.',
  sessionOtherDay: 'La sessione scelta è di un altro giorno: scegli quella in corso.',
} as const;

/** A scan refused because the session is for one add-on's holders (ADR 054). */
export function notInSessionMessage(session: string): string {
  return `Non iscritto a «${session}»: non può entrare.`;
}

/** The Italian messages of an event's sessions (ADR 054), each naming its field. */
export const SESSION_MESSAGES = {
  endBeforeStart: 'Fine: deve essere dopo l’inizio della sessione.',
  sameDay: 'Fine: la sessione deve finire nello stesso giorno in cui inizia.',
  startBeforeEvent: 'Inizio: la sessione non può iniziare prima dell’inizio dell’evento.',
  endAfterEvent: 'Fine: la sessione non può finire dopo la fine dell’evento.',
  nameTwice: 'Nome: l’evento ha già una sessione con questo nome.',
  addon: 'Servizio aggiuntivo: scegli uno dei servizi aggiuntivi dell’evento.',
  hasScans: 'La sessione ha già delle scansioni: non si può eliminare.',
  tooMany: 'Sessioni: al massimo 50 per evento.',
} as const;

/** How many sessions an event may have (a congress's programme, not a timetable of talks). */
export const MAX_EVENT_SESSIONS = 50;

/**
 * POST/PUT of an event's session (ADR 054): a name, a start and an end in Rome's time within one
 * day; optionally the add-on whose holders alone are admitted.
 */
export const EventSessionInputSchema = z
  .object({
    name: requiredText(120),
    startsAt: romeLocal('Inizio'),
    endsAt: romeLocal('Fine'),
    addonId: z
      .number({ message: SESSION_MESSAGES.addon })
      .int({ message: SESSION_MESSAGES.addon })
      .positive({ message: SESSION_MESSAGES.addon })
      .nullish()
      .transform((value) => value ?? null),
  })
  .superRefine((input, context) => {
    if (input.endsAt <= input.startsAt) {
      context.addIssue({
        code: 'custom',
        path: ['endsAt'],
        message: SESSION_MESSAGES.endBeforeStart,
      });
    } else if (input.endsAt.slice(0, 10) !== input.startsAt.slice(0, 10)) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: SESSION_MESSAGES.sameDay });
    }
  });
export type EventSessionInput = z.input<typeof EventSessionInputSchema>;
export type EventSessionValues = z.output<typeof EventSessionInputSchema>;

/** A session as the staff screens and the check-in see it: instants in UTC ISO. */
export interface EventSession {
  id: number;
  eventId: number;
  name: string;
  startsAt: string;
  endsAt: string;
  addonId: number | null;
  /** The add-on's name, for "solo per …". */
  addonName: string | null;
  /** Its scans stored so far (a session with scans is not deleted). */
  scans: number;
}

/** An event's sessions, with the add-ons a session may be restricted to. */
export interface EventSessions {
  sessions: EventSession[];
  addons: { id: number; name: string }[];
}

/** One scan at the check-in, as the device queued it. */
export const CheckInScanSchema = z
  .object({
    clientId: z.string().uuid({ message: ATTENDANCE_MESSAGES.clientId }),
    code: z
      .string()
      .max(40, { message: ATTENDANCE_MESSAGES.badgeCode })
      .transform((text, ctx) => {
        const code = normalBadgeCode(text);
        if (code === null) {
          ctx.addIssue({ code: 'custom', message: ATTENDANCE_MESSAGES.badgeCode });
          return z.NEVER;
        }
        return code;
      })
      .optional(),
    registrationId: z
      .number({ message: ATTENDANCE_MESSAGES.scanTarget })
      .int({ message: ATTENDANCE_MESSAGES.scanTarget })
      .positive({ message: ATTENDANCE_MESSAGES.scanTarget })
      .optional(),
    direction: z.enum(CHECKIN_DIRECTIONS, { message: 'Scegli entrata o uscita.' }),
    scannedAt: z.string().datetime({ message: ATTENDANCE_MESSAGES.scannedAt }),
    /** The session the desk was scanning for (ADR 054); none: the whole day. */
    sessionId: z
      .number({ message: ATTENDANCE_MESSAGES.session })
      .int({ message: ATTENDANCE_MESSAGES.session })
      .positive({ message: ATTENDANCE_MESSAGES.session })
      .optional(),
  })
  .refine((scan) => (scan.code === undefined) !== (scan.registrationId === undefined), {
    message: ATTENDANCE_MESSAGES.scanTarget,
    path: ['code'],
  });
export type CheckInScan = z.input<typeof CheckInScanSchema>;

/** POST /api/v1/Admin/EventAttendance/Events/{id}/Scans: what a device sends, queued or not. */
export const CheckInScansSchema = z.object({
  scans: z
    .array(CheckInScanSchema)
    .min(1, { message: ATTENDANCE_MESSAGES.scans })
    .max(200, { message: ATTENDANCE_MESSAGES.scans }),
});
export type CheckInScansBody = z.input<typeof CheckInScansSchema>;

/** A confirmed registration as the check-in page finds it (by code or name). */
export interface CheckInPerson {
  registrationId: number;
  name: string;
  typeName: string;
  /** The badge's code (the page keeps the list to resolve codes while offline). */
  code: string;
  /** Inside now (its last scan today, or of the session asked for, an entry). */
  present: boolean;
}

/**
 * What the server answers of one scan; a scan sent again answers the same, from what was
 * stored the first time (ADR 051).
 */
export interface CheckInResult {
  clientId: string;
  status: 'recorded' | 'refused';
  message: string;
  person: { registrationId: number; name: string; typeName: string } | null;
  direction: CheckInDirection;
  scannedAt: string;
  /** The session it counts for (ADR 054); null: the whole day. */
  sessionId: number | null;
}

/** Who is inside now, and the day's counts (or the session's, ADR 054). */
export interface CheckInPresence {
  day: string;
  sessionId: number | null;
  confirmed: number;
  present: number;
  /** Entered at least once today (or in the session). */
  cameToday: number;
  people: { registrationId: number; name: string; typeName: string; since: string }[];
}

/** An event the check-in and the certificates are for. */
export interface AttendanceEvent {
  id: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

/**
 * A person's minutes present, per day and in all, against the event's (ADR 051); with
 * sessions, the event's minutes are the programme's and each session's minutes are given too
 * (ADR 054).
 */
export interface Attendance {
  days: { day: string; minutesPresent: number; eventMinutes: number }[];
  /** The sessions the person is admitted to, each with the minutes present within it. */
  sessions: { sessionId: number; name: string; minutesPresent: number; sessionMinutes: number }[];
  minutesPresent: number;
  eventMinutes: number;
  /** Minutes present over the event's, 0–100, one decimal. */
  percent: number;
}

export const CERTIFICATE_STATE_LABELS = { valid: 'Valido', revoked: 'Revocato' } as const;
export type CertificateState = keyof typeof CERTIFICATE_STATE_LABELS;

/** A certificate in the staff list of an event's. */
export interface AdminCertificate {
  id: number;
  /** "12/2027". */
  number: string;
  registrationId: number;
  holderName: string;
  minutesPresent: number;
  edition: number;
  issuedAt: string;
  reissuedAt: string | null;
  state: CertificateState;
  revokedAt: string | null;
  revokedReason: string | null;
  verifyPath: string;
}

/** The staff's view of an event's attendance: each confirmed person, their minutes, certificate. */
export interface AdminAttendanceRow {
  registrationId: number;
  name: string;
  typeName: string;
  attendance: Attendance;
  certificate: AdminCertificate | null;
}

export const CertificateRevokeSchema = z.object({
  reason: z
    .string({ message: ATTENDANCE_MESSAGES.reason })
    .trim()
    .min(3, { message: ATTENDANCE_MESSAGES.reason })
    .max(500, { message: ATTENDANCE_MESSAGES.reason }),
});

export const BadgeFormatSchema = z.object({
  formato: z.enum(['a6', 'etichette'], { message: ATTENDANCE_MESSAGES.format }).default('a6'),
});

/** The public verification page: nothing about the person beyond the name (ADR 051). */
export interface CertificateVerification {
  number: string;
  holderName: string;
  eventTitle: string;
  /** "21/01/2027" or "dal 21/01/2027 al 23/01/2027". */
  eventDates: string;
  issuedOn: string;
  state: CertificateState;
  revokedOn: string | null;
  /** An ECM certificate's credits and codes (ADR 060); absent for attendance. */
  ecm?: {
    creditsText: string;
    providerCode: string;
    eventCode: string;
    edition: number;
    /** dd/mm/yyyy. */
    earnedOn: string;
  };
}

/** A confirmed registration's badge in "Le mie iscrizioni", and its certificate once issued. */
export interface MyBadge {
  code: string;
  /** The QR code of the code, an SVG data address (drawn by the server). */
  qrDataUrl: string;
  certificate: { number: string; state: CertificateState; verifyPath: string } | null;
}

/** An event's days as badges and certificates write them: "21/01/2027", "dal … al …". */
export function eventDaysText(startsAt: string, endsAt: string): string {
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  return romeDate(start) === romeDate(end)
    ? italianRomeDate(start)
    : `dal ${italianRomeDate(start)} al ${italianRomeDate(end)}`;
}

/** Minutes as hours and minutes: "6 ore e 30 minuti", "45 minuti". */
export function hoursPresentText(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hoursText = hours === 1 ? '1 ora' : `${hours} ore`;
  const minutesText = rest === 1 ? '1 minuto' : `${rest} minuti`;
  if (hours === 0) return minutesText;
  return rest === 0 ? hoursText : `${hoursText} e ${minutesText}`;
}

/** The verification page's data for the SSR (ADR 046, 051). */
export interface CertificateVerifier {
  /** The certificate of a public code, or null when none has it. */
  verify(code: string): Promise<CertificateVerification | null>;
}

declare module './web-context.js' {
  interface SodalisLoadContext {
    /** `/verifica-attestato/<code>` (ADR 051). */
    certificates: CertificateVerifier;
  }
}
