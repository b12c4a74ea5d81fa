import { loadJwtSecret } from '../../security/session-tokens.js';
import type { AccountService } from '../accounts/service.js';
import { defineModule, type Kernel } from '../module.js';
import { communicationPreferencesAdminRoutes } from './categories/admin-routes.js';
import { communicationPreferencesRoutes, unsubscribeSiteRoutes } from './categories/routes.js';
import { CommunicationChoices } from './categories/service.js';
import { UnsubscribeLinks } from './categories/unsubscribe-links.js';
import { segmentsAdminRoutes } from './segments/admin-routes.js';
import { SegmentsAdminService } from './segments/admin-service.js';
import { SegmentsService } from './segments/service.js';

/**
 * Writing to members: the categories of mail with their legal basis, each person's choices,
 * the one-click unsubscribe link and the preferences (ADR 061); segments whose recipients are
 * computed at the moment of asking (ADR 062). The campaigns ask `segments` for the recipients,
 * `communicationChoices` whom they may write to and `unsubscribeLinks` for each message's
 * headers.
 */
export const communicationsModule = defineModule<Kernel & { accounts: AccountService }>()({
  name: 'communications',
  services: ({ config, db, clock, logger, society }) => {
    // The server's secret as the accounts read it (the same file, written once): the links'
    // key is derived from it for their purpose alone.
    const unsubscribeLinks = new UnsubscribeLinks(
      loadJwtSecret(config.jwtSecret, config.dataDir),
      society.publicBaseUrl,
    );
    return {
      unsubscribeLinks,
      communicationChoices: new CommunicationChoices({
        db,
        clock,
        logger: logger.child({ component: 'communications' }),
        links: unsubscribeLinks,
      }),
      // Segments: the standing by the membership's own rules (ADR 024, ADR 062).
      segments: new SegmentsService({
        db,
        clock,
        rules: {
          graceUntil: config.membership.graceUntil,
          lapseAfterYears: config.membership.lapseAfterYears,
        },
      }),
    };
  },
  staff: ({ db, clock, segments }) => ({
    segments: new SegmentsAdminService({ db, clock, segments }),
  }),
  apiRoutes: async (api, { communicationChoices, accounts }) => {
    await api.register(communicationPreferencesRoutes, {
      prefix: '/ReservedArea',
      choices: communicationChoices,
      accounts,
    });
  },
  // The one-click unsubscribe link's page (RFC 8058).
  siteRoutes: async (app, { communicationChoices, throttle, society }) => {
    await app.register(unsubscribeSiteRoutes, {
      choices: communicationChoices,
      throttle,
      societyName: society.name,
      siteUrl: society.publicBaseUrl,
    });
  },
  // Members' communication preferences; segments
  staffRoutes: async (admin, { communicationChoices, staff }) => {
    await admin.register(communicationPreferencesAdminRoutes, { choices: communicationChoices });
    await admin.register(segmentsAdminRoutes, { segments: staff.segments });
  },
});
