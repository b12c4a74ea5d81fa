import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

type CspDirectives = Record<string, string[] | null>;

/**
 * Where PayPal's JS SDK (v5) loads from and talks to: its script, the button frames, its API
 * calls and images, all under these two domains, as PayPal's CSP guidance lists them (Venmo's
 * domain left out: US only, and the panels offer the PayPal wallet alone). Hosts under them
 * vary with the environment and PayPal's releases, so the domains are named, not hosts.
 */
export const PAYPAL_SDK_SOURCES = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The Content-Security-Policy of docs/architecture.md, "Security baseline": this origin only, no plugins,
 * no framing by others. Pages add a per-response nonce for the scripts SSR writes inline.
 * `upgrade-insecure-requests` only when the site is served over https.
 */
export function cspDirectives(options: {
  https: boolean;
  scriptNonce?: string;
  development?: boolean;
  /** The page shows PayPal's button (the payment pages, when a client id is configured). */
  paypal?: boolean;
}): CspDirectives {
  const paypal = options.paypal ? PAYPAL_SDK_SOURCES : [];
  const scripts = ["'self'", ...paypal];
  if (options.scriptNonce !== undefined) scripts.push(`'nonce-${options.scriptNonce}'`);
  // Vite's dev server injects inline scripts and talks to the page over a websocket.
  if (options.development) scripts.push("'unsafe-inline'");
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': scripts,
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...paypal],
    'img-src': ["'self'", 'data:', 'blob:', ...paypal],
    'font-src': ["'self'", 'data:'],
    'connect-src': [...(options.development ? ["'self'", 'ws:'] : ["'self'"]), ...paypal],
    'frame-src': ["'self'", 'blob:', ...paypal],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    'upgrade-insecure-requests': options.https ? [] : null,
  };
}

export function helmetOptions(directives: CspDirectives): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}

/**
 * The headers helmet sets for `options`, worked out once. helmet recomputes them (CSP parsing
 * included) on every response; they do not vary per request, so we set the computed set.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse; // only the two methods helmet calls are needed
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw failure;
  return Object.fromEntries(headers);
}

const NONCE_PLACEHOLDER = 'NONCE_PLACEHOLDER';

/**
 * The CSP of an HTML page for a given nonce. The policy is built by helmet once with a
 * placeholder; each response only substitutes its nonce.
 */
export function pageCspFactory(options: {
  https: boolean;
  development: boolean;
  paypal?: boolean;
}): (nonce: string) => string {
  const template = helmetHeaders(
    helmetOptions(cspDirectives({ ...options, scriptNonce: NONCE_PLACEHOLDER })),
  )['content-security-policy'] as string;
  return (nonce) => template.replace(NONCE_PLACEHOLDER, nonce);
}

/** Security headers on every answer (docs/architecture.md, "Security baseline"). */
export const securityHeaders = fp<{ https: boolean }>(async (app: FastifyInstance, options) => {
  const headers = helmetHeaders(helmetOptions(cspDirectives({ https: options.https })));
  // A callback hook, not an async one: every answer runs it, and a promise per hook per request
  // showed in the profile of a cached answer (ADR 038, amendment of 2026-11-24).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
