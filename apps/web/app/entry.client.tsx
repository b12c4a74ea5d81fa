import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

// zod compiles a fast path for object schemas with `new Function`, first probing whether it may:
// the CSP forbids eval (ADR 018), so in the browser the probe is a reported violation (a
// Lighthouse best-practice failure on the sign-in page, ADR 020) and the slow path runs anyway.
// `jitless` skips the probe. It is set on the global object zod keeps its `config()` in (zod
// reads it at each parse) rather than through `config()`: importing zod's core here would put
// it in every page's JavaScript. The server keeps the fast path: this file runs only in the
// browser.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

// React Router's own client entry otherwise.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
