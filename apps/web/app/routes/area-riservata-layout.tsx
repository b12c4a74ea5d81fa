import { Outlet, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/area-riservata-layout';
import type { loader as rootLoader } from '../root';
import { PageLoading } from '../components/page-loading';
import { SignInPage, signInHelpEmail } from '../features/accounts/sign-in-page';
import { participantRedirect, reservedAreaGuard } from '../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../shared/session/session';
import { SessionMarkScript } from '../shared/session/session-mark';

/**
 * On the server: the user of a sign-in posted without scripts (the session cookie, ADR 022),
 * so the reserved home renders and its links work before or without JavaScript. Only what the
 * page shows is read from it; every reserved call is checked by the API.
 */
export function loader({ request }: Route.LoaderArgs) {
  const token = sessionCookieToken(request.headers.get('cookie'));
  const user = token === null ? null : userOfToken(token);
  // An events' participant reads only their registrations here (ADR 055).
  const elsewhere = participantRedirect(user?.role, new URL(request.url).pathname);
  if (elsewhere !== null) throw elsewhere;
  return { user };
}

/**
 * In the browser: the guard of spec §6, also on the first load, where it takes
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
  return loaderData.user === null ? <BeforeTheGuard /> : <Outlet />;
}

/**
 * A reserved page rendered without the session cookie, until the guard decides (ADR 022,
 * amendment of 2026-11-24): the sign-in the guard leads a visitor without a session to, so it is
 * in the first paint (and, without scripts, posts and comes back here), and the loading state a
 * member's tab shows instead. The script before them marks a tab with a session before they are
 * parsed, and the stylesheet shows one of the two: a member never sees the sign-in flash.
 */
function BeforeTheGuard() {
  const frame = useRouteLoaderData<typeof rootLoader>('root');
  const { pathname, search } = useLocation();
  return (
    <>
      <SessionMarkScript />
      <div className="reserved-signed-out min-vh-100" data-testid="reserved-sign-in">
        <SignInPage
          acronym={frame?.society.acronym ?? ''}
          featured={null}
          helpEmail={signInHelpEmail(frame?.contacts)}
          returnTo={`${pathname}${search}`}
          leavesWithSession={false}
        />
      </div>
      <div className="reserved-waiting">
        <PageLoading />
      </div>
    </>
  );
}
