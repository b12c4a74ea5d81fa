import type { Route } from './+types/area-riservata-assemblee';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { AssembliesPage, loadAssemblies } from '../features/reserved-area/assemblies-page';

/** National assemblies (spec §2.9): search by text, year, month and section. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadAssemblies(request, 'Nazionali');
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: 'Assemblee nazionali',
    description: 'Documenti delle assemblee nazionali per Soci e Affiliati.',
  }),
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
