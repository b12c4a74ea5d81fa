import {
  italianDateTime,
  italianEuroText,
  REGISTRATION_STATE_LABELS,
  registrationCausale,
} from '@sodalis/contracts';
import type { MailJob } from '../../outbox/outbox.js';
import type { RegistrationRow } from './repository.js';

/** The mails a registration's holder receives (ADR 049), plain Italian text. */

interface MailContext {
  society: { acronym: string; publicBaseUrl: string };
  eventTitle: string;
}

function greeting(registration: RegistrationRow): string {
  return `Gentile ${registration.first_name} ${registration.last_name},`;
}

function signature(context: MailContext): string[] {
  return [
    '',
    `Le tue iscrizioni: ${context.society.publicBaseUrl}/area-riservata-iscrizioni`,
    '',
    `Segreteria ${context.society.acronym}`,
  ];
}

/** A mail to the registration's holder: the greeting, the lines, the way to their registrations. */
function mailTo(
  registration: RegistrationRow,
  context: MailContext,
  subject: string,
  lines: string[],
): MailJob {
  return {
    to: [registration.email],
    subject: `${context.society.acronym} – ${context.eventTitle}: ${subject}`,
    text: [greeting(registration), '', ...lines, ...signature(context)].join('\n'),
  };
}

/** What a place held until paid asks: the amount, the deadline, the two ways to pay. */
function paymentDueLines(registration: RegistrationRow): string[] {
  return [
    `Quota: ${italianEuroText(registration.total_cents)}.`,
    `Il posto è tenuto per te fino al ${italianDateTime(registration.pay_by)}: completa il pagamento entro allora, con PayPal dalle tue iscrizioni o con un bonifico con causale «${registrationCausale(registration.id)}».`,
  ];
}

/** What a registration became when it was made: confirmed, waiting for payment or waiting. */
export function registrationReceivedMail(
  registration: RegistrationRow,
  context: MailContext,
): MailJob {
  const lines = [greeting(registration), ''];
  if (registration.state === 'confirmed') {
    lines.push(`la tua iscrizione a «${context.eventTitle}» è confermata.`);
  } else if (registration.state === 'pending_approval') {
    lines.push(
      `abbiamo ricevuto la tua richiesta di iscrizione a «${context.eventTitle}».`,
      'L’iscrizione è soggetta ad approvazione: il posto è tenuto per te mentre la segreteria la esamina, e ti scriveremo l’esito.',
    );
  } else if (registration.state === 'waiting') {
    lines.push(
      `«${context.eventTitle}» è al completo: sei in lista d’attesa.`,
      'Se si libera un posto ti scriveremo: avrai un tempo limitato per accettarlo.',
    );
  } else {
    lines.push(
      `abbiamo ricevuto la tua iscrizione a «${context.eventTitle}».`,
      ...paymentDueLines(registration),
    );
  }
  return {
    to: [registration.email],
    subject: `${context.society.acronym} – ${context.eventTitle}: ${REGISTRATION_STATE_LABELS[registration.state].toLowerCase()}`,
    text: [...lines, ...signature(context)].join('\n'),
  };
}

/** A place freed for the first on the waiting list: take it by the deadline. */
export function placeOfferedMail(registration: RegistrationRow, context: MailContext): MailJob {
  const lines = [
    greeting(registration),
    '',
    `si è liberato un posto per «${context.eventTitle}» ed è riservato a te fino al ${italianDateTime(registration.offer_expires_at)}.`,
    registration.total_cents > 0
      ? `Per prenderlo completa il pagamento della quota (${italianEuroText(registration.total_cents)}) entro allora; dopo, il posto passa al successivo in lista.`
      : 'Per prenderlo conferma dalle tue iscrizioni entro allora; dopo, il posto passa al successivo in lista.',
  ];
  return {
    to: [registration.email],
    subject: `${context.society.acronym} – ${context.eventTitle}: un posto per te`,
    text: [...lines, ...signature(context)].join('\n'),
  };
}

/** A place freed for the first waiting on a type subject to approval (ADR 053): held while decided. */
export function placeHeldForApprovalMail(
  registration: RegistrationRow,
  context: MailContext,
): MailJob {
  return mailTo(registration, context, 'un posto per te, in attesa di approvazione', [
    `si è liberato un posto per «${context.eventTitle}»: è tenuto per te mentre la segreteria esamina la tua iscrizione, soggetta ad approvazione.`,
    'Ti scriveremo l’esito.',
  ]);
}

/** A registration the secretariat approved (ADR 053): confirmed, or what to pay and by when. */
export function registrationApprovedMail(
  registration: RegistrationRow,
  context: MailContext,
): MailJob {
  return mailTo(registration, context, 'iscrizione approvata', [
    `la segreteria ha approvato la tua iscrizione a «${context.eventTitle}».`,
    ...(registration.state === 'confirmed'
      ? ['L’iscrizione è confermata.']
      : paymentDueLines(registration)),
  ]);
}

/** An unpaid place soon given up. */
export function paymentReminderMail(registration: RegistrationRow, context: MailContext): MailJob {
  const lines = [
    greeting(registration),
    '',
    `la tua iscrizione a «${context.eventTitle}» attende il pagamento della quota (${italianEuroText(registration.total_cents)}).`,
    `Se non arriva entro il ${italianDateTime(registration.pay_by)} il posto passa a chi è in lista d’attesa.`,
  ];
  return {
    to: [registration.email],
    subject: `${context.society.acronym} – ${context.eventTitle}: promemoria di pagamento`,
    text: [...lines, ...signature(context)].join('\n'),
  };
}

/** A registration that ended: expired unpaid, offer not taken, or cancelled. */
export function registrationEndedMail(
  registration: RegistrationRow,
  context: MailContext,
  why: string,
): MailJob {
  return {
    to: [registration.email],
    subject: `${context.society.acronym} – ${context.eventTitle}: ${REGISTRATION_STATE_LABELS[registration.state].toLowerCase()}`,
    text: [greeting(registration), '', why, ...signature(context)].join('\n'),
  };
}
