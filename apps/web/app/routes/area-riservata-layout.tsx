import { Outlet } from 'react-router';
import type { Route } from './+types/area-riservata-layout';
import { PageLoading } from '../components/page-loading';
import { reservedAreaGuard } from '../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../shared/session/session';

/**
 * On the server: the user of a sign-in posted without scripts (the session cookie, ADR 022),
 * so the reserved home renders and its links work before or without JavaScript. Only what the
 * page shows is read from it; every reserved call is checked by the API.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = sessionCookieToken(request.headers.get('cookie'));
  return { user: token === null ? null : userOfToken(token) };
}

/**
 * In the browser: the guard of spec §6 (DESIGN.md), also on the first load, where it takes
 * over a cookie session (ADR 022); the pages read the user from this route's data.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: reservedAreaGuard(request) };
}
clientLoader.hydrate = true as const;

/** The guard runs on every navigation, also between reserved pages (spec §6). */
export function shouldRevalidate() {
  return true;
}

export default function ReservedAreaLayout({ loaderData }: Route.ComponentProps) {
  // No user yet (scripts still loading, or no session): the guard decides once they run.
  return loaderData.user === null ? <PageLoading /> : <Outlet />;
}
