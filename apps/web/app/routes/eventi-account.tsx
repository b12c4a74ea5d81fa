import {
  EVENT_ACCOUNT_MESSAGES,
  EVENT_ACCOUNT_PATH,
  eventAccountReturnPath,
} from '@sodalis/contracts';
import { data } from 'react-router';
import type { Route } from './+types/eventi-account';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';
import {
  EventAccountForm,
  type EventAccountActionData,
} from '../features/events/event-account-form';
import { RETURN_PARAM } from '../shared/session/session';

/**
 * `/eventi/account` (ADR 055): a person who is not a member opens an account for the events. The
 * same page for every reader (the server keeps it as the other events' pages, ADR 005).
 */
export function loader({ request }: Route.LoaderArgs) {
  return {
    returnTo: eventAccountReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM)),
  };
}

/** The form, posted with or without scripts: the server's rules decide (ADR 055, 040). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
  }
  const result = await context.eventAccounts.open(fields);
  const closedFor = result.ok ? undefined : result.retryAfterSeconds;
  return data<EventAccountActionData>(
    { result, fields: result.ok ? {} : fields },
    closedFor === undefined
      ? { status: result.ok ? 200 : 400 }
      : { status: 429, headers: { 'retry-after': String(closedFor) } },
  );
}

/** A form closed for a while answers 429 with its Retry-After on the page too (ADR 040). */
export const headers: Route.HeadersFunction = ({ actionHeaders }): Record<string, string> => {
  const retryAfter = actionHeaders.get('retry-after');
  return retryAfter === null ? {} : { 'Retry-After': retryAfter };
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: EVENT_ACCOUNT_MESSAGES.heading,
    description:
      'Account per iscriversi agli eventi della società per chi non è socio: dati anagrafici e professionali, conferma dell’indirizzo e-mail.',
  });

export default function EventAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[{ label: 'Eventi', to: '/eventi' }, { label: 'Account per gli eventi' }]}
      />
      <h1 className="h2 mb-3">{EVENT_ACCOUNT_MESSAGES.heading}</h1>
      <div className="col-lg-8">
        <EventAccountForm
          action={
            returnTo === null
              ? EVENT_ACCOUNT_PATH
              : `${EVENT_ACCOUNT_PATH}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`
          }
          returnTo={returnTo}
          answer={actionData}
        />
      </div>
    </div>
  );
}
