import type { Route } from './+types/area-riservata-raccomandazioni';
import { privatePageMeta } from '../format/meta';
import { RECOMMENDATIONS } from '../features/reserved-area/archive-kinds';
import {
  ArchivePage,
  loadArchive,
  loadArchiveOnServer,
  PRIVATE_PAGE_HEADERS,
} from '../features/reserved-area/archive-page';

/** Recommendations (spec §2.9): rendered on the server for a cookie session (ADR 022), else loaded in the browser behind the guard; search in the address. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadArchiveOnServer(request, context, RECOMMENDATIONS);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadArchive(args, RECOMMENDATIONS);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: RECOMMENDATIONS.title,
    description: 'Archivio delle raccomandazioni per Soci e Affiliati.',
  }),
];

export default function RecommendationsPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={RECOMMENDATIONS} data={loaderData} />;
}
