import type { Route } from './+types/area-riservata-pareri';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { OPINIONS } from '../features/reserved-area/archive-kinds';
import { ArchivePage, loadArchive } from '../features/reserved-area/archive-page';

/** Board opinions (spec §2.9): the pareri-intro text, the list, search and pages in the address. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadArchive(request, OPINIONS);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: OPINIONS.title,
    description: 'I pareri del Consiglio Direttivo per Soci e Affiliati.',
  }),
];

export default function OpinionsPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={OPINIONS} data={loaderData} />;
}
