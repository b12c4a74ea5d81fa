import {
  isStaffRole,
  LOGIN_CHALLENGE_LIFETIME_SECONDS,
  TWO_FACTOR_MESSAGES,
  type LoginResponse,
  type MemberTwoFactorState,
  type TwoFactorEnrolment,
  type TwoFactorRecoveryCodes,
  type TwoFactorStatus,
} from '@sodalis/contracts';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SessionTokens } from '../../security/session-tokens.js';
import type { Throttle } from '../../security/throttle.js';
import {
  deriveKey,
  hashRecoveryCode,
  matchingTotpStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  SecretBox,
} from '../../security/totp.js';
import type { Clock } from '../../text/dates.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import type { Executor } from '../../db/schema.js';
import { signedIn } from './credentials.js';
import {
  countUnusedRecoveryCodes,
  deleteMemberSessions,
  deleteTwoFactor,
  enableTwoFactor,
  findMemberByEmail,
  findMemberById,
  findTwoFactor,
  recordTotpStep,
  replaceRecoveryCodes,
  startTwoFactor,
  useRecoveryCode,
} from './repository.js';

export interface TwoFactorServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  tokens: SessionTokens;
  throttle: Throttle;
  logger: Logger;
  /** The server's secret material (the JWT secret): every two-factor key derives from it. */
  serverSecret: Uint8Array;
  /** The issuer the authenticator app shows (the society's acronym). */
  issuer: string;
  /** STAFF_TWO_FACTOR_REQUIRED. */
  required: boolean;
}

/** The one field audit entries carry about two-factor: never the secret or a code. */
const AUDIT_FIELD = 'verifica_due_passaggi';
const CHALLENGE_PURPOSE = 'login-otp';

function wrongCode(): AppError {
  return new AppError('invalidRequest', [{ path: 'code', message: TWO_FACTOR_MESSAGES.wrongCode }]);
}

/**
 * Two-factor sign-in for staff (ADR 017): enrolment with a confirming code,
 * single-use recovery codes, the second step of sign-in, turning it off (one's own with a code,
 * another staff member's from the back office or the CLI), and the rule that makes it
 * mandatory. Audit entries say only whether it is on.
 */
export class TwoFactorService {
  private readonly box: SecretBox;
  private readonly challengeKey: Uint8Array;
  private readonly recoveryKey: Buffer;

  constructor(private readonly deps: TwoFactorServiceDeps) {
    this.box = new SecretBox(deriveKey(deps.serverSecret, 'totp-secret-encryption'));
    this.challengeKey = new Uint8Array(deriveKey(deps.serverSecret, 'login-otp-challenge'));
    this.recoveryKey = deriveKey(deps.serverSecret, 'recovery-code-hash');
  }

  get required(): boolean {
    return this.deps.required;
  }

  async isEnabled(memberId: number): Promise<boolean> {
    return (await findTwoFactor(this.deps.db, memberId))?.enabled_at != null;
  }

  /** A staff member who must enrol before using the back office (mandatory and not on yet). */
  async mustEnrol(memberId: number): Promise<boolean> {
    return this.deps.required && !(await this.isEnabled(memberId));
  }

  async status(memberId: number): Promise<TwoFactorStatus> {
    const row = await findTwoFactor(this.deps.db, memberId);
    const enabled = row?.enabled_at != null;
    const left = enabled ? await countUnusedRecoveryCodes(this.deps.db, memberId) : 0;
    return {
      enabled,
      pending: row !== undefined && !enabled,
      required: this.deps.required,
      recoveryCodesLeft: left,
      enabledAt: row?.enabled_at ?? null,
    };
  }

  /** Whether another account has two-factor on (the account screen's "turn off" button). */
  async memberState(memberId: number): Promise<MemberTwoFactorState> {
    const member = await findMemberById(this.deps.db, memberId);
    if (member === undefined) throw new AppError('notFound');
    return { enabled: await this.isEnabled(memberId), staff: isStaffRole(member.role) };
  }

  /** A new secret for the staff member (replacing an unconfirmed one), with its QR code. */
  async start(actor: Actor): Promise<TwoFactorEnrolment> {
    const { db, clock, issuer } = this.deps;
    const existing = await findTwoFactor(db, actor.id);
    if (existing?.enabled_at != null) {
      throw new AppError('invalidRequest', [
        { path: 'code', message: TWO_FACTOR_MESSAGES.alreadyEnabled },
      ]);
    }
    const secret = newTotpSecret();
    const sealed = this.box.seal(secret);
    if (!(await startTwoFactor(db, actor.id, sealed, clock().toISOString()))) {
      throw new AppError('invalidRequest', [
        { path: 'code', message: TWO_FACTOR_MESSAGES.alreadyEnabled },
      ]);
    }
    const url = otpauthUrl(secret, actor.email, issuer);
    const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return {
      secret,
      otpauthUrl: url,
      qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`,
    };
  }

  /**
   * Turns two-factor on with a current code; answers the recovery codes (shown once). The
   * account's other sessions end, `currentSessionId` (the one turning it on) stays (ADR 021).
   */
  async confirm(
    actor: Actor,
    code: string,
    currentSessionId: string,
  ): Promise<TwoFactorRecoveryCodes> {
    const { db, clock } = this.deps;
    const key = `two-factor-manage:${actor.id}`;
    await this.countAttempt([key]);
    const now = clock();
    const recoveryCodes = newRecoveryCodes();
    const confirmed = await db.transaction().execute(async (trx) => {
      const row = await findTwoFactor(trx, actor.id);
      if (row === undefined || row.enabled_at !== null) {
        throw new AppError('invalidRequest', [
          {
            path: 'code',
            message:
              row === undefined
                ? TWO_FACTOR_MESSAGES.notPending
                : TWO_FACTOR_MESSAGES.alreadyEnabled,
          },
        ]);
      }
      let secret: string;
      try {
        secret = this.box.open(row.secret_encrypted);
      } catch {
        // Sealed with other key material (JWT_SECRET changed): the activation starts again.
        throw new AppError('invalidRequest', [
          { path: 'code', message: TWO_FACTOR_MESSAGES.notPending },
        ]);
      }
      const step = matchingTotpStep(secret, code, now);
      if (step === null) return false;
      if (!(await enableTwoFactor(trx, actor.id, step, now.toISOString()))) {
        // A simultaneous confirmation won: its recovery codes are the ones shown.
        throw new AppError('invalidRequest', [
          { path: 'code', message: TWO_FACTOR_MESSAGES.alreadyEnabled },
        ]);
      }
      await replaceRecoveryCodes(
        trx,
        actor.id,
        recoveryCodes.map((recoveryCode) => hashRecoveryCode(this.recoveryKey, recoveryCode)),
        now.toISOString(),
      );
      await deleteMemberSessions(trx, actor.id, currentSessionId);
      await writeAudit(
        trx,
        actor,
        {
          action: 'attiva verifica in due passaggi',
          entity: 'member',
          entityId: actor.id,
          summary: `Verifica in due passaggi attivata da ${actor.email}`,
          before: { [AUDIT_FIELD]: 'non attiva' },
          after: { [AUDIT_FIELD]: 'attiva' },
        },
        now,
      );
      return true;
    });
    if (!confirmed) throw wrongCode();
    await this.deps.throttle.reset(key);
    this.deps.logger.info({ memberId: actor.id }, 'verifica in due passaggi attivata');
    return { recoveryCodes };
  }

  /** Turns one's own two-factor off with a current code (not a recovery code). */
  async disableOwn(actor: Actor, code: string): Promise<void> {
    const key = `two-factor-manage:${actor.id}`;
    await this.countAttempt([key]);
    const row = await findTwoFactor(this.deps.db, actor.id);
    if (row?.enabled_at == null) {
      throw new AppError('invalidRequest', [
        { path: 'code', message: TWO_FACTOR_MESSAGES.notEnabled },
      ]);
    }
    if (!(await this.useTotpCode(this.deps.db, actor.id, row.secret_encrypted, code))) {
      throw wrongCode();
    }
    await this.deps.throttle.reset(key);
    await this.remove(actor.id, actor, `Verifica in due passaggi disattivata da ${actor.email}`);
  }

  /**
   * Turns off another staff member's two-factor (a lost phone). Never one's own this way: that
   * needs a code (disableOwn).
   */
  async disableFor(actor: Actor, memberId: number): Promise<void> {
    if (actor.id === memberId) {
      throw new AppError('invalidRequest', [
        { path: 'code', message: TWO_FACTOR_MESSAGES.notOwnAccount },
      ]);
    }
    const member = await findMemberById(this.deps.db, memberId);
    if (member === undefined) throw new AppError('notFound');
    if (!(await this.isEnabled(memberId))) {
      throw new AppError('invalidRequest', [
        { path: 'code', message: TWO_FACTOR_MESSAGES.notEnabled },
      ]);
    }
    await this.remove(
      memberId,
      actor,
      `Verifica in due passaggi di ${member.email} disattivata da ${actor.email}`,
    );
  }

  /**
   * The command line's way (`membri:2fa-disattiva`): the CLI has no signed-in actor and writes
   * no audit entry; it prints what it did. Answers false when it was not on.
   */
  async disableByEmail(email: string): Promise<boolean> {
    const member = await findMemberByEmail(this.deps.db, email);
    if (member === undefined) throw new AppError('notFound');
    // True only when two-factor was on: an unconfirmed activation is dropped, not "turned off".
    const deleted = await this.deps.db.transaction().execute(async (trx) => {
      const row = await findTwoFactor(trx, member.id);
      await deleteTwoFactor(trx, member.id);
      return row?.enabled_at != null;
    });
    this.deps.logger.info(
      { memberId: member.id },
      'verifica in due passaggi disattivata dalla riga di comando',
    );
    return deleted;
  }

  private async remove(memberId: number, actor: Actor, summary: string): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      await deleteTwoFactor(trx, memberId);
      await writeAudit(
        trx,
        actor,
        {
          action: 'disattiva verifica in due passaggi',
          entity: 'member',
          entityId: memberId,
          summary,
          before: { [AUDIT_FIELD]: 'attiva' },
          after: { [AUDIT_FIELD]: 'non attiva' },
        },
        now,
      );
    });
    this.deps.logger.info({ memberId, actorId: actor.id }, 'verifica in due passaggi disattivata');
  }

  /** The sign-in challenge of an account with two-factor on, else null (login answers as before). */
  async challengeFor(memberId: number): Promise<string | null> {
    if (!(await this.isEnabled(memberId))) return null;
    const issuedAt = Math.floor(this.deps.clock().getTime() / 1000);
    return new SignJWT({ purpose: CHALLENGE_PURPOSE })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(memberId))
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + LOGIN_CHALLENGE_LIFETIME_SECONDS)
      .sign(this.challengeKey);
  }

  /**
   * The second step of sign-in: a valid challenge and a current TOTP code (not used before) or
   * an unused recovery code give the session token. Failures count in the login throttle.
   */
  async completeLogin(
    input: { challenge: string; code: string },
    ip: string,
  ): Promise<LoginResponse> {
    const { db, throttle, tokens, logger } = this.deps;
    const memberId = await this.challengeMember(input.challenge);
    // Per account and address, and per account: a guesser changing address is still limited.
    const keys = [`login-otp:${memberId}:${ip}`, `login-otp:${memberId}`];
    if (await this.attemptsBlocked(keys)) {
      logger.warn({ memberId, ip }, 'verifica in due passaggi bloccata: troppi tentativi');
      throw new AppError('tooManyRequests');
    }
    const member = await findMemberById(db, memberId);
    const row = await findTwoFactor(db, memberId);
    const usable =
      member !== undefined &&
      member.status === 'active' &&
      member.password_changed === 1 &&
      row?.enabled_at != null;
    let usedRecoveryCode = false;
    let valid = false;
    if (usable) {
      if (/^\d{6}$/.test(input.code)) {
        valid = await this.useTotpCode(db, memberId, row.secret_encrypted, input.code);
      } else {
        valid = await useRecoveryCode(
          db,
          memberId,
          hashRecoveryCode(this.recoveryKey, input.code),
          this.deps.clock().toISOString(),
        );
        usedRecoveryCode = valid;
      }
    }
    if (!valid || member === undefined) {
      logger.info({ memberId, ip }, 'verifica in due passaggi non riuscita');
      throw new AppError('unauthorized');
    }
    await Promise.all(keys.map((key) => throttle.reset(key)));
    logger.info({ memberId, usedRecoveryCode }, 'accesso riuscito con verifica in due passaggi');
    return signedIn(db, tokens, member);
  }

  private async challengeMember(challenge: string): Promise<number> {
    try {
      const { payload } = await jwtVerify(challenge, this.challengeKey, {
        algorithms: ['HS256'],
        currentDate: this.deps.clock(),
        requiredClaims: ['exp', 'iat', 'sub'],
      });
      const memberId = Number(payload.sub);
      if (payload.purpose !== CHALLENGE_PURPOSE || !Number.isInteger(memberId) || memberId <= 0)
        throw new AppError('unauthorized');
      return memberId;
    } catch {
      // Forged, expired or altered: the same 401 as a wrong password (sign in again).
      throw new AppError('unauthorized');
    }
  }

  /** Accepts a TOTP code once: its step must be later than the last accepted one. */
  private async useTotpCode(
    db: Executor,
    memberId: number,
    sealedSecret: string,
    code: string,
  ): Promise<boolean> {
    let secret: string;
    try {
      secret = this.box.open(sealedSecret);
    } catch {
      // Sealed with other key material (JWT_SECRET changed): no code can match. The staff member
      // signs in again once a colleague or `membri:2fa-disattiva` turns two-factor off (ADR 017).
      this.deps.logger.error(
        { memberId },
        'verifica in due passaggi: segreto illeggibile (JWT_SECRET cambiato?); disattivarla con membri:2fa-disattiva',
      );
      return false;
    }
    const step = matchingTotpStep(secret, code, this.deps.clock());
    if (step === null) return false;
    return recordTotpStep(db, memberId, step);
  }

  /** Counts an attempt on every key before the code is checked; true when one is blocked. */
  private async attemptsBlocked(keys: string[]): Promise<boolean> {
    let blocked = false;
    for (const key of keys) blocked = (await this.deps.throttle.attempt(key)) || blocked;
    return blocked;
  }

  private async countAttempt(keys: string[]): Promise<void> {
    if (await this.attemptsBlocked(keys)) throw new AppError('tooManyRequests');
  }
}
