import { LoginBodySchema, type SignInForm } from '@sodalis/contracts';
import { AppError } from '../../http/app-error.js';
import { unlessUnavailable } from '../../http/page-reads.js';
import { parseInput } from '../../http/validation.js';
import type { AccountService } from './service.js';

/** What the sign-in form reports to the request metrics (ADR 028), from operations. */
export interface LoginRefusalMetrics {
  operations: { metrics: { countLoginRefusal(status: number): void } };
}

/**
 * Sign-in from a posted form (ADR 022): the same rules, throttling and answer as
 * `POST /api/v1/Account/Login` for this request's client; refusals answer the API's status.
 */
export function signInForm(
  deps: LoginRefusalMetrics & { accounts: AccountService; clientAddress: string },
): SignInForm {
  const { accounts, operations, clientAddress } = deps;
  return {
    login: async (body) => {
      try {
        const input = parseInput(LoginBodySchema, body);
        const answer = await unlessUnavailable(accounts.login(input, clientAddress));
        return { ok: true, answer };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        operations.metrics.countLoginRefusal(error.status);
        return { ok: false, status: error.status, message: error.message };
      }
    },
    logout: (token) => accounts.signOut(token),
  };
}
