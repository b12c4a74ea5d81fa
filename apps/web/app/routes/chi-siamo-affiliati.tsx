import type { Route } from './+types/chi-siamo-affiliati';
import { pageMeta } from '../format/meta';
import { redirectDocument } from 'react-router';
import { FeePaymentSection } from '../features/payments/fee-payment-section';
import { documentAllowsPayPal } from '../features/payments/paypal-document';
import { applicationAction } from '../features/membership/application-action';
import { ApplicationForm } from '../features/membership/application-form';
import { EnrolmentPage, loadEnrolmentPage } from '../features/society/enrolment-page';

/** The "Iscriviti" form, posted with or without scripts (ADR 024). */
export const action = ({ request, context }: Route.ActionArgs) =>
  applicationAction(request, context);

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

export default function AffiliatesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, ...page } = loaderData;
  return (
    <EnrolmentPage title="Affiliati" path="/chi-siamo-affiliati" {...page}>
      {payment ? <FeePaymentSection kind="affiliati" {...payment} /> : null}
      {page.active === 'iscrizione' ? (
        <ApplicationForm
          defaultKind="Affiliato"
          action="/chi-siamo-affiliati?scheda=iscrizione"
          answer={actionData}
        />
      ) : null}
    </EnrolmentPage>
  );
}
