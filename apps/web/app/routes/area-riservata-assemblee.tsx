import type { Route } from './+types/area-riservata-assemblee';
import { LOADING_COPY } from '../copy/site';
import { pageMeta } from '../format/meta';
import { AssembliesPage, loadAssemblies } from '../features/reserved-area/assemblies-page';

/** National assemblies (spec §2.9): search by text, year, month and section. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAssemblies(request, 'Nazionali');
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
    title: 'Assemblee nazionali',
    description: 'Documenti delle assemblee nazionali per Soci e Affiliati.',
  }),
  { name: 'robots', content: 'noindex' },
];

export default function NationalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return (
    <AssembliesPage
      path="/area-riservata-assemblee"
      title="Assemblee nazionali"
      territory="Nazionali"
      data={loaderData}
    />
  );
}
