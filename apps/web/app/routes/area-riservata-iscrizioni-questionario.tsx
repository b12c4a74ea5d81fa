import { data } from 'react-router';
import type { MyQuestionnaire } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-iscrizioni-questionario';
import { privatePageMeta } from '../format/meta';
import {
  browserQuestionnaire,
  browserSubmitQuestionnaire,
  EcmQuestionnaireForm,
  fieldsOfForm,
  type QuestionnaireOutcome,
} from '../features/events/ecm-questionnaire';
import { MY_REGISTRATIONS_PATH } from '../features/events/event-format';
import { signInRefusal } from '../features/events/registration-fields';
import { PRIVATE_PAGE_HEADERS } from '../features/reserved-area/archive-page';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';
import { sessionCookieToken, userOfToken } from '../shared/session/session';

const TITLE = 'Questionario di gradimento ECM';

/** The registration the address names, or null. */
function registrationIdOf(params: { id?: string }): number | null {
  const id = Number(params.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * On the server, for the session cookie of a sign-in without scripts (ADR 022): the
 * registration's questionnaire; null without a session the server accepts (the browser then
 * reads it) or for a registration that is not the person's.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const registrationId = registrationIdOf(params);
  const token = sessionCookieToken(request.headers.get('cookie'));
  const signedIn = token !== null && userOfToken(token) !== null;
  const questionnaire: MyQuestionnaire | null =
    signedIn && registrationId !== null
      ? await context.ecmQuestionnaire.mine(token, registrationId)
      : null;
  return { registrationId, questionnaire };
}

/** In the browser, behind the reserved guard (spec §6): read with the tab's session if needed. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
  const page = await serverLoader();
  if (page.questionnaire !== null || page.registrationId === null) return page;
  return { ...page, questionnaire: await browserQuestionnaire(page.registrationId) };
}
clientLoader.hydrate = true as const;

/** Without scripts: the form posted here, answered with its issues by field. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const values = fieldsOfForm(await request.formData());
  const registrationId = registrationIdOf(params);
  const token = sessionCookieToken(request.headers.get('cookie'));
  if (token === null || registrationId === null) {
    const outcome: QuestionnaireOutcome = { ok: false, values, issues: signInRefusal().issues };
    return data(outcome, { status: 401 });
  }
  const answer = await context.ecmQuestionnaire.submit(token, registrationId, values);
  const outcome: QuestionnaireOutcome = answer.ok
    ? { ok: true, message: answer.data.message }
    : { ok: false, values, issues: answer.issues };
  return data(outcome, { status: answer.ok ? 200 : answer.status });
}

/** With scripts: the same through the API, with the tab's session. */
export async function clientAction({ request, params }: Route.ClientActionArgs) {
  const values = fieldsOfForm(await request.formData());
  const registrationId = registrationIdOf(params);
  if (registrationId === null) {
    return { ok: false, values, issues: signInRefusal().issues } satisfies QuestionnaireOutcome;
  }
  return browserSubmitQuestionnaire(registrationId, values);
}

export const headers = () => PRIVATE_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, {
    title: TITLE,
    description:
      'Il questionario anonimo sulla qualità dell’evento ECM e la dichiarazione sullo sponsor.',
  });

export default function QuestionnaireRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { questionnaire } = loaderData;
  return (
    <div className="container py-4">
      <ReservedBreadcrumb
        trail={[{ label: 'Le mie iscrizioni', to: MY_REGISTRATIONS_PATH }, { label: TITLE }]}
      />
      <h1 className="mb-2">{TITLE}</h1>
      {questionnaire === null ? (
        <p role="alert">
          Non è stato possibile leggere il questionario di questa iscrizione: riprova tra poco dalla
          pagina <a href={MY_REGISTRATIONS_PATH}>Le mie iscrizioni</a>.
        </p>
      ) : (
        <>
          <p className="lead">{questionnaire.event.title}</p>
          <EcmQuestionnaireForm questionnaire={questionnaire} outcome={actionData} />
        </>
      )}
    </div>
  );
}
