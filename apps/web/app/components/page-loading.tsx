import { LOADING_COPY } from '../copy/site';

/** What a browser-loaded page shows until its data arrives (the routes' `HydrateFallback`). */
export function PageLoading() {
  return (
    <div className="container py-5" role="status">
      {LOADING_COPY}…
    </div>
  );
}
