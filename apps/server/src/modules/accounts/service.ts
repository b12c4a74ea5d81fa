import {
  API_ERRORS,
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
  PasswordHashingBusyError,
  passwordProblem,
  type PasswordHashing,
} from '../../security/passwords.js';
import {
  InvalidSessionTokenError,
  type SessionTokens,
  type VerifiedSession,
} from '../../security/session-tokens.js';
import {
  ACCOUNT_SIGN_IN_THROTTLE,
  ADDRESS_SIGN_IN_THROTTLE,
  type Throttle,
} from '../../security/throttle.js';
import { hashLinkToken } from '../../security/tokens.js';
import type { Clock } from '../../text/dates.js';
import type { Executor } from '../../db/schema.js';
import { issueResetToken, resetPasswordLink, signedIn } from './credentials.js';
import type { TwoFactorService } from './two-factor.js';
import {
  consumeResetToken,
  deleteMemberSessions,
  deleteSession,
  findMemberByEmail,
  findMemberOfSession,
  findUsableResetToken,
  setMemberPassword,
  useUpResetTokens,
} from './repository.js';

/** Seconds a client is told to wait when the hashing queue is full (ADR 021). */
const BUSY_RETRY_AFTER_SECONDS = 5;

/** argon2 work through the bounded queue; a full queue answers 503 with Retry-After. */
async function withinHashingLimits<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PasswordHashingBusyError)
      throw new AppError('passwordCheckBusy', undefined, BUSY_RETRY_AFTER_SECONDS);
    throw error;
  }
}

function resetLinkInvalid(): AppError {
  return new AppError('resetLinkInvalid', [
    { path: 'token', message: API_ERRORS.resetLinkInvalid.message },
  ]);
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  tokens: SessionTokens;
  throttle: Throttle;
  /** argon2 through the bounded queue, with the decoy hash (ADR 021). */
  passwords: PasswordHashing;
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
  /** The server-side session of the request's token (ADR 021). */
  sessionId: string;
}

/**
 * Sign-in and passwords (spec §7 Account, ADR 010, ADR 021): login limited per address, per
 * account and per both; first-login change, recovery by e-mail through the outbox, reset with
 * single-use tokens, sessions kept on the server (checked on protected calls, ended by
 * signing out and by changes to the account).
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  async login(input: { username: string; password: string }, ip: string): Promise<LoginResponse> {
    const { db, throttle, tokens, passwords, logger } = this.deps;
    const email = input.username.trim().toLowerCase();
    const keys = await this.admitSignIn(email, ip);
    const member = await findMemberByEmail(db, email);
    // One path for every case (ADR 021): no account, no password yet or disabled, argon2 runs.
    const matches = await withinHashingLimits(() =>
      passwords.verify(member?.password_hash ?? null, input.password),
    ).catch(async (error: unknown) => {
      // Not the member's failure: the server was busy, the attempt is given back.
      await Promise.all(Object.values(keys).map((key) => throttle.refund(key)));
      throw error;
    });
    if (!matches || member === undefined || member.status !== 'active') {
      logger.info({ account: maskEmail(email), ip }, 'accesso non riuscito');
      throw new AppError('unauthorized');
    }
    await Promise.all([
      throttle.reset(keys.accountAndAddress),
      throttle.reset(keys.account),
      throttle.refund(keys.address),
    ]);
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
      return signedIn(db, tokens, member);
    }
    // First sign-in: no session, only a single-use token to choose a password.
    const resetToken = await this.createResetToken(db, member.id, 'first-login');
    return { passwordChanged: false, token: null, resetToken, username: member.email };
  }

  /**
   * Counts a sign-in attempt before the password is checked (ADR 021), on three keys in turn:
   * the client's address (a flood from one client stops before any hashing), the account from
   * any address (progressive delays), the account from this address (ADR 010). A closed key
   * answers 429 with Retry-After.
   */
  private async admitSignIn(email: string, ip: string) {
    const { throttle, logger } = this.deps;
    const keys = {
      address: `sign-in-address:${ip}`,
      account: `sign-in-account:${email}`,
      accountAndAddress: `login:${email}:${ip}`,
    };
    const checks = [
      { key: keys.address, rule: ADDRESS_SIGN_IN_THROTTLE, kind: 'tooManyRequests' },
      { key: keys.account, rule: ACCOUNT_SIGN_IN_THROTTLE, kind: 'signInDelayed' },
      { key: keys.accountAndAddress, rule: undefined, kind: 'tooManyRequests' },
    ] as const;
    for (const { key, rule, kind } of checks) {
      const retryAfter = await throttle.admit(key, rule);
      if (retryAfter !== null) {
        logger.warn(
          { account: maskEmail(email), ip, limit: key.split(':')[0], retryAfter },
          'accesso bloccato: troppi tentativi',
        );
        throw new AppError(kind, undefined, retryAfter);
      }
    }
    return keys;
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
   * The token is used up by a conditional update in the transaction of the change, so of
   * parallel requests with one token only one changes the password (ADR 021). Ends the
   * member's sessions but `current`, the one that made the change when it is the member's.
   *
   * Answers the new session of the member who chose the password (a new member had to
   * sign in a second time), as a sign-in does; null when the change came from their own session,
   * which goes on, or when two-factor sign-in asks for a code first (ADR 017).
   */
  async resetPassword(
    input: { username: string; password: string; token: string },
    ip: string,
    current: AuthenticatedMember | null = null,
  ): Promise<LoginResponse | null> {
    const { db, throttle, clock, society, logger, passwords, tokens } = this.deps;
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
      throw resetLinkInvalid();
    }
    const problem = passwordProblem(input.password, {
      email,
      societyAcronym: society.acronym,
      societyName: society.name,
    });
    if (problem !== null)
      throw new AppError('invalidRequest', [{ path: 'password', message: problem }]);
    const passwordHash = await withinHashingLimits(() => passwords.hash(input.password));
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await consumeResetToken(trx, token.id, now.toISOString()))) return false;
      await setMemberPassword(trx, member.id, { passwordHash, now: now.toISOString() });
      await useUpResetTokens(trx, member.id, now.toISOString());
      await deleteMemberSessions(
        trx,
        member.id,
        current?.id === member.id ? current.sessionId : undefined,
      );
      return true;
    });
    // Another request with the same token got there first.
    if (!changed) throw resetLinkInvalid();
    await throttle.reset(key);
    logger.info({ memberId: member.id, purpose: token.purpose }, 'password cambiata');
    if (current?.id === member.id) return null;
    if (await this.deps.twoFactor.isEnabled(member.id)) return null;
    const updated = await findMemberByEmail(db, email);
    if (updated === undefined || updated.status !== 'active') return null;
    return signedIn(db, tokens, updated);
  }

  /**
   * The member behind a bearer token, or 401: forged or expired, its session ended (signed
   * out, password changed, account disabled or given a new role, ADR 021), or disabled.
   */
  async authenticate(bearer: string): Promise<AuthenticatedMember> {
    const session = await this.verifiedSession(bearer);
    if (session === null) throw new AppError('unauthorized');
    const member = await findMemberOfSession(this.deps.db, {
      id: session.sessionId,
      memberId: session.memberId,
      now: this.deps.clock().toISOString(),
    });
    if (member === undefined || member.status !== 'active') throw new AppError('unauthorized');
    return {
      id: member.id,
      email: member.email,
      firstName: member.first_name,
      lastName: member.last_name,
      role: member.role,
      sessionId: session.sessionId,
    };
  }

  /** Signing out (ADR 021): the token's session ends; an invalid or ended token changes nothing. */
  async signOut(bearer: string): Promise<void> {
    const session = await this.verifiedSession(bearer);
    if (session === null) return;
    await deleteSession(this.deps.db, session.sessionId);
    this.deps.logger.info({ memberId: session.memberId }, 'uscita dall’area riservata');
  }

  private async verifiedSession(bearer: string): Promise<VerifiedSession | null> {
    try {
      return await this.deps.tokens.verify(bearer);
    } catch (error) {
      if (error instanceof InvalidSessionTokenError) return null;
      throw error;
    }
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
