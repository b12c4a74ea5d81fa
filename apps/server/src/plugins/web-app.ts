import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouterFastify } from '@mcansh/remix-fastify/react-router';
import {
  LoginBodySchema,
  PAYMENT_PAGE_PATHS,
  SPONSORSHIP_LIMITS,
  type SodalisLoadContext,
} from '@sodalis/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppServices } from '../services.js';
import { AppError } from '../http/app-error.js';
import { parseInput } from '../http/validation.js';
import { pageCspFactory } from './security-headers.js';

/** `apps/web`, from `apps/server/src/plugins` (dev) or `apps/server/dist/plugins` (build). */
export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

export type WebMode = 'build' | 'vite';

/**
 * The web app in the same process and port as the API (ADR 006): in production the React
 * Router build (assets with long-lived cache headers, every other GET rendered on the server);
 * in development Vite's middleware with hot reload. Loaders get the services through the load
 * context (`SodalisLoadContext`), never server code.
 */
export const webApp = fp<{ mode: WebMode; services: AppServices }>(
  async (app: FastifyInstance, options) => {
    const { services, mode } = options;
    const { config, newsReads, contentReads } = services;
    const cspOptions = {
      https: config.publicBaseUrl.startsWith('https:'),
      development: mode === 'vite',
    };
    const pageCsp = pageCspFactory(cspOptions);
    // PayPal's SDK only where its button is: the payment pages, when a client id is set.
    const paymentPageCsp =
      config.paypal.clientId === null ? pageCsp : pageCspFactory({ ...cspOptions, paypal: true });
    const paymentPaths = new Set<string>(PAYMENT_PAGE_PATHS);
    // Loaders read through the same cached public answers as the API.
    const dataOf = <T>(json: string) => (JSON.parse(json) as { data: T }).data;
    const content: SodalisLoadContext['content'] = {
      listArticles: async (filter) => dataOf(await newsReads.articles(filter)),
      listCategories: async () => dataOf(await newsReads.categories()),
      getArticle: async (id) => dataOf(await newsReads.article(id)),
      setupElements: async (keys) => dataOf(await contentReads.pageSetupElements(keys)),
      boardMembers: async () => dataOf(await contentReads.boardMembers()),
      siteContents: async (keys) => dataOf(await contentReads.siteContents(keys)),
      fees: async () => dataOf(await contentReads.fees()),
    };
    const payments: SodalisLoadContext['payments'] = { paypalClientId: config.paypal.clientId };
    // The newsletter pages' links and the sponsorship form's limits (ADR 008).
    const { newsletter: newsletterService } = services;
    const newsletter: SodalisLoadContext['newsletter'] = {
      confirmState: (token) => newsletterService.confirmState(token),
      confirm: (token) => newsletterService.confirm(token),
      unsubscribeState: (token) => newsletterService.unsubscribeState(token),
      unsubscribe: (token) => newsletterService.unsubscribe(token),
    };
    const sponsorship: SodalisLoadContext['sponsorship'] = {
      maxFileBytes: config.sponsorship.maxFileBytes,
      maxAttachments: SPONSORSHIP_LIMITS.maxAttachments,
    };
    const society = {
      acronym: config.societyAcronym,
      name: config.societyName,
      publicBaseUrl: config.publicBaseUrl,
      xHandle: config.xHandle,
    };

    await app.register(reactRouterFastify, {
      mode: mode === 'build' ? 'production' : 'development',
      buildDirectory: path.join(WEB_ROOT, 'build'),
      viteOptions: { root: WEB_ROOT, configFile: path.join(WEB_ROOT, 'vite.config.ts') },
      getLoadContext(request, reply) {
        const cspNonce = randomBytes(16).toString('base64');
        // Routes match with or without a trailing slash; so does the policy.
        const pathname = (request.url.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
        const csp = paymentPaths.has(pathname) ? paymentPageCsp : pageCsp;
        reply.header('content-security-policy', csp(cspNonce));
        // The sign-in form posted without scripts (ADR 022): the API's rules for this client.
        const signIn: SodalisLoadContext['signIn'] = {
          login: async (body) => {
            try {
              const input = parseInput(LoginBodySchema, body);
              return { ok: true, answer: await services.accounts.login(input, request.ip) };
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              return { ok: false, status: error.status, message: error.message };
            }
          },
        };
        const context: SodalisLoadContext = {
          society,
          signIn,
          cspNonce,
          content,
          newsletter,
          sponsorship,
          payments,
          reportError: (error) =>
            request.log.error({ err: error }, 'errore durante il rendering della pagina'),
        };
        // A copy: React Router's AppLoadContext is an index-signature type an interface is not.
        return { ...context };
      },
    });
  },
);
