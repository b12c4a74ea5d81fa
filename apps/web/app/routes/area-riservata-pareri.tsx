import type { Route } from './+types/area-riservata-pareri';
import { privatePageMeta } from '../format/meta';
import { OPINIONS } from '../features/reserved-area/archive-kinds';
import {
  ArchivePage,
  loadArchive,
  loadArchiveOnServer,
  PRIVATE_PAGE_HEADERS,
} from '../features/reserved-area/archive-page';

/** Board opinions (spec §2.9): the pareri-intro text, the list, search and pages in the address. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadArchiveOnServer(request, context, OPINIONS);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadArchive(args, OPINIONS);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: OPINIONS.title,
    description: 'I pareri del Consiglio Direttivo per Soci e Affiliati.',
  }),
];

export default function OpinionsPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={OPINIONS} data={loaderData} />;
}
