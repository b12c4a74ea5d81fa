import { NEWSLETTER_PATHS } from '@sodalis/contracts';
import type { Route } from './+types/newsletter-conferma';
import { privatePageMeta } from '../format/meta';
import { CONFIRM_PAGE_COPY as COPY } from '../features/newsletter/newsletter-copy';
import {
  linkToken,
  NewsletterLinkPage,
  tokenAddress,
} from '../features/newsletter/newsletter-link-page';

/** Opening the confirmation link only reads its state (double opt-in, ADR 008). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = linkToken(request);
  return { token, state: await context.newsletter.confirmState(token) };
}

/** Pressing the button confirms; the loader then shows the new state. */
export async function action({ request, context }: Route.ActionArgs) {
  return { state: await context.newsletter.confirm(linkToken(request)) };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  // Personal links: kept out of search engines.
  ...privatePageMeta(matches, { title: COPY.metaTitle, description: COPY.description }),
];

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  const { token, state } = loaderData;
  if (state === 'da-confermare') {
    return (
      <NewsletterLinkPage
        state={state}
        title={COPY.pendingTitle}
        text={COPY.pendingText}
        action={{ label: COPY.confirmButton, to: tokenAddress(NEWSLETTER_PATHS.confirm, token) }}
        backHome={COPY.backHome}
      />
    );
  }
  return (
    <NewsletterLinkPage
      state={state}
      title={state === 'confermata' ? COPY.doneTitle : COPY.invalidTitle}
      text={state === 'confermata' ? COPY.doneText : COPY.invalidText}
      action={null}
      backHome={COPY.backHome}
    />
  );
}
