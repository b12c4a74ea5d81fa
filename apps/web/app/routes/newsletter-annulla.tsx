import type { Route } from './+types/newsletter-annulla';
import {
  linkPageAction,
  linkPageLoader,
  linkPageMeta,
  NewsletterLinkPage,
  UNSUBSCRIBE_LINK,
} from '../features/newsletter/newsletter-link-page';

export const loader = linkPageLoader(UNSUBSCRIBE_LINK);
export const action = linkPageAction(UNSUBSCRIBE_LINK);
export const meta: Route.MetaFunction = linkPageMeta(UNSUBSCRIBE_LINK);

export default function NewsletterUnsubscribePage({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkPage link={UNSUBSCRIBE_LINK} {...loaderData} />;
}
