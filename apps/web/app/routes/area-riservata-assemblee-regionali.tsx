import type { Route } from './+types/area-riservata-assemblee-regionali';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { AssembliesPage, loadAssemblies } from '../features/reserved-area/assemblies-page';

/** Regional assemblies (spec §2.9): territory fixed to "Regionali". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAssemblies(request, 'Regionali');
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: 'Assemblee regionali',
    description: 'Documenti delle assemblee regionali per Soci e Affiliati.',
  }),
];

export default function RegionalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return (
    <AssembliesPage
      path="/area-riservata-assemblee-regionali"
      title="Assemblee regionali"
      territory="Regionali"
      data={loaderData}
    />
  );
}
