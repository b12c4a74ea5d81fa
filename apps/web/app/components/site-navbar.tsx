import {
  isParticipantRole,
  isStaffRole,
  MY_REGISTRATIONS_PATH,
  type ArticleCategory,
} from '@sodalis/contracts';
import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { RESERVED_COPY } from '../copy/reserved';
import { NAV_COPY } from '../copy/site';
import { currentUser, LOGOUT_HREF, signOut } from '../shared/session/session';
import { useHydrated } from '../state/hydrated';
import { ExternalLink, useExternalLink } from './external-link';
import { useEventsPage } from '../features/events/events-link';
import { NavMenu } from './nav-menu';
import { HeaderSearch } from '../features/search/header-search';

/** The address of the news list with a category preselected (spec §2.3, §4). */
export function newsListHref(category: string | null): string {
  return category === null ? '/news' : `/news?categoria=${encodeURIComponent(category)}`;
}

/**
 * The top navigation (spec §2.3): home, the "Chi siamo" group, the News menu ("Tutti" plus one
 * entry per category), reserved area, sponsorships, contacts, events and the two external
 * sites. Collapses behind a menu button below 1200 px (Bootstrap's navbar classes, no collapse
 * animation code): from there the entries fit one line each beside the brand and the search's
 * magnifier, which stays on the header's row at every width. Groups, menu and search
 * open without JavaScript too (ADR 022).
 */
export function SiteNavbar({
  acronym,
  categories,
}: {
  acronym: string;
  categories: ArticleCategory[];
}) {
  const [expanded, setExpanded] = useState(false);
  const close = () => setExpanded(false);
  // The session lives in the tab's storage (ADR 010): read in the browser, again on each
  // navigation (useLocation re-renders), so signing in or out shows at once.
  useLocation();
  const hydrated = useHydrated();
  const user = hydrated ? currentUser() : null;
  const organisationPath = `/chi-siamo-${acronym.toLowerCase()}`;
  // The other sites' links as the secretariat saved them (ADR 035).
  const events = useExternalLink('eventi');
  // Our own `/eventi` once an event is published, else the other site's address (ADR 047).
  const eventsPage = useEventsPage();
  const professionalSite = useExternalLink('area-professionale');
  const journal = useExternalLink('rivista');

  const internal = (to: string, label: string, end = false) => (
    <li className="nav-item">
      <NavLink to={to} end={end} className="nav-link" onClick={close}>
        {label}
      </NavLink>
    </li>
  );
  const external = (link: { etichetta: string; url: string } | null) =>
    link === null ? null : (
      <li className="nav-item">
        <ExternalLink className="nav-link" href={link.url}>
          {link.etichetta}
        </ExternalLink>
      </li>
    );
  const menuItem = (to: string, label: string, key?: string | number) => (
    <li key={key}>
      <Link className="dropdown-item" to={to} onClick={close}>
        {label}
      </Link>
    </li>
  );

  return (
    <header className="navbar navbar-expand-xl navbar-dark site-navbar">
      <div className="container">
        <Link to="/" onClick={close} className="navbar-brand site-navbar__brand">
          <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true">
            <path d="M12 2C9 7 6 10.5 6 14a6 6 0 0012 0c0-3.5-3-7-6-12z" fill="currentColor" />
          </svg>
          <span>{acronym}</span>
        </Link>
        <div className="site-navbar__tools">
          <HeaderSearch />
          {/* A link to the menu, so it opens without scripts (`:target`, ADR 022); once hydrated
              the click toggles it in place. */}
          <a
            href="#site-navigation"
            role="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="site-navigation"
            aria-expanded={expanded}
            aria-label={NAV_COPY.menuButton}
            onClick={(event) => {
              event.preventDefault();
              setExpanded(!expanded);
            }}
          >
            <span className="navbar-toggler-icon" />
          </a>
        </div>
        <div id="site-navigation" className={`collapse navbar-collapse${expanded ? ' show' : ''}`}>
          <nav aria-label="Navigazione principale" className="ms-auto">
            <ul className="navbar-nav">
              {internal('/', NAV_COPY.home, true)}
              <NavMenu label={NAV_COPY.aboutGroup} href="/chi-siamo" testId="nav-chi-siamo">
                {menuItem('/chi-siamo', NAV_COPY.aboutOverview)}
                {menuItem(organisationPath, NAV_COPY.aboutOrganisation(acronym))}
                {menuItem('/chi-siamo-iscrizione', NAV_COPY.members)}
                {menuItem('/chi-siamo-affiliati', NAV_COPY.affiliates)}
                {menuItem('/chi-siamo-sostenitori', NAV_COPY.supporters)}
                {menuItem(organisationPath, NAV_COPY.organisation)}
              </NavMenu>
              <NavMenu label={NAV_COPY.news} testId="nav-news">
                {menuItem(newsListHref(null), NAV_COPY.newsAll)}
                {categories.map((category) =>
                  menuItem(newsListHref(category.title), category.title, category.id),
                )}
              </NavMenu>
              {user === null ? (
                internal('/area-riservata', NAV_COPY.reservedArea)
              ) : (
                <NavMenu
                  label={RESERVED_COPY.accountMenu(user.name, user.surname)}
                  testId="nav-account"
                >
                  {/* An events' participant has their registrations, not the reserved area (ADR 055). */}
                  {isParticipantRole(user.role)
                    ? menuItem(MY_REGISTRATIONS_PATH, 'Le mie iscrizioni')
                    : menuItem('/area-riservata-homepage', RESERVED_COPY.reservedHome)}
                  {isStaffRole(user.role) ? (
                    <li>
                      {/* The back office is its own app (ADR 013): a full page load. */}
                      <a className="dropdown-item" href="/amministrazione">
                        {RESERVED_COPY.backOffice}
                      </a>
                    </li>
                  ) : null}
                  <li>
                    <Link
                      className="dropdown-item"
                      to={LOGOUT_HREF}
                      onClick={() => {
                        signOut();
                        close();
                      }}
                    >
                      {RESERVED_COPY.logout}
                    </Link>
                  </li>
                </NavMenu>
              )}
              {internal('/patrocini', NAV_COPY.sponsorships)}
              {internal('/contatti', NAV_COPY.contacts)}
              {eventsPage ? internal('/eventi', events?.etichetta ?? 'Eventi') : external(events)}
              {external(professionalSite)}
              {external(journal)}
            </ul>
          </nav>
        </div>
      </div>
    </header>
  );
}
