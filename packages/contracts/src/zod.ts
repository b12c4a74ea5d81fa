import { z } from 'zod';

/**
 * The one zod every contract uses. In the browser it parses without compiled parsers
 * (`jitless`): zod's probe for `new Function` is an eval the site's CSP refuses (ADR 018), and
 * the refusal is reported on every page that builds a schema (a Lighthouse best-practice
 * failure, ADR 020). Set here, before any contract builds a schema, since zod decides per schema
 * when it is made; set on the global object zod keeps its configuration in rather than through
 * `z.config()`, which would add zod's core to the back office's first screen. The server keeps
 * the compiled parsers. This module is the contracts' one declared side effect (package.json).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
if ('document' in globalThis)
  zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, {
    jitless: true,
  });

export { z };
