import { z } from './zod.js';
import { TWO_FACTOR_MESSAGES } from './messages.js';

/**
 * Two-factor sign-in for staff (ADR 017): TOTP codes (RFC 6238, 6 digits,
 * 30 s, SHA-1: what every authenticator app reads from an otpauth:// QR code) and single-use
 * recovery codes.
 */

/** Digits and period of a TOTP code; the server accepts the previous and next step too. */
export const TOTP_SETTINGS = { digits: 6, periodSeconds: 30, window: 1 } as const;
/** Recovery codes given when two-factor is turned on, each usable once. */
export const RECOVERY_CODE_COUNT = 10;
/** How long the sign-in challenge between password and code lives. */
export const LOGIN_CHALLENGE_LIFETIME_SECONDS = 5 * 60;

/** A TOTP code (6 digits, spaces allowed) or a recovery code (`xxxxx-xxxxx`). */
const code = z
  .string({ message: TWO_FACTOR_MESSAGES.code })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(
    z.string().regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { message: TWO_FACTOR_MESSAGES.code }),
  );

/** POST /api/v1/Account/LoginOtp: the challenge of the login answer and a code. */
export const LoginOtpBodySchema = z.object({
  challenge: z
    .string({ message: 'La verifica è scaduta: accedi di nuovo.' })
    .min(10, { message: 'La verifica è scaduta: accedi di nuovo.' })
    .max(2048, { message: 'La verifica è scaduta: accedi di nuovo.' }),
  code,
});
export type LoginOtpBody = z.output<typeof LoginOtpBodySchema>;

/** Confirming or turning off one's own two-factor: a current TOTP code (6 digits). */
export const TwoFactorCodeBodySchema = z.object({
  code: z
    .string({ message: 'Inserisci il codice di 6 cifre dell’app di autenticazione.' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z.string().regex(/^\d{6}$/, {
        message: 'Inserisci il codice di 6 cifre dell’app di autenticazione.',
      }),
    ),
});

/** GET /api/v1/Admin/Security/TwoFactor: the signed-in staff member's state. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** An enrolment was started and waits for its confirming code. */
  pending: boolean;
  /** The site requires two-factor for staff (STAFF_TWO_FACTOR_REQUIRED). */
  required: boolean;
  /** Recovery codes not used yet (0 when two-factor is off). */
  recoveryCodesLeft: number;
  enabledAt: string | null;
}

/** POST …/TwoFactor/Start: what the enrolment screen shows (the secret only this once). */
export interface TwoFactorEnrolment {
  /** Base32 secret for manual entry. */
  secret: string;
  otpauthUrl: string;
  /** The otpauth URL as an SVG QR code, a data: URL. */
  qrCodeDataUrl: string;
}

/** POST …/TwoFactor/Confirm: the recovery codes, shown once. */
export interface TwoFactorRecoveryCodes {
  recoveryCodes: string[];
}

/** GET …/Security/Members/:id/TwoFactor: whether another account has two-factor on. */
export interface MemberTwoFactorState {
  enabled: boolean;
  staff: boolean;
}
