import { data, useRevalidator } from 'react-router';
import type { EcmTestOutcome } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-iscrizioni-test-ecm';
import { privatePageMeta } from '../format/meta';
import {
  browserEcmTest,
  ECM_TEST_API,
  ecmTestFormOf,
  EcmTestPage,
} from '../features/events/ecm-test';
import { MY_REGISTRATIONS_PATH } from '../features/events/event-format';
import { PRIVATE_PAGE_HEADERS } from '../features/reserved-area/archive-page';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../shared/session/session';

const TITLE = 'Test di apprendimento ECM';

const NOT_FOUND: EcmTestOutcome = {
  ok: false,
  status: 404,
  issues: [{ path: '(corpo)', message: 'Test non trovato tra le tue iscrizioni.' }],
};
const SIGN_IN: EcmTestOutcome = {
  ok: false,
  status: 401,
  issues: [{ path: '(corpo)', message: 'Accedi di nuovo per svolgere il test.' }],
};
const NOTHING_TO_DO: EcmTestOutcome = {
  ok: false,
  status: 400,
  issues: [{ path: '(corpo)', message: 'La richiesta non indica cosa fare.' }],
};

const idOf = (params: { id?: string }) => {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * On the server, for the session cookie of a sign-in without scripts (ADR 022): the test as the
 * person sees it (the attempt under way with the answers saved); null without a session the
 * server accepts (the browser then reads it).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const id = idOf(params);
  if (id === null) return { test: NOT_FOUND };
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (token === null || userOfToken(token) === null) return { test: null };
  return { test: await context.ecmTests.view(token, id) };
}

/** In the browser, behind the reserved guard (spec §6); read with the tab's session if needed. */
export async function clientLoader({ request, params, serverLoader }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
  const page = await serverLoader();
  if (page.test !== null) return page;
  const id = idOf(params);
  return { test: id === null ? NOT_FOUND : await browserEcmTest(ECM_TEST_API.view(id)) };
}
clientLoader.hydrate = true as const;

/** Without scripts: begin an attempt, save the answers chosen, hand the attempt in. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const id = idOf(params);
  if (id === null) return data(NOT_FOUND, { status: 404 });
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (token === null) return data(SIGN_IN, { status: 401 });
  const { intent, answers } = ecmTestFormOf(await request.formData());
  if (intent === null) return data(NOTHING_TO_DO, { status: 400 });
  const outcome =
    intent === 'start'
      ? await context.ecmTests.start(token, id)
      : await context.ecmTests.answer(token, id, { answers }, intent === 'submit');
  return data(outcome, { status: outcome.ok ? 200 : outcome.status });
}

/** With scripts: the same through the API, with the tab's session. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const id = idOf(params);
  if (id === null) return NOT_FOUND;
  const { intent, answers } = ecmTestFormOf(await request.formData());
  if (intent === null) return NOTHING_TO_DO;
  if (intent === 'start') return browserEcmTest(ECM_TEST_API.start(id), 'POST', {});
  // Each choice was saved when made; the form's answers again, in case one was not.
  if (intent === 'save') {
    for (const answer of answers) {
      const saved = await browserEcmTest(ECM_TEST_API.answer(id, answer.position), 'PUT', {
        choice: answer.choice,
      });
      if (!saved.ok) return saved;
    }
    return browserEcmTest(ECM_TEST_API.view(id));
  }
  return browserEcmTest(ECM_TEST_API.submit(id), 'POST', { answers });
}

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, {
    title: TITLE,
    description: 'Il test di apprendimento ECM di un evento a cui sei iscritto.',
  });

export default function EcmTestRoute({ loaderData, actionData, params }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  // The loaders run again after every action (with or without scripts): theirs is the freshest.
  const shown = loaderData.test;
  const issues = actionData?.ok === false ? actionData.issues : [];
  const id = idOf(params);
  return (
    <div className="container py-4">
      <ReservedBreadcrumb
        trail={[{ label: 'Le mie iscrizioni', to: MY_REGISTRATIONS_PATH }, { label: TITLE }]}
      />
      <h1 className="mb-4">{TITLE}</h1>
      {shown === null ? (
        <p role="alert">Non è stato possibile leggere il test: riprova tra poco.</p>
      ) : shown.ok ? (
        <EcmTestPage
          test={shown.data}
          issues={issues}
          saveAnswer={async (position, choice) => {
            if (id === null) return false;
            const saved = await browserEcmTest(ECM_TEST_API.answer(id, position), 'PUT', {
              choice,
            });
            // Read again: the count of answers saved, or what the server kept after a refusal.
            void revalidator.revalidate();
            return saved.ok;
          }}
        />
      ) : (
        <p role="alert" data-testid="ecm-test-unavailable">
          {shown.issues.map((issue) => issue.message).join(' ')}
        </p>
      )}
    </div>
  );
}
