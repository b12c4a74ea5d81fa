import type { Route } from './+types/area-riservata-assemblee';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { NATIONAL_ASSEMBLIES } from '../features/reserved-area/archive-kinds';
import { ArchivePage, loadArchive } from '../features/reserved-area/archive-page';

/** National assemblies (spec §2.9): search by text, year, month and section. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadArchive(request, NATIONAL_ASSEMBLIES);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: NATIONAL_ASSEMBLIES.title,
    description: 'Documenti delle assemblee nazionali per Soci e Affiliati.',
  }),
];

export default function NationalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={NATIONAL_ASSEMBLIES} data={loaderData} />;
}
