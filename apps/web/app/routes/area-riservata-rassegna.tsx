import type { Route } from './+types/area-riservata-rassegna';
import { privatePageMeta } from '../format/meta';
import { PRESS_REVIEW } from '../features/reserved-area/archive-kinds';
import {
  ArchivePage,
  loadArchive,
  loadArchiveOnServer,
  PRIVATE_PAGE_HEADERS,
} from '../features/reserved-area/archive-page';

/** The press review (spec §2.9): rendered on the server for a cookie session (ADR 022), else loaded in the browser behind the guard; search in the address. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadArchiveOnServer(request, context, PRESS_REVIEW);
}

export function clientLoader(args: Route.ClientLoaderArgs) {
  return loadArchive(args, PRESS_REVIEW);
}
clientLoader.hydrate = true as const;

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: PRESS_REVIEW.title,
    description: 'La rassegna stampa per Soci e Affiliati.',
  }),
];

export default function PressReviewPage({ loaderData }: Route.ComponentProps) {
  return <ArchivePage kind={PRESS_REVIEW} data={loaderData} />;
}
