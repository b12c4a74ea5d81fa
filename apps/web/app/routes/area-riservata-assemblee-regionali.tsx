import type { Route } from './+types/area-riservata-assemblee-regionali';
import { LOADING_COPY } from '../copy/site';
import { pageMeta } from '../format/meta';
import { AssembliesPage, loadAssemblies } from '../features/reserved-area/assemblies-page';

/** Regional assemblies (spec §2.9): territory fixed to "Regionali". */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAssemblies(request, 'Regionali');
}

export function HydrateFallback() {
  return (
    <div className="container py-5" role="status">
      {LOADING_COPY}…
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: 'Assemblee regionali',
    description: 'Documenti delle assemblee regionali per Soci e Affiliati.',
  }),
  { name: 'robots', content: 'noindex' },
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
