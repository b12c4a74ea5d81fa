import {
  isStaffRole,
  mayGrantStaffRoles,
  rolesOfStaffRoute,
  type StaffRole,
} from '@sodalis/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { requireMember } from './guard.js';
import type { AccountService, AuthenticatedMember } from './service.js';

/*
 * The staff guard: accounts owns sessions and roles, so the guard is here and the shared staff
 * kit (`modules/admin/`) stays below every domain (ADR 044); the accounts module gives it to the
 * staff registry as `staffGuard` (ADR 046), which runs it.
 */

/**
 * The staff member behind the request, if their role may call this route: 401 without a valid
 * session, 403 for members and for staff roles the route is not declared for
 * (`STAFF_AREA_ROLES`, docs/decisions/031-staff-roles-and-undo.md). Every admin route runs it
 * before its handler (`staff-routes.ts` runs it in a hook, through `staffGuard`).
 */
export async function requireStaff(
  request: FastifyRequest,
  accounts: AccountService,
): Promise<AuthenticatedMember> {
  const member = await requireMember(request, accounts);
  if (!isStaffRole(member.role)) throw new AppError('forbidden');
  const allowed: readonly StaffRole[] = rolesOfStaffRoute(
    request.method,
    request.routeOptions.url ?? '',
  );
  if (!allowed.includes(member.role)) throw new AppError('forbidden');
  return member;
}

/**
 * Only the secretariat gives or takes a staff role: another staff role (tesoreria manages
 * accounts) may not make anyone staff, nor change a staff account (ADR 031).
 */
export function assertMayGrantRole(
  actor: AuthenticatedMember,
  roles: readonly (string | null | undefined)[],
): void {
  if (mayGrantStaffRoles(actor.role)) return;
  if (roles.some((role) => isStaffRole(role))) throw new AppError('forbidden');
}
