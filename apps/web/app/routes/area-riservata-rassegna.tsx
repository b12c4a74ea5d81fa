import type { Route } from './+types/area-riservata-rassegna';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { PRESS_REVIEW } from '../features/reserved-area/archive-kinds';
import { ArchivePage, loadArchive } from '../features/reserved-area/archive-page';

/** The press review (spec §2.9): loaded in the browser behind the guard; search in the address. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadArchive(request, PRESS_REVIEW);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: PRESS_REVIEW.title,
    description: 'La rassegna stampa per Soci e Affiliati.',
  }),
];

export default function PressReviewPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={PRESS_REVIEW} data={loaderData} />;
}
