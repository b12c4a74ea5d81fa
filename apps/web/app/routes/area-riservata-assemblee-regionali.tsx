import type { Route } from './+types/area-riservata-assemblee-regionali';
import { privatePageMeta } from '../format/meta';
import { REGIONAL_ASSEMBLIES } from '../features/reserved-area/archive-kinds';
import {
  ArchivePage,
  loadArchive,
  loadArchiveOnServer,
  PRIVATE_PAGE_HEADERS,
} from '../features/reserved-area/archive-page';

/** Regional assemblies (spec §2.9): territory fixed to "Regionali". */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadArchiveOnServer(request, context, REGIONAL_ASSEMBLIES);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadArchive(args, REGIONAL_ASSEMBLIES);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: REGIONAL_ASSEMBLIES.title,
    description: 'Documenti delle assemblee regionali per Soci e Affiliati.',
  }),
];

export default function RegionalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={REGIONAL_ASSEMBLIES} data={loaderData} />;
}
