import type { Route } from './+types/chi-siamo-affiliati';
import { pageMeta } from '../format/meta';
import { redirectDocument } from 'react-router';
import { PaymentPanel } from '../features/payments/payment-panel';
import { documentAllowsPayPal } from '../features/payments/paypal-document';
import { EnrolmentPage, loadEnrolmentPage } from '../features/society/enrolment-page';

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadEnrolmentPage('affiliati', request, context);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Affiliati',
    description:
      'Tecnici e infermieri affiliati: iscrizione, pagamento, modulo di richiesta, cariche sociali.',
  });

/**
 * Reached by a client navigation from a page whose CSP keeps PayPal's SDK out: load this page
 * as a document of its own, with the payment pages' CSP (ADR 012).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  if (!documentAllowsPayPal()) {
    const url = new URL(request.url);
    throw redirectDocument(`${url.pathname}${url.search}`);
  }
  return serverLoader();
}

export default function AffiliatesPage({ loaderData }: Route.ComponentProps) {
  const { payment, ...page } = loaderData;
  return (
    <EnrolmentPage title="Affiliati" path="/chi-siamo-affiliati" {...page}>
      {payment ? <PaymentPanel kind="affiliati" {...payment} /> : null}
    </EnrolmentPage>
  );
}
