import type { Route } from './+types/area-riservata-raccomandazioni';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { RECOMMENDATIONS } from '../features/reserved-area/archive-kinds';
import { ArchivePage, loadArchive } from '../features/reserved-area/archive-page';

/** Recommendations (spec §2.9): loaded in the browser behind the guard; search in the address. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadArchive(request, RECOMMENDATIONS);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: RECOMMENDATIONS.title,
    description: 'Archivio delle raccomandazioni per Soci e Affiliati.',
  }),
];

export default function RecommendationsPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={RECOMMENDATIONS} data={loaderData} />;
}
