import type { Route } from './+types/area-riservata-assemblee-regionali';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { REGIONAL_ASSEMBLIES } from '../features/reserved-area/archive-kinds';
import { ArchivePage, loadArchive } from '../features/reserved-area/archive-page';

/** Regional assemblies (spec §2.9): territory fixed to "Regionali". */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadArchive(request, REGIONAL_ASSEMBLIES);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: REGIONAL_ASSEMBLIES.title,
    description: 'Documenti delle assemblee regionali per Soci e Affiliati.',
  }),
];

export default function RegionalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={REGIONAL_ASSEMBLIES} data={loaderData} />;
}
