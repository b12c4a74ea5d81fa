import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { WEB_ROOT } from '../../src/plugins/web-app.js';

/**
 * What the tests of the pages rendered by the production build share: the build's presence, the
 * text a reader without scripts sees, and requests carrying a sign-in's session cookie (ADR 022).
 */

/** Fails the suite early, and says why, when the site has not been built. */
export function requireWebBuild(): void {
  if (!fs.existsSync(path.join(WEB_ROOT, 'build', 'server', 'index.js')))
    throw new Error('manca la build del sito: eseguire prima `npm run build`');
}

/** A page's text without its tags, scripts and styles: what a reader without scripts sees. */
export function pageText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,;:])/g, '$1');
}

/** The header of the session cookie a sign-in without scripts leaves (none for a visitor). */
export function sessionCookieHeader(token: string | null): Record<string, string> {
  return token === null ? {} : { cookie: `sodalis_sessione=${token}` };
}

/** GET and form POST to the site's pages, as a visitor or with a session's cookie. */
export function pageRequests(app: () => FastifyInstance) {
  return {
    get: (url: string, token: string | null = null): Promise<LightMyRequestResponse> =>
      app().inject({ method: 'GET', url, headers: sessionCookieHeader(token) }),
    post: (
      url: string,
      fields: [string, string][],
      token: string | null = null,
    ): Promise<LightMyRequestResponse> =>
      app().inject({
        method: 'POST',
        url,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...sessionCookieHeader(token),
        },
        payload: new URLSearchParams(fields).toString(),
      }),
  };
}

/** The demo congress's page, as `/eventi` links it (the demo's dates are relative to today). */
export async function demoCongressPath(
  get: (url: string) => Promise<LightMyRequestResponse>,
): Promise<string> {
  const list = await get('/eventi');
  const href = /<a href="(\/eventi\/\d+-congresso-nazionale[a-z0-9-]*)"/.exec(list.body)?.[1];
  if (href === undefined) throw new Error('il congresso dimostrativo non è in /eventi');
  return href;
}
