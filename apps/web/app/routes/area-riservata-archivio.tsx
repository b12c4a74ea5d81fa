import { matchPath, useLocation } from 'react-router';
import type { Route } from './+types/area-riservata-archivio';
import { privatePageMeta } from '../format/meta';
import { SEARCHABLE_ARCHIVES } from '../features/reserved-area/archive-kinds';
import { PRIVATE_PAGE_HEADERS, type ArchiveRoute } from '../features/reserved-area/archive-page';

/**
 * The searchable archives of the reserved area (spec §2.9): recommendations, board opinions
 * (with the pareri-intro text), press review, national and regional assemblies. One module,
 * registered in routes.ts once per archive at the archive's own address; the address a request
 * or a render is for says which archive it is. Rendered on the server for a cookie session
 * (ADR 022), else loaded in the browser behind the reserved layout's guard; search and pages
 * live in the address.
 */
function archiveAt(pathname: string): ArchiveRoute {
  const archive = SEARCHABLE_ARCHIVES.find(({ path }) => matchPath(path, pathname) !== null);
  if (archive === undefined) throw new Error(`Nessun archivio riservato a ${pathname}`);
  return archive;
}

const archiveOf = (request: Request) => archiveAt(new URL(request.url).pathname);

export function loader({ request, context }: Route.LoaderArgs) {
  return archiveOf(request).loadOnServer(request, context);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return archiveOf(args.request).load(args);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const { title, description } = archiveAt(location.pathname);
  return privatePageMeta(matches, { title, description });
};

export default function ArchiveRoutePage({ loaderData }: Route.ComponentProps) {
  return archiveAt(useLocation().pathname).render(loaderData);
}
