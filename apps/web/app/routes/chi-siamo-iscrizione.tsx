import type { Route } from './+types/chi-siamo-iscrizione';
import { pageMeta } from '../format/meta';
import { EnrolmentPage, loadEnrolmentPage } from '../features/society/enrolment-page';

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadEnrolmentPage('soci', request, context);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Soci',
    description:
      'Come diventare socio: iscrizione, pagamento della quota, modulo di richiesta, cariche sociali.',
  });

export default function MembersPage({ loaderData }: Route.ComponentProps) {
  return <EnrolmentPage title="Soci" path="/chi-siamo-iscrizione" {...loaderData} />;
}
