import {
  EMPTY_PREFILL,
  EVENT_ACCOUNT_PATH,
  liveRegistrationFor,
  refusedRegistrationFor,
  REGISTRATION_MESSAGES,
  registrationWindow,
  type Registrant,
  type RegistrantPrefill,
} from '@sodalis/contracts';
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/evento-iscrizione';
import { apiRequest } from '../api/api-client';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import {
  eventHref,
  eventIdOfSlug,
  MY_REGISTRATIONS_PATH,
  registrationHref,
} from '../features/events/event-format';
import {
  browserMyRegistrations,
  browserRegistrationCalls,
} from '../features/events/registration-api';
import {
  registrationStep,
  signInRefusal,
  type RegistrationCalls,
  type RegistrationStep,
} from '../features/events/registration-fields';
import {
  emptyFields,
  RegistrationCurrent,
  RegistrationRefused,
  RegistrationDone,
  RegistrationForm,
  RegistrationQuoteStep,
} from '../features/events/registration-form';
import { PRIVATE_PAGE_HEADERS } from '../features/reserved-area/archive-page';
import {
  currentUser,
  RETURN_PARAM,
  sessionCookieToken,
  signInReturningTo,
  userOfToken,
} from '../shared/session/session';
import { SessionMarkScript } from '../shared/session/session-mark';

/** A submission's random key, made when the first step is drawn (ADR 049): 32 letters and digits. */
const newRequestKey = () => crypto.randomUUID().replaceAll('-', '');

/** The calls of a form posted without a session: each says one must sign in. */
const SIGNED_OUT: RegistrationCalls = {
  quote: () => Promise.resolve(signInRefusal()),
  register: () => Promise.resolve(signInRefusal()),
};

/**
 * An event's registration page, `/eventi/<id>-<slug>/iscrizione` (ADR 049): the event, the
 * page's instant (the window is judged at it, on the server and in the hydration alike), the
 * first step's request key, and the person of a cookie session (a sign-in without scripts,
 * ADR 022) with what the form may prefill.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = eventIdOfSlug(params.slug);
  const event = id === null ? null : await context.events.event(id);
  if (event === null) throw data(null, { status: 404 });
  const canonical = registrationHref(event);
  if (new URL(request.url).pathname !== canonical)
    throw redirect(canonical, { status: 301, headers: { 'Cache-Control': 'no-store' } });
  const token = sessionCookieToken(request.headers.get('cookie'));
  const registrant =
    token === null || userOfToken(token) === null
      ? null
      : await context.eventRegistrations.registrant(token, event.id);
  return {
    event,
    now: new Date().toISOString(),
    requestKey: newRequestKey(),
    registrant,
    /** Whether the tab's own session was looked at (scripts ran); not on the server. */
    sessionChecked: false,
  };
}

/**
 * In the browser (also on hydration): the person of the tab's session (ADR 010) when the server
 * knew none, with the facts to prefill (`/Events/Prefill`: the membership's or the events'
 * account's, ADR 055) and their live registration for the event, if any.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = await serverLoader();
  const user = currentUser();
  if (page.registrant !== null || user === null) return { ...page, sessionChecked: true };
  const [prefill, mine] = await Promise.all([
    apiRequest<RegistrantPrefill>('/api/v1/Events/Prefill').catch(() => null),
    browserMyRegistrations(),
  ]);
  const registrant: Registrant = {
    firstName: user.name,
    lastName: user.surname,
    prefill: prefill ?? EMPTY_PREFILL,
    current: liveRegistrationFor(mine ?? [], page.event.id),
    refused: refusedRegistrationFor(mine ?? [], page.event.id),
  };
  return { ...page, registrant, sessionChecked: true };
}
clientLoader.hydrate = true as const;

/** Without scripts: the form posted with the session cookie, through the page's context. */
export async function action({ params, context, request }: Route.ActionArgs) {
  const id = eventIdOfSlug(params.slug);
  if (id === null) throw data(null, { status: 404 });
  const form = await request.formData();
  const token = sessionCookieToken(request.headers.get('cookie'));
  const pages = context.eventRegistrations;
  const calls: RegistrationCalls =
    token === null
      ? SIGNED_OUT
      : {
          quote: (body) => pages.quote(token, id, body),
          register: (body) => pages.register(token, id, body),
        };
  const step = await registrationStep(form, calls);
  return data(step, { status: step.step === 'form' && step.issues.length > 0 ? 400 : 200 });
}

/** With scripts: the same steps through the API, with the tab's session. */
export async function clientAction({ params, request }: Route.ClientActionArgs) {
  const id = eventIdOfSlug(params.slug);
  const form = await request.formData();
  if (id === null || currentUser() === null) return registrationStep(form, SIGNED_OUT);
  return registrationStep(form, browserRegistrationCalls(id));
}

/** The steps answer from the action: the page's data stays as it was drawn. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return formMethod === undefined ? defaultShouldRevalidate : false;
}

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches, data: loaded }) =>
  privatePageMeta(matches, {
    title: loaded ? `Iscrizione: ${loaded.event.title}` : 'Evento non trovato',
    description: loaded ? `Iscriviti a ${loaded.event.title}.` : '',
  });

/**
 * Not signed in: registering needs one's account, and the sign-in comes back here; a person who
 * is not a member opens an account for the events first (ADR 055), and comes back here too.
 */
function SignInNeeded({ back }: { back: string }) {
  return (
    <div data-testid="registration-sign-in">
      <p>{REGISTRATION_MESSAGES.signInRequired} Dopo l’accesso torni a questa pagina.</p>
      <Link to={signInReturningTo(back)} className="btn btn-primary mb-3">
        Accedi per iscriverti
      </Link>
      <p className="mb-0">
        Non sei socio e non hai ancora un account?{' '}
        <Link to={`${EVENT_ACCOUNT_PATH}?${new URLSearchParams({ [RETURN_PARAM]: back })}`}>
          Crea il tuo account per gli eventi
        </Link>
        .
      </p>
    </div>
  );
}

export default function EventRegistrationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { event, now, requestKey, registrant, sessionChecked } = loaderData;
  const step = actionData as RegistrationStep | undefined;
  const window = registrationWindow(event, now);
  const action = registrationHref(event);
  let body;
  if (step?.step === 'done') {
    body = <RegistrationDone answer={step.answer} />;
  } else if (!window.open) {
    body = (
      <p className="alert alert-warning" data-testid="registration-window">
        {window.message}
      </p>
    );
  } else if (registrant === null) {
    // Drawn without the session cookie: the tab may hold a session the scripts will read
    // (ADR 022); the session mark shows the wait to such a tab, the sign-in to any other.
    body = sessionChecked ? (
      <SignInNeeded back={action} />
    ) : (
      <>
        <SessionMarkScript />
        <div className="reserved-signed-out">
          <SignInNeeded back={action} />
        </div>
        <div className="reserved-waiting">
          <PageLoading />
        </div>
      </>
    );
  } else if (registrant.current !== null) {
    body = <RegistrationCurrent registration={registrant.current} />;
  } else if (step?.step === 'quote') {
    body = <RegistrationQuoteStep fields={step.fields} quote={step.quote} action={action} />;
  } else {
    body = (
      <>
        {registrant.refused === null ? null : (
          <RegistrationRefused registration={registrant.refused} />
        )}
        <p>
          Ti iscrivi come{' '}
          <strong>
            {registrant.firstName} {registrant.lastName}
          </strong>
          . Le tue iscrizioni sono in <Link to={MY_REGISTRATIONS_PATH}>Le mie iscrizioni</Link>.
        </p>
        <RegistrationForm
          event={event}
          fields={step?.fields ?? emptyFields(requestKey, registrant.prefill)}
          issues={step?.step === 'form' ? step.issues : []}
          action={action}
        />
      </>
    );
  }
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: 'Eventi', to: '/eventi' },
          { label: event.title, to: eventHref(event) },
          { label: 'Iscrizione' },
        ]}
      />
      <h1 className="h2 mb-3">Iscrizione: {event.title}</h1>
      {body}
    </div>
  );
}
