import type { SodalisLoadContext } from '@sodalis/contracts';
import { PasswordHashing } from '../../security/passwords.js';
import { loadJwtSecret, SessionTokens } from '../../security/session-tokens.js';
import { defineModule, type Kernel, type StaffGuard } from '../module.js';
import { accountsAdminRoutes } from './admin-routes.js';
import { MembersAdminService } from './members-admin-service.js';
import { MembersService } from './members-service.js';
import { signInForm, type LoginRefusalMetrics } from './page-context.js';
import { accountRoutes, reservedAreaAccountRoutes } from './routes.js';
import { AccountService } from './service.js';
import { requireStaff } from './staff-guard.js';
import { enforceStaffTwoFactor } from './two-factor-admin-routes.js';
import { TwoFactorService } from './two-factor.js';

/** Accounts: sign-in, sessions, two-factor, the members' register and the staff guard. */
export const accountsModule = defineModule<Kernel & LoginRefusalMetrics>()({
  name: 'accounts',
  services: ({ config, db, clock, logger, throttle, society, notifyOutbox }) => {
    const jwtSecret = loadJwtSecret(config.jwtSecret, config.dataDir);
    const tokens = new SessionTokens(jwtSecret, clock, config.staff.sessionMinutes * 60);
    const passwords = new PasswordHashing(config.passwordHashing);
    const twoFactor = new TwoFactorService({
      db,
      clock,
      tokens,
      throttle,
      logger: logger.child({ component: 'two-factor' }),
      serverSecret: jwtSecret,
      issuer: config.societyAcronym,
      required: config.staff.twoFactorRequired,
    });
    const accounts = new AccountService({
      db,
      clock,
      tokens,
      throttle,
      passwords,
      twoFactor,
      logger: logger.child({ component: 'account' }),
      society,
      notifyOutbox,
    });
    // Accounts own sessions and roles (ADR 044): the staff registry runs this before any route.
    const staffGuard: StaffGuard = async (request) => {
      request.staff = await requireStaff(request, accounts);
      await enforceStaffTwoFactor(request, twoFactor);
    };
    return {
      accounts,
      /** argon2 through the bounded queue, with the decoy hash (ADR 021). */
      passwords,
      /** Two-factor sign-in of staff accounts (ADR 017). */
      twoFactor,
      /** The register's rules without the back office's audit (the command line's). */
      members: new MembersService({
        db,
        clock,
        society: { acronym: config.societyAcronym, publicBaseUrl: config.publicBaseUrl },
      }),
      staffGuard,
    };
  },
  staff: ({ config, db, clock, notifyOutbox }) => ({
    members: new MembersAdminService({
      db,
      clock,
      society: { acronym: config.societyAcronym, publicBaseUrl: config.publicBaseUrl },
      notifyOutbox,
    }),
  }),
  // The sign-in form posted without scripts (ADR 022): the API's rules for this client.
  pageContext: ({ accounts, operations }, request): Pick<SodalisLoadContext, 'signIn'> => ({
    signIn: signInForm({ accounts, operations, clientAddress: request.ip }),
  }),
  apiRoutes: async (api, services) => {
    await api.register(accountRoutes, { prefix: '/Account', ...services });
    await api.register(reservedAreaAccountRoutes, { prefix: '/ReservedArea', ...services });
  },
  // Members and staff security (two-factor sign-in)
  staffRoutes: async (admin, { staff, twoFactor }) => {
    await admin.register(accountsAdminRoutes, { members: staff.members, twoFactor });
  },
});
