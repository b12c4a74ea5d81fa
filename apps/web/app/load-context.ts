import type { SodalisLoadContext } from '@sodalis/contracts';

// SSR loaders receive the server's services through React Router's load context, typed here
// once for every route (the web app never imports server code).
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- interface merging needs an interface
  interface AppLoadContext extends SodalisLoadContext {}
}

export {};
