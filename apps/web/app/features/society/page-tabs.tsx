import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface PageTab {
  id: string;
  label: string;
}

/**
 * Tabs of a society page (spec §2.11) as links: each tab has its own address (`?scheda=`), so
 * it works without JavaScript, renders on the server and can be shared.
 */
export function PageTabs({
  tabs,
  active,
  basePath,
}: {
  tabs: PageTab[];
  active: string;
  basePath: string;
}) {
  return (
    <nav aria-label="Sezioni della pagina" className="mb-3">
      <ul className="nav nav-tabs page-tabs">
        {tabs.map((tab) => (
          <li className="nav-item" key={tab.id}>
            <Link
              to={`${basePath}?scheda=${tab.id}`}
              className={`nav-link${tab.id === active ? ' active' : ''}`}
              aria-current={tab.id === active ? 'page' : undefined}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The tab named by `?scheda=`, or the first. */
export function activeTab(request: Request, tabs: PageTab[]): PageTab {
  const wanted = new URL(request.url).searchParams.get('scheda');
  return tabs.find((tab) => tab.id === wanted) ?? (tabs[0] as PageTab);
}

/**
 * The panel of tab `tab` with its heading (id `<idPrefix>-<tab>`): every panel is in the page,
 * the inactive ones hidden, so the tabs' links only change what shows.
 */
export function TabPanel({
  idPrefix,
  tab,
  active,
  title,
  children,
}: {
  idPrefix: string;
  tab: string;
  active: string;
  title: string;
  children: ReactNode;
}) {
  const headingId = `${idPrefix}-${tab}`;
  return (
    <section aria-labelledby={headingId} hidden={active !== tab} data-testid={`tab-${tab}`}>
      <h2 id={headingId} className="h4">
        {title}
      </h2>
      {children}
    </section>
  );
}
