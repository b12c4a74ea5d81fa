import { z } from './zod.js';
import type { MemberRole } from './constants.js';
import { isValidEmail, VALIDATION_MESSAGES } from './messages.js';

/**
 * Sign-in and password calls of /api/v1/Account (spec §3, §5, §7) and the session token's
 * claims (spec §3 "Session token").
 */

const username = z
  .string({ message: VALIDATION_MESSAGES.email })
  .trim()
  .max(254, { message: VALIDATION_MESSAGES.email })
  .refine(isValidEmail, { message: VALIDATION_MESSAGES.email });

export const LoginBodySchema = z.object({
  username,
  password: z
    .string({ message: 'La password è obbligatoria.' })
    .min(1, { message: 'La password è obbligatoria.' })
    .max(200, { message: 'La password è troppo lunga.' }),
});

/** Login answer (spec §3): a session token, or only a reset token when the password must change. */
export interface LoginResponse {
  passwordChanged: boolean;
  token: string | null;
  resetToken: string | null;
  username: string;
  /**
   * Only for accounts with two-factor sign-in (ADR 017): no token yet, but a short-lived
   * challenge to send with a code to /Account/LoginOtp. Absent for every other account.
   */
  twoFactorRequired?: true;
  challenge?: string;
}

export const SendResetPasswordEmailBodySchema = z.object({ username });

export const ResetPasswordBodySchema = z
  .object({
    username,
    password: z
      .string({ message: 'La password è obbligatoria.' })
      .max(200, { message: 'La password è troppo lunga.' }),
    confirmPassword: z.string({ message: 'Conferma la password.' }).max(200),
    token: z
      .string({ message: VALIDATION_MESSAGES.nullParameter })
      .min(1, { message: VALIDATION_MESSAGES.nullParameter })
      .max(200),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: VALIDATION_MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  });

/** Claims of the session token (spec §3). */
export interface SessionClaims {
  unique_name: string;
  family_name: string;
  role: MemberRole;
  exp: number;
}

/** Lifetime of a session token. */
export const SESSION_LIFETIME_SECONDS = 12 * 60 * 60;
/** Lifetime of a password reset link or first-login token. */
export const RESET_TOKEN_LIFETIME_MINUTES = 60;

/**
 * Sign-in from a posted form (ADR 022): the same rules, throttling and answer as
 * POST /api/v1/Account/Login for this request's client. Refusals answer the API's status.
 */
export interface SignInForm {
  login(
    body: unknown,
  ): Promise<{ ok: true; answer: LoginResponse } | { ok: false; status: number; message: string }>;
  /** "Esci" without scripts: the session of this token ends on the server (ADR 021). */
  logout(token: string): Promise<void>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The sign-in form posted without scripts (ADR 022). */
    signIn: SignInForm;
  }
}
