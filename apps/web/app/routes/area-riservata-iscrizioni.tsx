import { data, redirectDocument, useRevalidator, useSearchParams } from 'react-router';
import { useState } from 'react';
import type { Route } from './+types/area-riservata-iscrizioni';
import { apiRequest } from '../api/api-client';
import { privatePageMeta } from '../format/meta';
import {
  browserMyRegistrations,
  browserRegistrationChange,
  REGISTRATIONS_API,
} from '../features/events/registration-api';
import { signInRefusal } from '../features/events/registration-fields';
import {
  CANCEL_PARAM,
  changeOfForm,
  MyRegistrations,
  type MyRegistrationChange,
} from '../features/events/my-registrations';
import {
  asksNewCalendar,
  browserMyCalendar,
  browserRegenerateCalendar,
  CALENDAR_REGENERATED,
  RegistrationsCalendar,
} from '../features/events/registrations-calendar';
import { OrderPayment } from '../features/payments/order-payment';
import { documentAllowsPayPal } from '../features/payments/paypal-document';
import { PRIVATE_PAGE_HEADERS } from '../features/reserved-area/archive-page';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../shared/session/session';
import type { RegistrationOutcome, RegistrationAnswer } from '@sodalis/contracts';

const TITLE = 'Le mie iscrizioni';

/** A capture the server did not take note of: PayPal's notice confirms it later (ADR 012). */
const PAID_UNREPORTED =
  'Pagamento eseguito: l’iscrizione sarà confermata appena la segreteria riceve la conferma di PayPal.';

/**
 * On the server, for the session cookie of a sign-in without scripts (ADR 022): the member's
 * registrations in the first HTML; null without a session the server accepts (the browser
 * then reads them). The payment's settings either way: PayPal's client id and the society's
 * account for a bank transfer (ADR 029).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = sessionCookieToken(request.headers.get('cookie'));
  const signedIn = token !== null && userOfToken(token) !== null;
  const [registrations, calendar] = signedIn
    ? await Promise.all([
        context.eventRegistrations.mine(token),
        // The private calendar's address (ADR 052).
        context.eventCalendars.mine(token),
      ])
    : [null, null];
  return { registrations, calendar, payments: context.payments };
}

/**
 * In the browser, behind the reserved guard (spec §6): a client navigation loads the page as
 * a document of its own, with the payment pages' CSP that lets PayPal's SDK in (ADR 012); the
 * list the server rendered is kept, else read with the tab's session.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
  if (!documentAllowsPayPal()) {
    const url = new URL(request.url);
    throw redirectDocument(`${url.pathname}${url.search}`);
  }
  const page = await serverLoader();
  if (page.registrations !== null) return page;
  const [registrations, calendar] = await Promise.all([
    browserMyRegistrations(),
    browserMyCalendar(),
  ]);
  return { ...page, registrations, calendar };
}
clientLoader.hydrate = true as const;

/** What a change answered, for the page. */
function changeOf(outcome: RegistrationOutcome<RegistrationAnswer>): MyRegistrationChange {
  if (outcome.ok) return { ok: true, message: outcome.data.message };
  return { ok: false, issues: outcome.status === 401 ? signInRefusal().issues : outcome.issues };
}

const NOTHING_TO_DO: MyRegistrationChange = {
  ok: false,
  issues: [{ path: 'registration', message: 'La richiesta non indica quale iscrizione.' }],
};

/** The private calendar could not be given a new address (ADR 052). */
const CALENDAR_NOT_REGENERATED: MyRegistrationChange = {
  ok: false,
  issues: [
    { path: 'calendar', message: 'Non è stato possibile creare un nuovo indirizzo: riprova.' },
  ],
};

/** Without scripts: cancelling, taking an offered place, a new calendar address. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const change = changeOfForm(form);
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (asksNewCalendar(form)) {
    if (token === null) return data(changeOf(signInRefusal()), { status: 401 });
    const feed = await context.eventCalendars.regenerate(token);
    return feed === null
      ? data(changeOf(signInRefusal()), { status: 401 })
      : { ok: true as const, message: CALENDAR_REGENERATED };
  }
  if (change === null) return data(NOTHING_TO_DO, { status: 400 });
  if (token === null) return data(changeOf(signInRefusal()), { status: 401 });
  const pages = context.eventRegistrations;
  const outcome =
    change.intent === 'cancel'
      ? await pages.cancel(token, change.registrationId)
      : await pages.accept(token, change.registrationId);
  const answer = changeOf(outcome);
  return data(answer, { status: outcome.ok ? 200 : outcome.status });
}

/** With scripts: the same through the API, with the tab's session. */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (asksNewCalendar(form)) {
    return (await browserRegenerateCalendar()) === null
      ? CALENDAR_NOT_REGENERATED
      : { ok: true as const, message: CALENDAR_REGENERATED };
  }
  const change = changeOfForm(form);
  if (change === null) return NOTHING_TO_DO;
  return changeOf(await browserRegistrationChange(change.intent, change.registrationId));
}

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, {
    title: TITLE,
    description: 'Le tue iscrizioni agli eventi: stato, pagamento, annullamento.',
  });

export default function MyRegistrationsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { registrations, calendar, payments } = loaderData;
  const [searchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const [paid, setPaid] = useState<string | null>(null);
  const asked = Number(searchParams.get(CANCEL_PARAM));
  return (
    <div className="container py-4">
      <ReservedBreadcrumb trail={[{ label: TITLE }]} />
      <h1 className="mb-4">{TITLE}</h1>
      {paid === null ? null : (
        <div className="alert alert-success" role="status" data-testid="registration-paid">
          {paid}
        </div>
      )}
      {registrations === null ? (
        <p role="alert">Non è stato possibile leggere le tue iscrizioni: riprova tra poco.</p>
      ) : (
        <MyRegistrations
          registrations={registrations}
          change={actionData}
          confirmingCancel={Number.isInteger(asked) && asked > 0 ? asked : null}
          paymentOf={(registration) =>
            registration.payment === null ? null : (
              <OrderPayment
                amountCents={registration.payment.payCents}
                description={registration.payment.orderDescription}
                causale={registration.causale}
                paypalClientId={payments.paypalClientId}
                bankAccount={payments.bankAccount}
                payLabel="Paga con PayPal"
                testId="registration-payment"
                onCaptured={async (captured) => {
                  // The server asks PayPal before the registration is confirmed (ADR 049); a
                  // report that failed does not undo the payment: PayPal's own notice follows.
                  const answer = await apiRequest<RegistrationAnswer>(
                    REGISTRATIONS_API.payPal(registration.id),
                    { body: captured },
                  ).catch((error: unknown) => {
                    console.warn('pagamento dell’iscrizione non registrato', error);
                    return null;
                  });
                  setPaid(
                    `${answer?.message ?? PAID_UNREPORTED} Ordine PayPal ${captured.orderId}.`,
                  );
                  void revalidator.revalidate();
                }}
              />
            )
          }
        />
      )}
      {calendar === null ? null : <RegistrationsCalendar key={calendar.url} feed={calendar} />}
    </div>
  );
}
