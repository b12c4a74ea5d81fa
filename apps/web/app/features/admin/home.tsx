import {
  adminListHref,
  italianDateTime,
  rolesOfStaffRoute,
  type AdminDashboard,
} from '@sodalis/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Menu, Title, useDataProvider, type RaRecord } from 'react-admin';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminJson, mayUseResource, staffRole } from './data-provider';
import { apiPathOf, pageAccessOf } from './staff-directory';
import { MENU_GROUPS, type MenuGroup } from './staff-feature';

/**
 * Whether the signed-in role may open a back-office address (ADR 031): a resource's screens
 * follow its API area's roles, a page those of its resource or of its API route (as the
 * features say, ADR 046); the home, the search and one's own security are for all staff.
 */
export function mayOpenHref(href: string): boolean {
  const path = /^\/amministrazione\/([^?#]*)/.exec(href)?.[1] ?? '';
  const first = path.split('/')[0] ?? '';
  const page = pageAccessOf(path) ?? pageAccessOf(first);
  if (page?.route !== undefined) {
    const [method, route] = page.route;
    return rolesOfStaffRoute(method, route).some((role) => role === staffRole());
  }
  const resource = page?.resource ?? first;
  if (apiPathOf(resource) === undefined) return true;
  return mayUseResource(staffRole(), resource);
}

function mayOpen(work: { href: string }): boolean {
  return mayOpenHref(work.href);
}

/**
 * The back office's home, menu and search (ADR 023): what waits for the secretariat and the
 * latest activity, the menu in five groups, and one search box across every staff list.
 */

/** What the menu and the search need of a staff resource. */
export interface MenuResource {
  name: string;
  label: string;
  group: MenuGroup;
  /** The list takes `q` (a text search): the global search asks it. */
  searchable?: boolean;
  recordRepresentation?: string;
  hasEdit: boolean;
  hasShow: boolean;
}

/** Where a search result opens: its form, its page, or else its list searched for the text. */
function resultHref(resource: MenuResource, id: RaRecord['id'], q: string): string {
  const record = `/amministrazione/${resource.name}/${encodeURIComponent(String(id))}`;
  if (resource.hasEdit) return record;
  if (resource.hasShow) return `${record}/show`;
  return adminListHref(resource.name, { q });
}

/** A link of the menu to a page that is not a resource's list. */
export interface MenuLink {
  to: string;
  label: string;
  group: MenuGroup;
}

/** The sidebar: the home, then each group with its heading and its lists (and pages). */
export function groupedMenu(resources: MenuResource[], pageLinks: readonly MenuLink[]) {
  return function GroupedMenu() {
    const headingId = useId();
    return (
      <Menu>
        <Menu.DashboardItem primaryText="Da fare oggi" />
        {MENU_GROUPS.map((group, index) => {
          const items = resources.filter((resource) => resource.group === group);
          const links = pageLinks.filter((link) => link.group === group && mayOpenHref(link.to));
          // A role sees only what it may use (ADR 031): a group with nothing is left out.
          if (items.length === 0 && links.length === 0) return null;
          return (
            <div
              key={group}
              role="group"
              aria-labelledby={`${headingId}-${index}`}
              className="admin-menu-group"
            >
              <div id={`${headingId}-${index}`} className="admin-menu-group-title">
                {group}
              </div>
              {items.map((resource) => (
                <Menu.ResourceItem key={resource.name} name={resource.name} />
              ))}
              {links.map((link) => (
                <Menu.Item key={link.to} to={link.to} primaryText={link.label} />
              ))}
            </div>
          );
        })}
      </Menu>
    );
  };
}

function SearchBox({ initial = '' }: { initial?: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState(initial);
  const inputId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === '') return;
    void navigate(`/amministrazione/cerca?${new URLSearchParams({ q: text.trim() }).toString()}`);
  }
  return (
    <form role="search" className="admin-search" onSubmit={submit}>
      <label htmlFor={inputId}>Cerca in tutti gli elenchi</label>
      <input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Titolo, nome, e-mail…"
      />
      <button type="submit">Cerca</button>
    </form>
  );
}

/** The home: pending work with links, the latest activity, the search box, then `children`. */
export function Dashboard({ children }: { children?: ReactNode }) {
  const [home, setHome] = useState<AdminDashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    adminJson<AdminDashboard>('/api/v1/Admin/Dashboard')
      .then((answer) => {
        if (live) setHome(answer);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);
  return (
    <div className="admin-dashboard">
      <Title title="Amministrazione" />
      <h1 className="h3">Amministrazione del sito</h1>
      <SearchBox />
      <section aria-labelledby="admin-pending-title">
        <h2 id="admin-pending-title" className="h5">
          Da fare
        </h2>
        {failed ? <p role="alert">Impossibile leggere il lavoro in attesa.</p> : null}
        {home === null && !failed ? <p role="status">Caricamento…</p> : null}
        {home === null ? null : (
          <ul className="admin-pending" data-testid="pending-work">
            {home.pending.filter(mayOpen).map((work) => (
              <li key={work.key} className={work.count > 0 ? 'admin-pending-some' : undefined}>
                <Link to={work.href}>
                  <strong className="admin-pending-count">{work.count}</strong> {work.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {mayUseResource(staffRole(), 'registro') ? (
        <section aria-labelledby="admin-latest-title">
          <h2 id="admin-latest-title" className="h5">
            Attività recenti
          </h2>
          {home === null ? null : home.latest.length === 0 ? (
            <p>Nessuna attività registrata.</p>
          ) : (
            <ul className="admin-latest" data-testid="latest-activity">
              {home.latest.map((entry) => (
                <li key={entry.id}>
                  <span className="admin-latest-when">{italianDateTime(entry.at)}</span>{' '}
                  {entry.summary} <span className="admin-latest-who">({entry.actorEmail})</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/amministrazione/registro">Tutto il registro delle attività</Link>
          </p>
        </section>
      ) : null}
      {children}
    </div>
  );
}

/** Most results shown per list: the list itself has the rest. */
const RESULTS_PER_LIST = 5;

interface ListResults {
  resource: MenuResource;
  items: RaRecord[];
  total: number;
}

/** One search box across every staff list (ADR 023): each searchable list asked with `q`. */
export function globalSearch(resources: MenuResource[]) {
  const searchable = resources.filter((resource) => resource.searchable === true);
  return function GlobalSearch() {
    const dataProvider = useDataProvider();
    const [params] = useSearchParams();
    const q = params.get('q')?.trim() ?? '';
    const [results, setResults] = useState<{ q: string; lists: ListResults[] } | null>(null);
    useEffect(() => {
      if (q === '') return undefined;
      let live = true;
      Promise.all(
        searchable.map(async (resource) => {
          const page = await dataProvider.getList(resource.name, {
            pagination: { page: 1, perPage: RESULTS_PER_LIST },
            sort: { field: '', order: 'DESC' },
            filter: { q },
          });
          return { resource, items: page.data, total: page.total ?? page.data.length };
        }),
      )
        .then((lists) => {
          if (live) setResults({ q, lists: lists.filter((list) => list.total > 0) });
        })
        .catch(() => {
          if (live) setResults({ q, lists: [] });
        });
      return () => {
        live = false;
      };
    }, [dataProvider, q]);
    const current = results?.q === q ? results : null;
    return (
      <div className="admin-dashboard">
        <Title title="Cerca" />
        <h1 className="h3">Cerca in tutti gli elenchi</h1>
        <SearchBox key={q} initial={q} />
        {q === '' ? null : current === null ? (
          <p role="status">Ricerca in corso…</p>
        ) : current.lists.length === 0 ? (
          <p role="status">Nessun risultato per «{q}».</p>
        ) : (
          <div role="status" data-testid="search-results">
            {current.lists.map(({ resource, items, total }) => (
              <section key={resource.name} aria-label={resource.label}>
                <h2 className="h5">
                  {resource.label} ({total})
                </h2>
                <ul>
                  {items.map((item) => (
                    <li key={String(item.id)}>
                      <Link to={resultHref(resource, item.id, q)}>
                        {String(
                          (resource.recordRepresentation === undefined
                            ? undefined
                            : item[resource.recordRepresentation]) ?? item.id,
                        )}
                      </Link>
                    </li>
                  ))}
                </ul>
                {total > items.length ? (
                  <p>
                    <Link to={adminListHref(resource.name, { q })}>
                      Tutti i {total} risultati in {resource.label}
                    </Link>
                  </p>
                ) : null}
              </section>
            ))}
          </div>
        )}
      </div>
    );
  };
}
