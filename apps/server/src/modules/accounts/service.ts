import {
  RESET_TOKEN_LIFETIME_MINUTES,
  type LoginResponse,
  type MemberRole,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { maskEmail } from '../../mail/mask.js';
import { enqueue } from '../outbox/outbox.js';
import {
  decoyPasswordHash,
  hashPassword,
  passwordProblem,
  verifyPassword,
} from '../../security/passwords.js';
import { InvalidSessionTokenError, type SessionTokens } from '../../security/session-tokens.js';
import type { Throttle } from '../../security/throttle.js';
import { hashLinkToken } from '../../security/tokens.js';
import type { Clock } from '../../text/dates.js';
import type { Executor } from '../../db/schema.js';
import { issueResetToken, resetPasswordLink, sessionsEndAt, signedIn } from './credentials.js';
import type { TwoFactorService } from './two-factor.js';
import {
  findMemberByEmail,
  findMemberById,
  findUsableResetToken,
  setMemberPassword,
  useUpResetTokens,
} from './repository.js';

export interface AccountServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  tokens: SessionTokens;
  throttle: Throttle;
  logger: Logger;
  society: { acronym: string; name: string; publicBaseUrl: string };
  /** Tells the outbox worker there is something to send. */
  notifyOutbox: () => void;
  /** Two-factor sign-in of staff accounts (ADR 017). */
  twoFactor: TwoFactorService;
}

/** The signed-in member behind a request. */
export interface AuthenticatedMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
}

/**
 * Sign-in and passwords (spec §7 Account, ADR 010): login with throttling per account and IP,
 * first-login change, recovery by e-mail through the outbox, reset with single-use tokens, and
 * verification of session tokens on protected calls.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async login(input: { username: string; password: string }, ip: string): Promise<LoginResponse> {
    const { db, throttle, tokens, logger } = this.deps;
    const email = input.username.trim().toLowerCase();
    const key = `login:${email}:${ip}`;
    if (await throttle.attempt(key)) {
      logger.warn({ account: maskEmail(email), ip }, 'accesso bloccato: troppi tentativi');
      throw new AppError('tooManyRequests');
    }
    const member = await findMemberByEmail(db, email);
    const valid =
      member !== undefined && member.status === 'active'
        ? await verifyPassword(member.password_hash, input.password)
        : await verifyPassword(await decoyPasswordHash(), input.password).then(() => false);
    if (!valid || member === undefined) {
      logger.info({ account: maskEmail(email), ip }, 'accesso non riuscito');
      throw new AppError('unauthorized');
    }
    await throttle.reset(key);
    logger.info({ memberId: member.id }, 'accesso riuscito');
    if (member.password_changed === 1) {
      // Two-factor on: no session yet, a challenge for the code (POST /Account/LoginOtp).
      const challenge = await this.deps.twoFactor.challengeFor(member.id);
      if (challenge !== null) {
        return {
          passwordChanged: true,
          token: null,
          resetToken: null,
          username: member.email,
          twoFactorRequired: true,
          challenge,
        };
      }
      return signedIn(tokens, member);
    }
    // First sign-in: no session, only a single-use token to choose a password.
    const resetToken = await this.createResetToken(db, member.id, 'first-login');
    return { passwordChanged: false, token: null, resetToken, username: member.email };
  }

  /** The second step of a two-factor sign-in: challenge + code give the session token. */
  loginOtp(input: { challenge: string; code: string }, ip: string): Promise<LoginResponse> {
    return this.deps.twoFactor.completeLogin(input, ip);
  }

  /** Always answers the same; sends a link only to an active account. Throttled per address+IP. */
  async sendResetPasswordEmail(input: { username: string }, ip: string): Promise<void> {
    const { db, throttle, clock, society, logger, notifyOutbox } = this.deps;
    const email = input.username.trim().toLowerCase();
    const key = `reset:${email}:${ip}`;
    // Every request counts, and the one that passes the limit is itself refused.
    if (await throttle.attempt(key)) throw new AppError('tooManyRequests');
    const member = await findMemberByEmail(db, email);
    if (member === undefined || member.status !== 'active') {
      logger.info(
        { account: maskEmail(email) },
        'recupero password per un indirizzo senza account attivo',
      );
      return;
    }
    await db.transaction().execute(async (trx) => {
      const token = await this.createResetToken(trx, member.id, 'reset');
      const link = resetPasswordLink(society.publicBaseUrl, token, member.email);
      await enqueue(
        trx,
        'mail',
        {
          to: [member.email],
          subject: `${society.acronym} – Recupero della password`,
          text: [
            `Gentile ${member.first_name} ${member.last_name},`,
            '',
            'abbiamo ricevuto una richiesta di cambio della password del tuo account nell’area riservata.',
            `Per scegliere una nuova password apri questo collegamento entro ${RESET_TOKEN_LIFETIME_MINUTES} minuti:`,
            '',
            link,
            '',
            'Se non hai fatto tu la richiesta, ignora questo messaggio: la password attuale resta valida.',
            '',
            `La segreteria ${society.acronym}`,
          ].join('\n'),
        },
        clock(),
      );
    });
    notifyOutbox();
    logger.info({ memberId: member.id }, 'e-mail di recupero password accodata');
  }

  /**
   * Sets a new password with a token from the recovery e-mail or the first sign-in: the token
   * must belong to this account, be unused and unexpired; the password must meet the policy.
   * Ends the member's other sessions.
   */
  async resetPassword(
    input: { username: string; password: string; token: string },
    ip: string,
  ): Promise<void> {
    const { db, throttle, clock, society, logger } = this.deps;
    const email = input.username.trim().toLowerCase();
    const key = `reset-password:${email}:${ip}`;
    if (await throttle.isBlocked(key)) throw new AppError('tooManyRequests');
    const now = clock();
    const member = await findMemberByEmail(db, email);
    const token =
      member === undefined
        ? undefined
        : await findUsableResetToken(db, member.id, hashLinkToken(input.token), now.toISOString());
    if (member === undefined || token === undefined || member.status !== 'active') {
      await throttle.recordFailure(key);
      throw new AppError('notFound');
    }
    const problem = passwordProblem(input.password, {
      email,
      societyAcronym: society.acronym,
      societyName: society.name,
    });
    if (problem !== null)
      throw new AppError('invalidRequest', [{ path: 'password', message: problem }]);
    const passwordHash = await hashPassword(input.password);
    await db.transaction().execute(async (trx) => {
      await setMemberPassword(trx, member.id, {
        passwordHash,
        sessionsValidAfter: sessionsEndAt(now),
        now: now.toISOString(),
      });
      await useUpResetTokens(trx, member.id, now.toISOString());
    });
    await throttle.reset(key);
    logger.info({ memberId: member.id, purpose: token.purpose }, 'password cambiata');
  }

  /** The member behind a bearer token, or 401 (forged, expired, ended by a reset, disabled). */
  async authenticate(bearer: string): Promise<AuthenticatedMember> {
    let session;
    try {
      session = await this.deps.tokens.verify(bearer);
    } catch (error) {
      if (error instanceof InvalidSessionTokenError) throw new AppError('unauthorized');
      throw error;
    }
    const member = await findMemberById(this.deps.db, session.memberId);
    if (member === undefined || member.status !== 'active') throw new AppError('unauthorized');
    if (
      member.sessions_valid_after !== null &&
      session.issuedAt * 1000 < Date.parse(member.sessions_valid_after)
    ) {
      throw new AppError('unauthorized');
    }
    return {
      id: member.id,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      role: member.role,
    };
  }

  private createResetToken(
    db: Executor,
    memberId: number,
    purpose: 'reset' | 'first-login',
  ): Promise<string> {
    const now = this.deps.clock();
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_LIFETIME_MINUTES * 60_000);
    return issueResetToken(db, { memberId, purpose, now, expiresAt });
  }
}
