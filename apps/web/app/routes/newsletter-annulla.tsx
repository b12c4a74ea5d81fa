import { NEWSLETTER_PATHS } from '@sodalis/contracts';
import type { Route } from './+types/newsletter-annulla';
import { privatePageMeta } from '../format/meta';
import { UNSUBSCRIBE_PAGE_COPY as COPY } from '../features/newsletter/newsletter-copy';
import {
  linkToken,
  NewsletterLinkPage,
  tokenAddress,
} from '../features/newsletter/newsletter-link-page';

/** Opening the unsubscribe link only reads its state. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  return { token, state: await context.newsletter.unsubscribeState(token) };
}

/** Pressing the button withdraws the subscription; the loader then shows the new state. */
export async function action({ request, context }: Route.ActionArgs) {
  return { state: await context.newsletter.unsubscribe(linkToken(request)) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  // Personal links: kept out of search engines.
  ...privatePageMeta(matches, { title: COPY.metaTitle, description: COPY.description }),
];

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  if (state === 'attiva') {
    return (
      <NewsletterLinkPage
        state={state}
        title={COPY.activeTitle}
        text={COPY.activeText}
        action={{
          label: COPY.unsubscribeButton,
          to: tokenAddress(NEWSLETTER_PATHS.unsubscribe, token),
        }}
        backHome={COPY.backHome}
      />
    );
  }
  return (
    <NewsletterLinkPage
      state={state}
      title={state === 'annullata' ? COPY.doneTitle : COPY.invalidTitle}
      text={state === 'annullata' ? COPY.doneText : COPY.invalidText}
      action={null}
      backHome={COPY.backHome}
    />
  );
}
