import {
  ecmCodesOfWords,
  EMPTY_PREFILL,
  EVENT_ACCOUNT_MESSAGES,
  EVENT_ACCOUNT_PRIVACY,
  eventAccountReturnPath,
  isParticipantRole,
  PARTICIPANT_ROLE,
  type EventAccountRequestData,
  type MemberProfile,
  type EventAccountResult,
  type RegistrantPrefill,
  type RegistrationRequestData,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { maskEmail } from '../../../mail/mask.js';
import type { PublicFormGate } from '../../../security/public-forms.js';
import { isValidCodiceFiscale } from '../../../text/codice-fiscale.js';
import type { Clock } from '../../../text/dates.js';
import { issueResetToken, resetPasswordLink } from '../../accounts/credentials.js';
import { findMemberByEmail, insertMemberOnce, type MemberRow } from '../../accounts/repository.js';
import type { AuthenticatedMember } from '../../accounts/service.js';
import { enqueue, type MailJob } from '../../outbox/outbox.js';
import {
  employmentOf,
  professionChoiceOfStored,
  storedFactsOf,
} from '../registrations/professional-facts.js';
import { findParticipant, insertParticipant, updateParticipantFacts } from './repository.js';

/** The profession a registration chose, as the account keeps it; null: none chosen. */
function professionOfRequest(request: RegistrationRequestData) {
  const stored = storedFactsOf(request);
  if (stored.profession === null) return null;
  return {
    profession: stored.profession,
    discipline: stored.discipline,
    profession_code: stored.profession_code,
    discipline_code: stored.discipline_code,
  };
}

/** How long the link that confirms the address and sets the password stays valid. */
export const EVENT_ACCOUNT_LINK_HOURS = 24;

export interface EventAccountsDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  notifyOutbox: () => void;
  society: { acronym: string; publicBaseUrl: string };
  /** The public forms' hourly limits (ADR 040). */
  publicForms: PublicFormGate;
  /** A member's facts, for the registration form to prefill (ADR 030). */
  memberProfiles: RegistrantProfiles;
}

/** A member's facts the registration form prefills, from the membership (ADR 030). */
export interface RegistrantProfiles {
  get(
    memberId: number,
  ): Promise<Pick<MemberProfile, 'codiceFiscale' | 'qualification' | 'workplace'>>;
}

type Issue = { path: string; message: string };

/** A codice fiscale of the right shape whose check character is wrong, said beside its field. */
export function codiceFiscaleIssue(code: string): Issue | null {
  const shaped = code.trim().toUpperCase();
  return /^[A-Z0-9]{16}$/.test(shaped) && !isValidCodiceFiscale(shaped)
    ? { path: 'fiscalCode', message: EVENT_ACCOUNT_MESSAGES.badCodiceFiscale }
    : null;
}

const refused = (issues: Issue[]): EventAccountResult => ({
  ok: false,
  message: EVENT_ACCOUNT_MESSAGES.failed,
  issues,
});

/**
 * Accounts for the events of people who are not members (ADR 055). Opening one answers the same
 * for a new address and a known one, so the form tells no one who has an account: a new address
 * gets an account without a password and the link that confirms it by choosing one; an account
 * still waiting for that gets a new link; any other account a reminder to sign in.
 */
export class EventAccounts {
  constructor(private readonly deps: EventAccountsDeps) {}

  async open(body: EventAccountRequestData, clientAddress: string): Promise<EventAccountResult> {
    const { db, clock, logger, publicForms } = this.deps;
    const wait = await publicForms.admit('eventAccount', clientAddress);
    if (wait !== null) {
      logger.warn({ retryAfter: wait }, 'account per gli eventi oltre il limite orario');
      return {
        ok: false,
        message: EVENT_ACCOUNT_MESSAGES.busy,
        issues: [],
        retryAfterSeconds: wait,
      };
    }
    const issues: Issue[] = [];
    const codeIssue = codiceFiscaleIssue(body.fiscalCode);
    if (codeIssue !== null) issues.push(codeIssue);
    if (body.privacyVersion !== EVENT_ACCOUNT_PRIVACY.version) {
      issues.push({ path: 'privacy', message: EVENT_ACCOUNT_MESSAGES.privacyOutdated });
    }
    if (issues.length > 0) return refused(issues);

    const now = clock();
    const stamp = now.toISOString();
    const returnTo = eventAccountReturnPath(body.returnTo);
    const outcome = await db.transaction().execute(async (trx) => {
      const id = await insertMemberOnce(
        trx,
        {
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          role: PARTICIPANT_ROLE,
        },
        stamp,
      );
      if (id !== undefined) {
        await insertParticipant(
          trx,
          id,
          {
            fiscal_code: body.fiscalCode,
            ...storedFactsOf(body),
            profession: storedFactsOf(body).profession ?? '',
            employer: body.employer,
            privacy_version: EVENT_ACCOUNT_PRIVACY.version,
          },
          stamp,
        );
        await this.confirmationMail(trx, id, body, now, returnTo);
        return { memberId: id, kind: 'nuovo' as const };
      }
      // The address has an account: its facts stay as they are (no one rewrites another's).
      const known = await findMemberByEmail(trx, body.email);
      if (known === undefined || known.status !== 'active') {
        return { memberId: known?.id ?? null, kind: 'disattivato' as const };
      }
      if (isParticipantRole(known.role) && known.password_hash === null) {
        await this.confirmationMail(
          trx,
          known.id,
          { firstName: known.first_name, lastName: known.last_name, email: known.email },
          now,
          returnTo,
        );
        return { memberId: known.id, kind: 'da-confermare' as const };
      }
      await enqueue(trx, 'mail', this.knownAccountMail(known, returnTo), now);
      return { memberId: known.id, kind: 'esistente' as const };
    });
    if (outcome.kind !== 'disattivato') this.deps.notifyOutbox();
    logger.info(
      { memberId: outcome.memberId, account: maskEmail(body.email), outcome: outcome.kind },
      'richiesta di account per gli eventi',
    );
    return { ok: true, message: EVENT_ACCOUNT_MESSAGES.sent(body.email) };
  }

  /**
   * What the registration form fills in for the person: an events' account's own facts, a
   * member's from the membership (ADR 030), nothing for staff or an account without either.
   */
  async prefill(member: Pick<AuthenticatedMember, 'id' | 'role'>): Promise<RegistrantPrefill> {
    if (isParticipantRole(member.role)) {
      const facts = await findParticipant(this.deps.db, member.id);
      return facts === undefined
        ? EMPTY_PREFILL
        : {
            fiscalCode: facts.fiscal_code,
            ...professionChoiceOfStored(facts),
            employment: employmentOf(facts.employment),
            employer: facts.employer,
          };
    }
    try {
      const profile = await this.deps.memberProfiles.get(member.id);
      // The membership's qualification is free words: a code only where they are a name.
      const codes = ecmCodesOfWords(profile.qualification, null);
      return {
        ...EMPTY_PREFILL,
        fiscalCode: profile.codiceFiscale,
        professionCode: codes.professionCode,
        employer: profile.workplace,
      };
    } catch (error) {
      // No membership (staff, an account made by the secretariat): nothing to prefill.
      if (error instanceof AppError && error.status === 404) return EMPTY_PREFILL;
      throw error;
    }
  }

  /** The facts a participant's registration carried, kept for their next form. */
  async remember(
    member: Pick<AuthenticatedMember, 'id' | 'role'>,
    request: RegistrationRequestData,
  ): Promise<void> {
    if (!isParticipantRole(member.role)) return;
    await updateParticipantFacts(
      this.deps.db,
      member.id,
      {
        fiscal_code: request.fiscalCode,
        employer: request.employer,
        employment: request.employment,
        profession: professionOfRequest(request),
      },
      this.deps.clock().toISOString(),
    );
  }

  /** The link that confirms the address by choosing a password, in the outbox's transaction. */
  private async confirmationMail(
    trx: Executor,
    memberId: number,
    person: Pick<EventAccountRequestData, 'firstName' | 'lastName' | 'email'>,
    now: Date,
    returnTo: string | null,
  ): Promise<void> {
    const { acronym, publicBaseUrl } = this.deps.society;
    const token = await issueResetToken(trx, {
      memberId,
      purpose: 'first-login',
      now,
      expiresAt: new Date(now.getTime() + EVENT_ACCOUNT_LINK_HOURS * 3_600_000),
    });
    const link = withReturn(resetPasswordLink(publicBaseUrl, token, person.email), returnTo);
    await enqueue(
      trx,
      'mail',
      {
        to: [person.email],
        subject: `${acronym} – Conferma il tuo account per gli eventi`,
        text: [
          `Gentile ${person.firstName} ${person.lastName},`,
          '',
          `hai chiesto un account per iscriverti agli eventi della ${acronym}: il tuo username è ${person.email}.`,
          `Per confermare l’indirizzo e scegliere la password apri questo collegamento entro ${EVENT_ACCOUNT_LINK_HOURS} ore:`,
          '',
          link,
          '',
          'Se non hai fatto tu la richiesta, ignora questo messaggio: senza una password nessuno può usare l’account.',
          '',
          `La segreteria ${acronym}`,
        ].join('\n'),
      },
      now,
    );
  }

  /** To the holder of an account the form was filled in for again: sign in, or recover. */
  private knownAccountMail(known: MemberRow, returnTo: string | null): MailJob {
    const { acronym, publicBaseUrl } = this.deps.society;
    const signIn = `${publicBaseUrl}/area-riservata${
      returnTo === null ? '' : `?${new URLSearchParams({ ritorno: returnTo })}`
    }`;
    return {
      to: [known.email],
      subject: `${acronym} – Hai già un account`,
      text: [
        `Gentile ${known.first_name} ${known.last_name},`,
        '',
        `è stato chiesto un account per gli eventi della ${acronym} con questo indirizzo, che ne ha già uno: non serve crearne un altro.`,
        'Accedi con il tuo indirizzo e la tua password da qui:',
        '',
        signIn,
        '',
        'Se non ricordi la password, dalla stessa pagina scegli «Recupera password».',
        'Se non hai fatto tu la richiesta, ignora questo messaggio: il tuo account resta com’è.',
        '',
        `La segreteria ${acronym}`,
      ].join('\n'),
    };
  }
}

/** The password page's link, coming back to the page the person was registering from. */
function withReturn(link: string, returnTo: string | null): string {
  return returnTo === null ? link : `${link}&${new URLSearchParams({ ritorno: returnTo })}`;
}
