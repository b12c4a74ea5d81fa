import { CommunicationPreferencesInputSchema } from '@sodalis/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parseInput } from '../../../http/validation.js';
import type { Throttle } from '../../../security/throttle.js';
import { requireMember } from '../../accounts/guard.js';
import type { AccountService } from '../../accounts/service.js';
import type { CommunicationChoices, UnsubscribeLinkState } from './service.js';
import { UNSUBSCRIBE_PATH } from './unsubscribe-links.js';
import { unsubscribePage, type UnsubscribePageContext } from './unsubscribe-page.js';

/** Bad links from one client address in an hour before its next ones are refused (ADR 061). */
const BAD_LINK_THROTTLE = { maxFailures: 30, windowMs: 60 * 60_000, blockMs: 60 * 60_000 };

/** The longest body a one-click POST brings (`List-Unsubscribe=One-Click`, or a form's). */
const ONE_CLICK_BODY_LIMIT = 4096;

/**
 * The unsubscribe link at the site's root (ADR 061, RFC 8058): `GET` asks and changes nothing
 * (mail scanners fetch links), `POST` unsubscribes at once and answers 200, whatever its body
 * (RFC 8058 §3.2 names `List-Unsubscribe=One-Click`, urlencoded or multipart). No session, no
 * script. A valid link always works; bad links are counted per client address, and past the
 * limit that address's bad links get the "too many" page.
 */
export async function unsubscribeSiteRoutes(
  app: FastifyInstance,
  options: { choices: CommunicationChoices; throttle: Throttle } & UnsubscribePageContext,
) {
  const { choices, throttle } = options;
  // Any body is accepted and ignored: the POST itself is the request to leave.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'string', bodyLimit: ONE_CLICK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  async function answer(
    reply: FastifyReply,
    clientAddress: string,
    state: UnsubscribeLinkState,
    moment: 'ask' | 'done',
  ) {
    let shown: UnsubscribeLinkState | { kind: 'throttled' } = state;
    let status = 200;
    if (state.kind === 'invalid') {
      const blocked = await throttle.recordFailure(
        `unsubscribe-link:address:${clientAddress}`,
        BAD_LINK_THROTTLE,
      );
      shown = blocked ? { kind: 'throttled' } : state;
      status = blocked ? 429 : 400;
    }
    const { html } = unsubscribePage(shown, options, moment);
    return reply
      .status(status)
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex')
      .header('referrer-policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  app.get<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) =>
    answer(reply, request.ip, await choices.linkState(request.params.token), 'ask'),
  );
  app.post<{ Params: { token: string } }>(`${UNSUBSCRIBE_PATH}/:token`, async (request, reply) =>
    answer(reply, request.ip, await choices.unsubscribeByLink(request.params.token), 'done'),
  );
}

/** The signed-in person's own preferences (the profile's, ADR 061): any account's role. */
export async function communicationPreferencesRoutes(
  app: FastifyInstance,
  options: { choices: CommunicationChoices; accounts: AccountService },
) {
  const { choices, accounts } = options;
  app.get('/CommunicationPreferences', async (request, reply) => {
    const member = await requireMember(request, accounts);
    reply.header('cache-control', 'no-store');
    return { data: await choices.preferencesOfMember(member.id) };
  });
  app.put('/CommunicationPreferences', async (request, reply) => {
    const member = await requireMember(request, accounts);
    const input = parseInput(CommunicationPreferencesInputSchema, request.body);
    reply.header('cache-control', 'no-store');
    return { data: await choices.saveOwnChoices(member.id, input) };
  });
}
