import { isRealDate } from './sponsorship-rules.js';
import { z } from './zod.js';

/**
 * The ECM credits of an event's participants (ADR 060): the decision per person (accredited
 * profession and discipline, attendance, learning test, questionnaire), the numbered ECM
 * certificate verifiable at the certificates' public address, and the participants' report to
 * Age.Na.S. within 90 days of the event's end.
 */

/** Days from the event's end within which the provider reports the participants (ADR 060). */
export const ECM_REPORT_DAYS = 90;
/** Days before the deadline from which the staff's screen warns (ADR 060). */
export const ECM_REPORT_WARNING_DAYS = 30;

/** The four conditions of the credits, in the order a participant meets them. */
export const ECM_CREDIT_CONDITIONS = ['profession', 'attendance', 'test', 'questionnaire'] as const;
export type EcmCreditCondition = (typeof ECM_CREDIT_CONDITIONS)[number];
export const ECM_CREDIT_CONDITION_LABELS: Record<EcmCreditCondition, string> = {
  profession: 'Professione e disciplina',
  attendance: 'Presenza',
  test: 'Test di apprendimento',
  questionnaire: 'Questionario di gradimento',
};

/** One condition of the credits for one person: met or not, and why, in Italian. */
export interface EcmCreditCheck {
  condition: EcmCreditCondition;
  met: boolean;
  /** "Presenza 72% su 90% richiesto", "Test superato con il 80%", … */
  text: string;
}

/** A numbered ECM certificate as people and staff see it. */
export interface EcmCertificateSummary {
  id: number;
  /** "3/412345-1": the certificate's number within the event's edition. */
  number: string;
  state: 'valid' | 'revoked';
  /** `/verifica-attestato/<code>` (ADR 051). */
  verifyPath: string;
  issuedAt: string;
}

/** A person's credits for one registration, in "Le mie iscrizioni" once the event has ended. */
export interface MyEcmCredits {
  earned: boolean;
  /** "4,5". */
  creditsText: string;
  /** Each condition, met or not (the person sees why they lack credits). */
  checks: EcmCreditCheck[];
  /** dd/mm/yyyy in Rome, when earned. */
  earnedOn: string | null;
  certificate: EcmCertificateSummary | null;
}

/** A registrant's row of the staff's credits screen. */
export interface EcmCreditRow {
  registrationId: number;
  name: string;
  fiscalCode: string;
  checks: EcmCreditCheck[];
  earned: boolean;
  earnedOn: string | null;
  certificate: EcmCertificateSummary | null;
  /** A certificate still valid for someone who no longer meets the conditions (a correction). */
  certificateToReview: boolean;
}

/** An event's credits for the staff: each registrant, and where the report to Age.Na.S. stands. */
export interface EcmCreditsReport {
  eventId: number;
  title: string;
  accredited: boolean;
  creditsText: string;
  /** ISO date (Rome) of the event's last day; the 90 days count from it. */
  endedOn: string | null;
  /** ISO date (Rome) by which the report is due. */
  reportDueOn: string | null;
  /** When the staff recorded the report as sent to Age.Na.S., with who did it. */
  reported: { on: string; by: string | null; note: string | null } | null;
  rows: EcmCreditRow[];
}

export const ECM_CREDIT_MESSAGES = {
  notEnded: 'L’evento non è ancora terminato: i crediti si decidono dopo la fine.',
  notAccredited: 'L’evento non ha dati ECM completi: compilali prima.',
  notEarned: 'Crediti ECM non ancora ottenuti: l’attestato ECM non si può emettere.',
  revoked: 'Attestato ECM già revocato.',
  reportedOn:
    'Data di invio: una data nel formato AAAA-MM-GG, non futura e non prima della fine dell’evento.',
  note: 'Nota: al più 500 caratteri.',
  reportMissing:
    'Il rapporto non si può generare: correggi prima i dati di queste persone (professione, disciplina, codice fiscale).',
} as const;

/** PUT of the report's sending to Age.Na.S.: the day it was uploaded on the portal. */
export const EcmReportSentSchema = z.object({
  sentOn: z
    .string({ message: ECM_CREDIT_MESSAGES.reportedOn })
    .trim()
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), {
      message: ECM_CREDIT_MESSAGES.reportedOn,
    }),
  note: z
    .string({ message: ECM_CREDIT_MESSAGES.note })
    .trim()
    .max(500, { message: ECM_CREDIT_MESSAGES.note })
    .nullish()
    .transform((value) => (value === undefined || value === '' ? null : value)),
});
export type EcmReportSentInput = z.input<typeof EcmReportSentSchema>;
export type EcmReportSent = z.output<typeof EcmReportSentSchema>;

/** The report's formats: Age.Na.S.'s XML, and a CSV for the staff's own check. */
export const ECM_REPORT_FORMATS = ['xml', 'csv'] as const;
export type EcmReportFormat = (typeof ECM_REPORT_FORMATS)[number];

/** One person the report cannot include as they are, and what to fix. */
export interface EcmReportProblem {
  name: string;
  role: string;
  problems: string[];
}

/** A percentage as people read it: 87.5 → "87,5%". */
export function percentText(percent: number): string {
  return `${percent.toLocaleString('it-IT', { maximumFractionDigits: 1 })}%`;
}

/** Credits with their noun: "1 credito", "4,5 crediti" (`text` as `creditsText` writes it). */
export function creditsPhrase(text: string): string {
  return `${text} ${text === '1' ? 'credito' : 'crediti'}`;
}
