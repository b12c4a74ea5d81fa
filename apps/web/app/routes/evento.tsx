import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/evento';
import { Breadcrumb } from '../components/breadcrumb';
import { absoluteUrl, breadcrumbLd, pageMeta } from '../format/meta';
import { AddToCalendar } from '../features/events/calendar-links';
import { CoverImage } from '../shared/images/cover-image';
import { EventDetails } from '../features/events/event-details';
import { EventPrices } from '../features/events/event-prices';
import { RegistrationCall } from '../features/events/registration-call';
import { eventHref, eventIdOfSlug, eventLd, plainText } from '../features/events/event-format';

/** An event's page, `/eventi/<id>-<slug>` (ADR 047): the slug follows the title. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const id = eventIdOfSlug(params.slug);
  const event = id === null ? null : await context.events.event(id);
  if (event === null) throw data(null, { status: 404 });
  const canonical = eventHref(event);
  if (new URL(request.url).pathname !== canonical)
    throw redirect(canonical, { status: 301, headers: { 'Cache-Control': 'no-store' } });
  return {
    event,
    // The registration window is judged at the loader's instant, on the server and in the
    // hydration alike (ADR 049).
    now: new Date().toISOString(),
    society: context.society.name,
    url: `${context.society.publicBaseUrl}${canonical}`,
  };
}

export const meta: Route.MetaFunction = ({ matches, data: loaded }) => {
  if (!loaded) return pageMeta(matches, { title: 'Evento non trovato', description: '' });
  const { event, url, society } = loaded;
  const description = plainText(event.descriptionHtml).slice(0, 200) || event.title;
  // Its cover is its share image (ADR 052, as a news item's, ADR 034), else the site's.
  const tags = pageMeta(matches, {
    title: event.title,
    description,
    url,
    ...(event.cover === null
      ? {}
      : {
          image: {
            url: event.cover.url,
            width: event.cover.width,
            height: event.cover.height,
            alt: event.cover.alt,
          },
        }),
  });
  const image =
    tags.find(
      (tag): tag is { property: string; content: string } =>
        'property' in tag && tag.property === 'og:image',
    )?.content ?? absoluteUrl(url, '/icon-512.png');
  return [
    ...tags,
    { 'script:ld+json': eventLd(event, { url, image, society }) },
    breadcrumbLd(matches, [
      { label: 'Eventi', to: '/eventi' },
      { label: event.title, to: new URL(url).pathname },
    ]),
  ];
};

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { event, now } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Eventi', to: '/eventi' }, { label: event.title }]} />
      <article>
        <h1 className="h2 mb-3">{event.title}</h1>
        {event.cover === null ? null : (
          <CoverImage cover={event.cover} className="img-fluid rounded mb-3" />
        )}
        <RegistrationCall event={event} now={now} />
        <EventDetails event={event} />
        <AddToCalendar event={event} />
        <EventPrices event={event} />
      </article>
      <Link to="/eventi" className="btn btn-outline-primary mt-4">
        Tutti gli eventi
      </Link>
    </div>
  );
}
