import type { Route } from './+types/chi-siamo-iscrizione';
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

/** A form closed for a while answers 429 with its Retry-After on the page too (ADR 040). */
export const headers: Route.HeadersFunction = ({ actionHeaders }): Record<string, string> => {
  const retryAfter = actionHeaders.get('retry-after');
  return retryAfter === null ? {} : { 'Retry-After': retryAfter };
};

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadEnrolmentPage('soci', request, context);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Soci',
    description:
      'Come diventare socio: iscrizione, pagamento della quota, modulo di richiesta, cariche sociali.',
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

export default function MembersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { payment, ...page } = loaderData;
  return (
    <EnrolmentPage title="Soci" path="/chi-siamo-iscrizione" {...page}>
      {payment ? <FeePaymentSection kind="soci" {...payment} /> : null}
      {page.active === 'iscrizione' ? (
        <ApplicationForm
          defaultKind="Socio"
          action="/chi-siamo-iscrizione?scheda=iscrizione"
          answer={actionData}
        />
      ) : null}
    </EnrolmentPage>
  );
}
