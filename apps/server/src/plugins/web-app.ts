import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import { PAYMENT_PAGE_PATHS, romeDate, type SodalisLoadContext } from '@sodalis/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppServices, Expect, ServerModules, Together } from '../services.js';
import { SERVER_MODULES } from '../modules/index.js';
import { isDatabaseUnavailable } from '../db/database.js';
import { AppError } from '../http/app-error.js';
import { DATABASE_RETRY_AFTER_SECONDS } from './error-handling.js';
import { pageCspFactory } from './security-headers.js';

/** `apps/web`, from `apps/server/src/plugins` (dev) or `apps/server/dist/plugins` (build). */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/** The hashed files of the client build (their names change with their content). */
const ASSETS_DIRECTORY = path.join(WEB_ROOT, 'build', 'client', 'assets');

/**
 * The pages whose HTML is the same for every reader (ADR 020): they render public content only,
 * read no cookie, header or session, and their addresses carry no personal token. Reserved pages,
 * sign-in, payments, the newsletter's links and the forms are never kept.
 */
const READER_INDEPENDENT_PAGE =
  /^\/(?:news(?:\/[^/]+)?|chi-siamo(?:-iscrizione|-affiliati|-sostenitori)?|contatti|dati-legali|cookie|trasparenza|eventi(?:\/[^/]+)?)?$/;
/**
 * Pages that change with the clock within a day (an event's price window, its registrations
 * opening or closing, an event becoming past; ADR 047–049): kept by the minute, as their API
 * answers are; the others by the Rome day.
 */
const MINUTE_PAGE = /^\/eventi(?:\/|$)/;

/** The route React Router answers: every address no other route claims. */
const PAGE_ROUTE = '/*';
/** What a page answers to: reading, and the forms posted without scripts (ADR 022). */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
/** A host name, IPv4 or bracketed IPv6 address, and an optional port (RFC 9110 §7.2). */
const HOST_PATTERN =
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9-]{1,63})*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Whether React Router can make a request address of `host`: it builds `http://<host>/…`,
 * and an empty or malformed Host would fail there as a 500 (RFC 9110 asks for a 400).
 */
function isUsableHost(host: string): boolean {
  if (!HOST_PATTERN.test(host)) return false;
  try {
    new URL(`http://${host}/`);
    return true;
  } catch {
    return false;
  }
}

/** A fresh CSP nonce: 128 random bits (ADR 006). */
const newNonce = () => randomBytes(16).toString('base64');

async function textOf(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export type WebMode = 'build' | 'vite';

/** The load context's parts the web app sets itself, for each page. */
type WebAppParts = Pick<SodalisLoadContext, 'society' | 'cspNonce' | 'reportError'>;
type PagePartOf<M> = M extends { pageContext?: (services: never, request: never) => infer P }
  ? P
  : never;
/** Every module's part of the load context, together. */
type ModulePageParts = Together<PagePartOf<ServerModules>>;
/**
 * Compiles only when the modules give every part of the load context the web app does not set
 * itself (ADR 046); otherwise the error names the missing keys.
 */
export type EveryPagePartGiven = Expect<
  [Exclude<keyof SodalisLoadContext, keyof (WebAppParts & ModulePageParts)>] extends [never]
    ? true
    : { missing: Exclude<keyof SodalisLoadContext, keyof (WebAppParts & ModulePageParts)> }
>;

/**
 * The web app in the same process and port as the API (ADR 006): in production the React
 * Router build (assets with long-lived cache headers, every other GET rendered on the server);
 * in development Vite's middleware with hot reload. Loaders get the services through the load
 * context (`SodalisLoadContext`), never server code.
 */
export const webApp = fp<{ mode: WebMode; services: AppServices }>(
  async (app: FastifyInstance, options) => {
    const { services, mode } = options;
    const { config } = services;
    const cspOptions = {
      https: config.publicBaseUrl.startsWith('https:'),
      development: mode === 'vite',
    };
    const pageCsp = pageCspFactory(cspOptions);
    // Pages answer only the methods React Router can take, and only for a usable Host: any
    // other request is the client's mistake, never a 500 (spec §8).
    // These hooks run for every request, API calls included: callbacks, not promises, and the
    // pages' work only for pages (ADR 038, amendment of 2026-11-24).
    app.addHook('onRequest', (request, reply, done) => {
      if (request.routeOptions.url !== PAGE_ROUTE) return done();
      if (!PAGE_METHODS.includes(request.method)) {
        reply.header('allow', PAGE_METHODS.join(', '));
        return done(new AppError('methodNotAllowed'));
      }
      if (!isUsableHost(request.host)) {
        return done(
          new AppError('invalidRequest', [
            { path: '(host)', message: 'L’intestazione Host manca o non è valida.' },
          ]),
        );
      }
      done();
    });

    // PayPal's SDK only where its button is: the payment pages, when a client id is set.
    const paymentPageCsp =
      config.paypal.clientId === null ? pageCsp : pageCspFactory({ ...cspOptions, paypal: true });
    const paymentPaths = new Set<string>(PAYMENT_PAGE_PATHS);
    const society = {
      acronym: config.societyAcronym,
      name: config.societyName,
      publicBaseUrl: config.publicBaseUrl,
      xHandle: config.xHandle,
    };

    // Rendered public pages kept in the content cache, so a staff change empties them at once
    // like the API's answers (ADR 005); each copy served gets its own nonce (ADR 020).
    const pageCache = mode === 'build' ? services.contentCache : null;
    // The renders to keep, by request (the loaders' nonce included).
    const pending = new WeakMap<object, { keep: (html: string) => void; nonce: string }>();
    const pathnameOf = (url: string) => (url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const policyFor = (url: string) =>
      paymentPaths.has(pathnameOf(url)) ? paymentPageCsp : pageCsp;
    if (pageCache !== null) {
      /** Answers a kept page; false when the page is to be rendered. */
      const answerKeptPage = async (request: FastifyRequest, reply: FastifyReply) => {
        // Today in the key: scheduled news appear at midnight, as in the API's keys; the
        // minute for the pages that change with it.
        const now = services.clock();
        const key = MINUTE_PAGE.test(pathnameOf(request.url))
          ? `page:${now.toISOString().slice(0, 16)}:${request.url}`
          : `page:${romeDate(now)}:${request.url}`;
        let lookup;
        try {
          lookup = await pageCache.lookup(key);
        } catch (error) {
          // The database is away: render, so the loaders answer the outage page (ADR 028).
          if (isDatabaseUnavailable(error)) return false;
          throw error;
        }
        const { cached, keep } = lookup;
        const nonce = newNonce();
        if (cached === undefined) {
          pending.set(request, { keep, nonce });
          return false;
        }
        // The stored copy carries the nonce of the reader it was first rendered for: every
        // occurrence becomes this reader's own, so no two answers share a nonce.
        const separator = cached.indexOf('\n');
        const storedNonce = cached.slice(0, separator);
        reply
          .header('content-security-policy', policyFor(request.url)(nonce))
          .type('text/html; charset=utf-8')
          .send(cached.slice(separator + 1).replaceAll(storedNonce, nonce));
        return true;
      };
      app.addHook('onRequest', (request, reply, done) => {
        if (request.method !== 'GET' || !READER_INDEPENDENT_PAGE.test(pathnameOf(request.url)))
          return done();
        // A hook that answered must not call `done` (Fastify's callback hooks).
        answerKeptPage(request, reply).then((answered) => {
          if (!answered) done();
        }, done);
      });
      /** The page rendered for `render`, kept; the payload as it is sent. */
      const keepRender = async (
        render: { keep: (html: string) => void; nonce: string },
        reply: FastifyReply,
        payload: unknown,
      ) => {
        const type = String(reply.getHeader('content-type') ?? '');
        if (
          reply.statusCode !== 200 ||
          !type.startsWith('text/html') ||
          reply.hasHeader('set-cookie')
        )
          return payload;
        const html = typeof payload === 'string' ? payload : await textOf(payload as Readable);
        render.keep(`${render.nonce}\n${html}`);
        return html;
      };
      // Runs before the route's compression (route-level hooks come after the app's).
      app.addHook('onSend', (request, reply, payload, done) => {
        const render = pending.get(request);
        if (render === undefined) return done(null, payload);
        pending.delete(request);
        keepRender(render, reply, payload).then((sent) => done(null, sent), done);
      });
    }

    // The outage page asks to come back, as the API's 503 does (ADR 028).
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode === 503 && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      done(null, payload);
    });

    await app.register(reactRouterFastify, {
      mode: mode === 'build' ? 'production' : 'development',
      buildDirectory: path.join(WEB_ROOT, 'build'),
      viteOptions: { root: WEB_ROOT, configFile: path.join(WEB_ROOT, 'vite.config.ts') },
      // The build's `.br` and `.gz` siblings by content negotiation (ADR 020); hashed assets
      // cached for a year as immutable, other files an hour.
      fastifyStaticOptions: {
        preCompressed: true,
        setHeaders(response, filePath) {
          response.setHeader(
            'cache-control',
            filePath.startsWith(ASSETS_DIRECTORY)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          );
          response.setHeader('vary', 'accept-encoding');
        },
      },
      getLoadContext(request, reply) {
        const cspNonce = pending.get(request)?.nonce ?? newNonce();
        // Routes match with or without a trailing slash; so does the policy.
        reply.header('content-security-policy', policyFor(request.url)(cspNonce));
        const context: SodalisLoadContext = Object.assign(
          {
            society,
            cspNonce,
            reportError: (error: unknown) =>
              request.log.error({ err: error }, 'errore durante il rendering della pagina'),
          } satisfies WebAppParts,
          // Every module's part (ADR 046): `EveryPagePartGiven` checks they cover the rest.
          ...SERVER_MODULES.map((module) => module.pageContext?.(services, request)),
        ) as WebAppParts & ModulePageParts;
        // A copy: React Router's AppLoadContext is an index-signature type an interface is not.
        return { ...context };
      },
    });
  },
);
