import {
  APPLICATION_CV_MAX_BYTES,
  APPLICATION_MESSAGES,
  isParticipantRole,
  MEMBERSHIP_PRIVACY,
  PDF_REFUSAL_MESSAGES,
  sanitisePdfFileName,
  type MembershipApplicationBody,
  type MembershipApplicationResult,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import type { FileStore } from '../../files/file-store.js';
import { pdfRefusal } from '../../files/pdf-safety.js';
import type { PublicFormGate } from '../../security/public-forms.js';
import type { Clock } from '../../text/dates.js';
import { isValidCodiceFiscale } from '../../text/codice-fiscale.js';
import { findMemberByEmail } from '../accounts/repository.js';
import { recordStoredFile } from '../attachments/repository.js';
import { enqueue, type MailJob } from '../outbox/outbox.js';
import {
  insertApplicationOnce,
  membershipWithCodiceFiscale,
  pendingApplicationWith,
} from './repository.js';

export interface ApplicationCv {
  fileName: string;
  content: Buffer;
}

export interface ApplicationDeps {
  db: Kysely<Database>;
  files: FileStore;
  clock: Clock;
  logger: Logger;
  secretariat: string[];
  society: { acronym: string; name: string };
  notifyOutbox: () => void;
  /** The public forms' hourly limits and upload budget (ADR 040). */
  publicForms: PublicFormGate;
}

type Issue = { path: string; message: string };

const refused = (message: string, issues: Issue[]): MembershipApplicationResult => ({
  ok: false,
  message,
  issues,
});

/**
 * The e-mail that tells the applicant their application arrived and what comes next (ADR 024:
 * the Board decides, the secretariat writes; with the approval the member number and the link
 * to choose a password). Replies go to the secretariat.
 */
export function acknowledgementMail(
  deps: Pick<ApplicationDeps, 'secretariat' | 'society'>,
  body: Pick<MembershipApplicationBody, 'email' | 'firstName' | 'lastName' | 'kind'>,
): MailJob {
  const { acronym, name } = deps.society;
  return {
    to: [body.email],
    ...(deps.secretariat[0] ? { replyTo: deps.secretariat[0] } : {}),
    subject: `${acronym} – Abbiamo ricevuto la tua domanda di iscrizione`,
    text: [
      `Gentile ${body.firstName} ${body.lastName},`,
      '',
      `abbiamo ricevuto la tua domanda di iscrizione come ${body.kind} con il curriculum. La segreteria la sottopone al Consiglio Direttivo e ti scriverà a questo indirizzo appena sarà esaminata: con l’approvazione riceverai il numero di socio e il collegamento per scegliere la password dell’area riservata.`,
      '',
      'Non serve inviare altro. Se non hai inviato tu la domanda, rispondi a questo messaggio.',
      '',
      `La segreteria ${acronym}`,
      name,
    ].join('\n'),
  };
}

/** The CV's problem (size, then the safe-PDF checks of ADR 027), or null. */
async function cvProblem(cv: ApplicationCv | null): Promise<Issue | null> {
  if (cv === null || cv.content.length === 0) {
    return { path: 'cv', message: APPLICATION_MESSAGES.cvMissing };
  }
  if (cv.content.length > APPLICATION_CV_MAX_BYTES) {
    return { path: 'cv', message: APPLICATION_MESSAGES.cvTooLarge };
  }
  const refusal = await pdfRefusal(cv.content);
  if (refusal === null) return null;
  const message =
    refusal === 'notPdf' ? APPLICATION_MESSAGES.cvNotPdf : PDF_REFUSAL_MESSAGES[refusal];
  return { path: 'cv', message };
}

/** The form closed for a while (ADR 040): nothing read further, nothing stored. */
const tooMany = (retryAfterSeconds: number): MembershipApplicationResult => ({
  ok: false,
  message: APPLICATION_MESSAGES.tooMany,
  issues: [],
  retryAfterSeconds,
});

/**
 * An application from the public form (ADR 024): counted against the hourly limits of the
 * client's address and of everyone first (ADR 040), then checked (codice fiscale, CV, privacy
 * version), refused with a clear message when the address or codice fiscale is already known or
 * already waiting, its CV counted against the hour's upload budget, stored once with the
 * secretariat's notice in the same transaction.
 */
export async function submitApplication(
  deps: ApplicationDeps,
  body: MembershipApplicationBody,
  cv: ApplicationCv | null,
  clientAddress: string,
): Promise<MembershipApplicationResult> {
  const { db, files, clock, logger } = deps;
  const wait = await deps.publicForms.admit('application', clientAddress);
  if (wait !== null) {
    logger.warn({ retryAfter: wait }, 'domande di iscrizione oltre il limite orario');
    return tooMany(wait);
  }
  const issues: Issue[] = [];
  if (!isValidCodiceFiscale(body.codiceFiscale)) {
    issues.push({ path: 'codiceFiscale', message: APPLICATION_MESSAGES.badCodiceFiscale });
  }
  const cvIssue = await cvProblem(cv);
  if (cvIssue !== null) issues.push(cvIssue);
  if (body.privacyVersion !== MEMBERSHIP_PRIVACY.version) {
    issues.push({ path: 'privacy', message: APPLICATION_MESSAGES.privacyOutdated });
  }
  if (issues.length > 0) return refused(APPLICATION_MESSAGES.failed, issues);

  // An events' account may become a member's: its holder applies with the same address (ADR 055).
  const known = await findMemberByEmail(db, body.email);
  if (known !== undefined && !isParticipantRole(known.role)) {
    return refused(APPLICATION_MESSAGES.knownEmail, [
      { path: 'email', message: APPLICATION_MESSAGES.knownEmail },
    ]);
  }
  if ((await membershipWithCodiceFiscale(db, body.codiceFiscale)) !== undefined) {
    return refused(APPLICATION_MESSAGES.knownCodiceFiscale, [
      { path: 'codiceFiscale', message: APPLICATION_MESSAGES.knownCodiceFiscale },
    ]);
  }
  const alreadyReceived = refused(APPLICATION_MESSAGES.alreadyReceived, []);
  if ((await pendingApplicationWith(db, body.email, body.codiceFiscale)) !== undefined) {
    return alreadyReceived;
  }

  const checkedCv = cv as ApplicationCv;
  const uploadWait = await deps.publicForms.admitUpload(checkedCv.content.length);
  if (uploadWait !== null) {
    logger.warn({ retryAfter: uploadWait }, 'file dei moduli pubblici oltre il limite orario');
    return tooMany(uploadWait);
  }
  const stored = await files.put(checkedCv.content);
  const now = clock();
  const id = await db.transaction().execute(async (trx) => {
    await recordStoredFile(trx, stored, 'application/pdf', now.toISOString());
    const applicationId = await insertApplicationOnce(trx, {
      kind: body.kind,
      section: body.kind === 'Affiliato' ? (body.section ?? null) : null,
      first_name: body.firstName,
      last_name: body.lastName,
      email: body.email,
      codice_fiscale: body.codiceFiscale,
      qualification: body.qualification,
      workplace: body.workplace,
      centre: body.centre,
      region: body.region,
      register_number: body.registerNumber,
      cv_sha256: stored.sha256,
      cv_file_name: sanitisePdfFileName(checkedCv.fileName),
      privacy_text_version: MEMBERSHIP_PRIVACY.version,
      privacy_accepted_at: now.toISOString(),
      status: 'pending',
      ratified_on: null,
      refusal_reason: null,
      member_id: null,
      handled_at: null,
      handled_by: null,
      created_at: now.toISOString(),
    });
    if (applicationId === null) return null;
    await enqueue(
      trx,
      'mail',
      {
        to: deps.secretariat,
        subject: `${deps.society.acronym} – Nuova domanda di iscrizione (${body.kind})`,
        text: [
          `È arrivata una domanda di iscrizione come ${body.kind}: ${body.firstName} ${body.lastName}.`,
          '',
          'La trovi in Amministrazione → Domande di iscrizione, con il curriculum.',
        ].join('\n'),
      },
      now,
    );
    // The applicant's acknowledgement, in the same transaction: sent exactly when
    // the application is stored.
    await enqueue(trx, 'mail', acknowledgementMail(deps, body), now);
    return applicationId;
  });
  if (id === null) return alreadyReceived;
  deps.notifyOutbox();
  logger.info({ applicationId: id, kind: body.kind }, 'domanda di iscrizione registrata');
  return { ok: true, message: APPLICATION_MESSAGES.received };
}
