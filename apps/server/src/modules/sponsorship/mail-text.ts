import {
  italianDate,
  SPONSORSHIP_FIELD_LABELS,
  type SponsorshipField,
  type SponsorshipRequest,
} from '@sodalis/contracts';
import type { MailJob } from '../outbox/outbox.js';
import type { StoredFile } from './repository.js';

const ROME_TIME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  dateStyle: 'short',
  timeStyle: 'short',
});

/** Every field the requester typed, in the form's order (the labels' order), without the consent. */
const SUMMARY_FIELDS = (Object.keys(SPONSORSHIP_FIELD_LABELS) as SponsorshipField[]).filter(
  (field) => field !== 'accettaPrivacy',
);

function summaryLines(request: SponsorshipRequest): string[] {
  const lines: string[] = [];
  for (const field of SUMMARY_FIELDS) {
    const value = request[field as keyof SponsorshipRequest];
    if (value === null || value === undefined || value === '') continue;
    const text =
      field === 'dataInizio' || field === 'dataFine' ? italianDate(String(value)) : String(value);
    // Multi-line answers are indented under their label.
    lines.push(
      text.includes('\n')
        ? `${SPONSORSHIP_FIELD_LABELS[field]}:\n  ${text.split('\n').join('\n  ')}`
        : `${SPONSORSHIP_FIELD_LABELS[field]}: ${text}`,
    );
  }
  return lines;
}

function fileLines(files: StoredFile[]): string[] {
  return files.map(
    (file) => `- ${file.fileName} (${Math.max(1, Math.round(file.sizeBytes / 1024))} KB)`,
  );
}

function shortSubject(text: string): string {
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** The e-mail to the secretariat: every field, the PDFs attached, replies go to the requester. */
export function secretariatMail(input: {
  id: number;
  request: SponsorshipRequest;
  files: StoredFile[];
  receivedAt: Date;
  secretariat: string[];
  societyAcronym: string;
}): MailJob {
  const { id, request, files } = input;
  return {
    to: input.secretariat,
    ...(request.email ? { replyTo: request.email } : {}),
    subject: shortSubject(
      `Richiesta di ${(request.richiesta ?? 'patrocinio').toLowerCase()} n. ${id}: ${request.titoloEvento}`,
    ),
    text: [
      `È arrivata dal sito ${input.societyAcronym} una richiesta di patrocinio (n. ${id}, ricevuta il ${ROME_TIME.format(input.receivedAt)}).`,
      '',
      ...summaryLines(request),
      '',
      `Allegati (${files.length}, in questo messaggio):`,
      ...fileLines(files),
      '',
      request.email
        ? 'Rispondendo a questo messaggio si scrive al richiedente.'
        : 'Il richiedente non ha indicato un indirizzo e-mail.',
    ].join('\n'),
    attachments: files.map((file) => ({ fileName: file.fileName, sha256: file.sha256 })),
  };
}

/**
 * The acknowledgement to the requester (when an e-mail address was given): a fixed text that
 * echoes nothing the requester typed — not the name, the event, the file names — since anyone
 * may type anyone's address; with the sender's words it would be a relay for phishing under the
 * society's name (ADR 027). It opens with the spec's confirmation ("Richiesta inviata
 * correttamente!", §8) and tells a stranger to ignore it.
 */
export function acknowledgementMail(input: {
  email: string;
  secretariat: string[];
  societyName: string;
}): MailJob {
  return {
    to: [input.email],
    ...(input.secretariat[0] ? { replyTo: input.secretariat[0] } : {}),
    subject: 'Abbiamo ricevuto la tua richiesta di patrocinio',
    text: [
      'Richiesta inviata correttamente!',
      '',
      'Abbiamo ricevuto dal nostro sito una richiesta di patrocinio che indica questo indirizzo e-mail. La segreteria la esaminerà e risponderà a questo indirizzo.',
      '',
      'Se non hai inviato tu la richiesta, ignora questo messaggio: non riceverai altro.',
      '',
      input.societyName,
    ].join('\n'),
  };
}

/**
 * The decision e-mailed to the requester when the secretariat chooses to (ADR 013, 2026-11-23):
 * a fixed Italian text naming the request the requester sent, and the secretariat's message.
 * Replies go to the secretariat.
 */
export function outcomeMail(input: {
  id: number;
  email: string;
  eventTitle: string;
  approved: boolean;
  message: string | null;
  secretariat: string[];
  societyName: string;
}): MailJob {
  const outcome = input.approved ? 'approvata' : 'non approvata';
  return {
    to: [input.email],
    ...(input.secretariat[0] ? { replyTo: input.secretariat[0] } : {}),
    subject: shortSubject(`Richiesta di patrocinio ${outcome}: ${input.eventTitle}`),
    text: [
      `La tua richiesta di patrocinio n. ${input.id} per "${input.eventTitle}" è stata ${outcome}.`,
      ...(input.message === null ? [] : ['', input.message]),
      '',
      'Per domande rispondi a questo messaggio.',
      '',
      input.societyName,
    ].join('\n'),
  };
}
