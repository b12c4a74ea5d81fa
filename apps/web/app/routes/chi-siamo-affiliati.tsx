import type { Route } from './+types/chi-siamo-affiliati';
import { pageMeta } from '../format/meta';
import { EnrolmentPage, loadEnrolmentPage } from '../features/society/enrolment-page';

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadEnrolmentPage('affiliati', request, context);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Affiliati',
    description:
      'Tecnici e infermieri affiliati: iscrizione, pagamento, modulo di richiesta, cariche sociali.',
  });

export default function AffiliatesPage({ loaderData }: Route.ComponentProps) {
  return <EnrolmentPage title="Affiliati" path="/chi-siamo-affiliati" {...loaderData} />;
}
