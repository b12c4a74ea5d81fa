import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { config } from 'zod/v4/core';

// zod compiles a fast path for object schemas with `new Function`, first probing whether it may:
// the CSP forbids eval (ADR 018), so in the browser the probe is a reported violation (a
// Lighthouse best-practice failure on the sign-in page, ADR 020) and the slow path runs anyway.
// The server keeps the fast path: this file runs only in the browser.
config({ jitless: true });

// React Router's own client entry otherwise.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
