import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
} from 'node:crypto';
import { RECOVERY_CODE_COUNT, TOTP_SETTINGS } from '@sodalis/contracts';
import { Secret, TOTP } from 'otpauth';

/**
 * The pieces of two-factor sign-in (ADR 017): keys derived from the server's secret, the TOTP
 * secret sealed at rest, code checks that answer the matched time step (for replay refusal),
 * and recovery codes. No secret or code is ever logged by these functions or their callers.
 */

/**
 * A 256-bit key for one purpose, derived with HKDF-SHA256 from the server's secret material
 * (JWT_SECRET or DATA_DIR/jwt-secret). Each purpose gets its own key, so a login challenge can
 * never pass as a session token and the encryption key is not the signing key.
 */
export function deriveKey(serverSecret: Uint8Array, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'sodalis-key-derivation', purpose, 32));
}

const SEALED_PREFIX = 'v1.';

/** AES-256-GCM: `v1.` + base64url(12-byte nonce, 16-byte tag, ciphertext). */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plainText: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return SEALED_PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The plain text; throws when the value was altered or sealed with another key. */
  open(sealed: string): string {
    if (!sealed.startsWith(SEALED_PREFIX)) throw new Error('formato del segreto sconosciuto');
    const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }
}

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secretBase32),
    algorithm: 'SHA1',
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.periodSeconds,
  });
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function otpauthUrl(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/**
 * The time step a 6-digit code belongs to when it is valid now (this step, the one before or
 * the one after), else null. The caller refuses a step not later than the last one accepted.
 */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const generator = totp(secretBase32);
  const timestamp = now.getTime();
  const delta = generator.validate({ token: code, timestamp, window: TOTP_SETTINGS.window });
  return delta === null ? null : generator.counter({ timestamp }) + delta;
}

/** Letters and digits that cannot be mistaken for one another when copied by hand. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Fresh recovery codes, `xxxxx-xxxxx` (about 49 random bits each). */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const chars = Array.from(
      { length: 10 },
      () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
    ).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as stored: HMAC-SHA256 with a derived key, of the code without the dash. */
export function hashRecoveryCode(key: Buffer, code: string): string {
  return createHmac('sha256', key)
    .update(code.replace(/[\s-]/g, '').toLowerCase(), 'utf8')
    .digest('hex');
}
