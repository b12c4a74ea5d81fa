import { everyExternalLink, romeYear } from '@sodalis/contracts';
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type LinksFunction,
} from 'react-router';
import type { Route } from './+types/root';
import { useNonce } from './components/nonce';
import { SiteFooter } from './components/site-footer';
import { SiteNavbar } from './components/site-navbar';
import { SiteStylesheet } from './components/site-stylesheet';
import { SpinnerOverlay } from './components/spinner-overlay';
import { ToastArea } from './components/toast-area';
import { ERROR_COPY, NAV_COPY } from './copy/site';
import './load-context';
import { isBackOffice } from './shared/session/session';

/** Icons, manifest and the news feeds (ADR 026), the same on every page. */
export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'alternate', type: 'application/rss+xml', title: 'Notizie (RSS)', href: '/feed/rss.xml' },
  {
    rel: 'alternate',
    type: 'application/atom+xml',
    title: 'Notizie (Atom)',
    href: '/feed/atom.xml',
  },
];

/**
 * Data every page's frame needs: the society, the news categories of the menu, the contacts the
 * footer shows (those of /contatti, edited in one place, spec §2.4, §2.11) and the links to
 * other sites of the menu, the footer and the home (ADR 035), and the share image of pages
 * without their own (ADR 034).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [categories, contents, shareImage, eventsPublished] = await Promise.all([
    context.content.listCategories(),
    context.content.siteContents(['contatti', 'collegamenti']),
    context.content.shareImage(),
    context.events.anyPublished(),
  ]);
  const contacts = contents.find((content) => content.chiave === 'contatti');
  const links = contents.find((content) => content.chiave === 'collegamenti');
  return {
    society: {
      acronym: context.society.acronym,
      name: context.society.name,
      publicBaseUrl: context.society.publicBaseUrl,
      shareImage,
    },
    categories,
    year: romeYear(),
    contacts: contacts?.chiave === 'contatti' ? contacts.contenuto : null,
    links: everyExternalLink(links?.chiave === 'collegamenti' ? links.contenuto : null),
    /** The header's "Eventi" leads to `/eventi` once an event is on the site (ADR 047). */
    eventsPublished,
  };
}

/**
 * Pages never reload the frame's data on client navigation: an edit of the contacts or links
 * shows from the next page load, which is answered afresh (ADR 005, 035).
 */
export function shouldRevalidate() {
  return false;
}

/** The document and the frame of spec §2.2: navigation, routed area, footer, spinner, toasts. */
export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>('root');
  // Marks the page as interactive once React has hydrated it (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const acronym = data?.society.acronym ?? 'SIMTI';
  // The back office (ADR 013) has its own frame: react-admin's bar, menu and skip link.
  const { pathname } = useLocation();
  const backOffice = isBackOffice(pathname);
  // Every public page's address on the configured site, without its query (ADR 026).
  const canonical =
    data === undefined || backOffice
      ? null
      : `${data.society.publicBaseUrl.replace(/\/+$/, '')}${pathname}`;
  return (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#a4122a" />
        <Meta />
        {canonical === null ? null : <link rel="canonical" href={canonical} />}
        {/* The site's look, inline and not in the back office, which has its own (ADR 020). */}
        {backOffice ? null : <SiteStylesheet />}
        <Links />
      </head>
      <body>
        {backOffice ? (
          children
        ) : (
          <>
            <a href="#contenuto" className="visually-hidden-focusable skip-link">
              {NAV_COPY.skipToContent}
            </a>
            <SiteNavbar acronym={acronym} categories={data?.categories ?? []} />
            <main id="contenuto" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter
              contacts={data?.contacts ?? null}
              societyName={data?.society.name ?? acronym}
              year={data?.year ?? romeYear()}
            />
          </>
        )}
        <SpinnerOverlay />
        <ToastArea />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Errors inside the frame, in Italian: 404 for unknown pages, 503 while the database is away
 * (ADR 028), a generic page otherwise.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const [title, text] =
    status === 404
      ? [ERROR_COPY.notFoundTitle, ERROR_COPY.notFoundText]
      : status === 503
        ? [ERROR_COPY.unavailableTitle, ERROR_COPY.unavailableText]
        : [ERROR_COPY.errorTitle, ERROR_COPY.errorText];
  return (
    <div className="container py-5 error-page">
      <title>{`${title} | ${data?.society.acronym ?? 'SIMTI'}`}</title>
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to="/" className="btn btn-primary">
        {ERROR_COPY.backHome}
      </Link>
    </div>
  );
}
