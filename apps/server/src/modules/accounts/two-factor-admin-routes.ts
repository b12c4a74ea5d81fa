import { TwoFactorCodeBodySchema } from '@sodalis/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { AuthenticatedMember } from './service.js';
import type { TwoFactorService } from './two-factor.js';
import { actorOf, FORM_BODY_LIMIT, IdParamsSchema } from '../admin/route-helpers.js';

/** Admin addresses a staff member who must enrol can still reach (ADR 017). */
const ENROLMENT_ROUTES = new Set([
  '/api/v1/Admin/Me',
  '/api/v1/Admin/Security/TwoFactor',
  '/api/v1/Admin/Security/TwoFactor/Start',
  '/api/v1/Admin/Security/TwoFactor/Confirm',
]);

/**
 * STAFF_TWO_FACTOR_REQUIRED: a staff member without two-factor reaches only its enrolment;
 * every other admin call answers 403 saying to turn it on first. Run by adminRoutes' access
 * hook after the role check.
 */
export async function enforceStaffTwoFactor(
  request: FastifyRequest,
  twoFactor: TwoFactorService,
): Promise<void> {
  if (!twoFactor.required || ENROLMENT_ROUTES.has(request.routeOptions.url ?? '')) return;
  const staff = request.staff as AuthenticatedMember;
  if (await twoFactor.mustEnrol(staff.id)) throw new AppError('twoFactorRequired');
}

/**
 * /api/v1/Admin/Security (ADR 017): the signed-in staff member's two-factor
 * sign-in (state, enrolment with QR code, confirmation, turning it off with a code) and turning
 * off another staff member's (a lost phone). Registered inside `adminRoutes`: its access hook
 * checks session and role first and the access-matrix test walks these routes too.
 */
export async function securityAdminRoutes(
  app: FastifyInstance,
  options: { twoFactor: TwoFactorService },
) {
  const { twoFactor } = options;

  app.get('/Security/TwoFactor', async (request) => ({
    data: await twoFactor.status(actorOf(request).id),
  }));
  app.post('/Security/TwoFactor/Start', async (request) => ({
    data: await twoFactor.start(actorOf(request)),
  }));
  app.post('/Security/TwoFactor/Confirm', { bodyLimit: FORM_BODY_LIMIT }, async (request) => ({
    data: await twoFactor.confirm(
      actorOf(request),
      parseInput(TwoFactorCodeBodySchema, request.body).code,
      (request.staff as AuthenticatedMember).sessionId,
    ),
  }));
  app.post('/Security/TwoFactor/Disable', { bodyLimit: FORM_BODY_LIMIT }, async (request) => {
    await twoFactor.disableOwn(
      actorOf(request),
      parseInput(TwoFactorCodeBodySchema, request.body).code,
    );
    return { data: null };
  });

  app.get('/Security/Members/:id/TwoFactor', async (request) => ({
    data: await twoFactor.memberState(parseInput(IdParamsSchema, request.params).id),
  }));
  app.delete('/Security/Members/:id/TwoFactor', async (request) => {
    await twoFactor.disableFor(actorOf(request), parseInput(IdParamsSchema, request.params).id);
    return { data: null };
  });
}
