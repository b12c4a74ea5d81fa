import type { Route } from './+types/newsletter-conferma';
import {
  CONFIRM_LINK,
  linkPageAction,
  linkPageLoader,
  linkPageMeta,
  NewsletterLinkPage,
} from '../features/newsletter/newsletter-link-page';

export const loader = linkPageLoader(CONFIRM_LINK);
export const action = linkPageAction(CONFIRM_LINK);
export const meta: Route.MetaFunction = linkPageMeta(CONFIRM_LINK);

export default function NewsletterConfirmPage({ loaderData }: Route.ComponentProps) {
  return <NewsletterLinkPage link={CONFIRM_LINK} {...loaderData} />;
}
