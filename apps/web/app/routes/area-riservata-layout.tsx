import { Outlet } from 'react-router';
import type { Route } from './+types/area-riservata-layout';
import { PageLoading } from '../components/page-loading';
import { reservedAreaGuard } from '../shared/session/guard';

/**
 * The layout of every reserved page (DESIGN.md; spec §6): they load in the browser, behind the
 * guard that runs here; the pages read the user from this route's data.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { user: reservedAreaGuard(request) };
}

/** The guard runs on every navigation, also between reserved pages (spec §6). */
export function shouldRevalidate() {
  return true;
}

export const HydrateFallback = PageLoading;

export default function ReservedAreaLayout() {
  return <Outlet />;
}
