import { LOADING_COPY } from '../copy/site';

/**
 * What a browser-loaded page shows until its data arrives (the routes' `HydrateFallback`). It
 * fills the screen, so the footer starts below it and does not jump when the page (or the
 * sign-in the guard leads to) takes its place: no layout shift (ADR 020).
 */
export function PageLoading() {
  return (
    <div className="container py-5 min-vh-100" role="status">
      {LOADING_COPY}…
    </div>
  );
}
