import { accountsModule } from './accounts/module.js';
import { communicationsModule } from './communications/module.js';
import { contentModule } from './content/module.js';
import { eventsModule } from './events/module.js';
import { magazineModule } from './magazine/module.js';
import { membershipModule } from './membership/module.js';
import type { AnyServerModule } from './module.js';
import { newsModule } from './news/module.js';
import { newsletterModule } from './newsletter/module.js';
import { operationsModule } from './operations/module.js';
import { outboxModule } from './outbox/module.js';
import { paymentsModule } from './payments/module.js';
import { reservedAreaModule } from './reserved-area/module.js';
import { searchModule } from './search/module.js';
import { sponsorshipModule } from './sponsorship/module.js';
import { transparencyModule } from './transparency/module.js';

/**
 * Every server module, once (ADR 046): a new domain adds its line here. The order is the
 * order services are built in (membership after payments, on which it registers dues; events after membership, whose
 * dues decide a members' type;
 * transparency after news, whose feeds it serves) and the order of the back office's
 * pending work (sponsorship, payments, the outbox, news, the reserved area, the bulletin,
 * membership, transparency, search; ADR 023).
 */
export const SERVER_MODULES = [
  operationsModule,
  accountsModule,
  sponsorshipModule,
  paymentsModule,
  outboxModule,
  newsModule,
  contentModule,
  reservedAreaModule,
  magazineModule,
  membershipModule,
  eventsModule,
  transparencyModule,
  searchModule,
  newsletterModule,
  communicationsModule,
] as const satisfies readonly AnyServerModule[];
