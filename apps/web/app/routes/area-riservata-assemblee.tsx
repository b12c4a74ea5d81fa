import type { Route } from './+types/area-riservata-assemblee';
import { privatePageMeta } from '../format/meta';
import { NATIONAL_ASSEMBLIES } from '../features/reserved-area/archive-kinds';
import {
  ArchivePage,
  loadArchive,
  loadArchiveOnServer,
  PRIVATE_PAGE_HEADERS,
} from '../features/reserved-area/archive-page';

/** National assemblies (spec §2.9): search by text, year, month and section. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadArchiveOnServer(request, context, NATIONAL_ASSEMBLIES);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadArchive(args, NATIONAL_ASSEMBLIES);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: NATIONAL_ASSEMBLIES.title,
    description: 'Documenti delle assemblee nazionali per Soci e Affiliati.',
  }),
];

export default function NationalAssembliesPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={NATIONAL_ASSEMBLIES} data={loaderData} />;
}
