import {
  LoginBodySchema,
  LoginOtpBodySchema,
  ResetPasswordBodySchema,
  SendResetPasswordEmailBodySchema,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../http/validation.js';
import { bearerToken, optionalMember, requireMember } from './guard.js';
import type { AccountService } from './service.js';

/** /api/v1/Account sign-in and password calls (spec §7). Answers are never cached. */
export async function accountRoutes(app: FastifyInstance, options: { accounts: AccountService }) {
  const { accounts } = options;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post('/Login', { bodyLimit: 4 * 1024 }, async (request) => {
    const body = parseInput(LoginBodySchema, request.body);
    return { data: await accounts.login(body, request.ip) };
  });

  // Second step for accounts with two-factor sign-in (ADR 017).
  app.post('/LoginOtp', { bodyLimit: 4 * 1024 }, async (request) => {
    const body = parseInput(LoginOtpBodySchema, request.body);
    return { data: await accounts.loginOtp(body, request.ip) };
  });

  app.post('/SendResetPasswordEmail', { bodyLimit: 4 * 1024 }, async (request) => {
    const body = parseInput(SendResetPasswordEmailBodySchema, request.body);
    await accounts.sendResetPasswordEmail(body, request.ip);
    return { data: null };
  });

  app.post('/ResetPassword', { bodyLimit: 4 * 1024 }, async (request) => {
    const body = parseInput(ResetPasswordBodySchema, request.body);
    // A signed-in member changing the password keeps this session; the others end (ADR 021).
    // The spec's client reads no answer (§7); ours signs the member in with it.
    return {
      data: await accounts.resetPassword(body, request.ip, await optionalMember(request, accounts)),
    };
  });

  // Signing out ("Esci", spec §2.8): the token's session ends on the server too (ADR 021).
  app.post('/Logout', { bodyLimit: 1024 }, async (request) => {
    const token = bearerToken(request);
    if (token !== null) await accounts.signOut(token);
    return { data: null };
  });
}

/** /api/v1/ReservedArea/GetRoles (spec §7): the roles the signed-in member holds. */
export async function reservedAreaAccountRoutes(
  app: FastifyInstance,
  options: { accounts: AccountService },
) {
  app.get('/GetRoles', async (request, reply) => {
    const member = await requireMember(request, options.accounts);
    reply.header('cache-control', 'no-store');
    return { data: [member.role] };
  });
}
