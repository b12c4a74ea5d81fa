import {
  NEWSLETTER_PATHS,
  type NewsletterConfirmState,
  type NewsletterLinks,
  type NewsletterUnsubscribeState,
} from '@sodalis/contracts';
import { Form, Link, useNavigation } from 'react-router';
import { privatePageMeta } from '../../format/meta';
import { LINK_PAGE_COPY } from './newsletter-copy';

/**
 * One of the two links of the newsletter e-mails (`kind` names its address and its page's
 * texts): the state that still has something to do (the button), the state once done, and how
 * to read and change it.
 */
interface NewsletterLink<State extends string> {
  kind: keyof typeof NEWSLETTER_PATHS;
  states: { pending: State; done: State };
  read(links: NewsletterLinks, token: string): Promise<State>;
  act(links: NewsletterLinks, token: string): Promise<State>;
}

/** The confirmation link (double opt-in, ADR 008). */
export const CONFIRM_LINK: NewsletterLink<NewsletterConfirmState> = {
  kind: 'confirm',
  states: { pending: 'da-confermare', done: 'confermata' },
  read: (links, token) => links.confirmState(token),
  act: (links, token) => links.confirm(token),
};

/** The unsubscribe link: the button withdraws the subscription. */
export const UNSUBSCRIBE_LINK: NewsletterLink<NewsletterUnsubscribeState> = {
  kind: 'unsubscribe',
  states: { pending: 'attiva', done: 'annullata' },
  read: (links, token) => links.unsubscribeState(token),
  act: (links, token) => links.unsubscribe(token),
};

interface LinkRouteArgs {
  request: Request;
  context: { newsletter: NewsletterLinks };
}

/** The route's loader: opening the link only reads its state. */
export function linkPageLoader<State extends string>(link: NewsletterLink<State>) {
  return async ({ request, context }: LinkRouteArgs) => {
    const token = linkToken(request);
    return { token, state: await link.read(context.newsletter, token) };
  };
}

/** The route's action: pressing the button acts; the loader then shows the new state. */
export function linkPageAction<State extends string>(link: NewsletterLink<State>) {
  return async ({ request, context }: LinkRouteArgs) => ({
    state: await link.act(context.newsletter, linkToken(request)),
  });
}

/** Personal links: kept out of search engines. */
export function linkPageMeta(link: NewsletterLink<string>) {
  return ({ matches }: { matches: Parameters<typeof privatePageMeta>[0] }) =>
    privatePageMeta(matches, {
      title: LINK_PAGE_COPY[link.kind].metaTitle,
      description: LINK_PAGE_COPY[link.kind].description,
    });
}

/**
 * The page a newsletter e-mail link opens: a title and a text, and, while there is something to
 * do, a button that does it with a POST (opening the link alone changes nothing, so mail
 * scanners that follow links confirm or unsubscribe no one). Works without JavaScript too.
 */
export function NewsletterLinkPage<State extends string>({
  link,
  token,
  state,
}: {
  link: NewsletterLink<State>;
  token: string;
  state: State;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const copy = LINK_PAGE_COPY[link.kind];
  const pending = state === link.states.pending;
  const [title, text] = pending
    ? [copy.pendingTitle, copy.pendingText]
    : state === link.states.done
      ? [copy.doneTitle, copy.doneText]
      : [copy.invalidTitle, copy.invalidText];
  return (
    <div className="container py-5 newsletter-link-page" data-state={state}>
      <h1 className="mb-3">{title}</h1>
      <p className="lead">{text}</p>
      {pending ? (
        <Form
          method="post"
          action={tokenAddress(NEWSLETTER_PATHS[link.kind], token)}
          className="mb-4"
        >
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {copy.button}
          </button>
        </Form>
      ) : null}
      <Link to="/" className={pending ? 'btn btn-link px-0' : 'btn btn-outline-primary'}>
        {copy.backHome}
      </Link>
    </div>
  );
}

/** The `token` query parameter of a link, as given (the server checks it). */
function linkToken(request: Request): string {
  return new URL(request.url).searchParams.get('token') ?? '';
}

/** `path?token=…`: where the page's button posts. */
function tokenAddress(path: string, token: string): string {
  return `${path}?token=${encodeURIComponent(token)}`;
}
