import polyglotI18nProvider from 'ra-i18n-polyglot';
import { useEffect, useMemo } from 'react';
import { Route, useLocation } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AdminContext,
  AppBar,
  CoreAdminUI,
  CustomRoutes,
  Error as AdminError,
  Layout,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  Resource,
  Title,
  TitlePortal,
  type LayoutProps,
} from 'react-admin';
import { Link } from 'react-router';
import {
  adminDataProvider,
  mayUseResource,
  staffRole,
  type RecordTransforms,
} from './features/admin/data-provider';
import { ITALIAN_MESSAGES } from './features/admin/italian-messages';
import { StaffSecurityGate } from './features/accounts/admin/staff-security-gate';
import { ADMIN_THEME } from './features/admin/theme';
import './features/admin/admin-bootstrap.scss';
import './features/admin/admin.css';
import { announceStaffSignOut, shareStaffSession } from './shared/session/staff-tabs';
import { StaffSignInDialog } from './features/admin/session-renewal';
import { SCREEN_ROUTER } from './features/admin/screen-router';
import {
  Dashboard,
  globalSearch,
  groupedMenu,
  mayOpenHref,
  type MenuLink,
  type MenuResource,
} from './features/admin/home';
import { registerStaffFeatures } from './features/admin/staff-directory';
import type { StaffFeature, StaffResource } from './features/admin/staff-feature';
import { staffKit } from './features/admin/resources';
import { accountsStaff } from './features/accounts/admin/resources';
import { magazineStaff } from './features/magazine/admin/resources';
import { membershipStaff } from './features/membership/admin/resources';
import { newsStaff } from './features/news/admin/resources';
import { eventsStaff } from './features/events/admin/resources';
import { newsletterStaff } from './features/newsletter/admin/resources';
import { segmentsStaff } from './features/communications/admin/segments-resources';
import { outboxStaff } from './features/outbox/admin/resources';
import { paymentsStaff } from './features/payments/admin/resources';
import { reservedAreaStaff } from './features/reserved-area/admin/resources';
import { searchStaff } from './features/search/admin/resources';
import { societyStaff } from './features/society/admin/resources';
import { sponsorshipStaff } from './features/sponsorship/admin/resources';
import { transparencyStaff } from './features/transparency/admin/resources';

/**
 * Every feature's back office, once (ADR 046), in the menu's order: a new domain adds its line
 * here. Each feature's `admin/resources.ts` says its resources (with their API paths), pages,
 * menu links and home sections; its screens load the first time they are shown (ADR 020).
 */
const STAFF_FEATURES: readonly StaffFeature[] = [
  newsStaff,
  eventsStaff,
  magazineStaff,
  societyStaff,
  paymentsStaff,
  membershipStaff,
  accountsStaff,
  reservedAreaStaff,
  transparencyStaff,
  sponsorshipStaff,
  newsletterStaff,
  segmentsStaff,
  outboxStaff,
  searchStaff,
  staffKit,
];
// The kit's data provider, menu and bin read the features' addresses from here on.
registerStaffFeatures(STAFF_FEATURES);

const i18nProvider = polyglotI18nProvider(
  () => ITALIAN_MESSAGES,
  'it',
  [{ locale: 'it', name: 'Italiano' }],
  {
    allowMissing: false,
  },
);

/** Every staff resource, by feature, in the menu's order. */
const STAFF_RESOURCES: StaffResource[] = STAFF_FEATURES.flatMap(
  (feature) => feature.resources ?? [],
);

/** Every page that is not a resource's list, by feature. */
const STAFF_PAGES = STAFF_FEATURES.flatMap((feature) => feature.pages ?? []);

/** The search across every list and one's own security: the shell's, in the last group. */
const SHELL_LINKS: MenuLink[] = [
  { to: '/amministrazione/cerca', label: 'Cerca in tutti gli elenchi', group: 'Sistema' },
  { to: '/amministrazione/sicurezza', label: 'Sicurezza dell’account', group: 'Sistema' },
];

/** The menu's links to pages: each feature's, then the shell's. */
const MENU_LINKS: MenuLink[] = [
  ...STAFF_PAGES.flatMap((page) =>
    page.menu === undefined ? [] : [{ to: `/amministrazione/${page.path}`, ...page.menu }],
  ),
  ...SHELL_LINKS,
];

const dataProvider = adminDataProvider(
  Object.fromEntries(
    STAFF_RESOURCES.flatMap(({ name, body }) =>
      body === undefined
        ? []
        : [[name, async (data: Record<string, unknown>) => ({ ...(await body(data)) })]],
    ),
  ) as RecordTransforms,
);

function AdminAppBar() {
  return (
    <AppBar userMenu={false} alwaysOn>
      <TitlePortal />
      <nav aria-label="Collegamenti del sito" className="admin-appbar-links">
        <Link to="/amministrazione/sicurezza">Sicurezza dell’account</Link>
        <a href="/">Torna al sito</a>
        <a
          href="/area-riservata"
          onClick={() => {
            announceStaffSignOut();
          }}
        >
          Esci
        </a>
      </nav>
    </AppBar>
  );
}

const menuResources = (resources: StaffResource[]): MenuResource[] =>
  resources.map((resource) => ({
    name: resource.name,
    label: resource.label,
    group: resource.group,
    ...(resource.searchable === undefined ? {} : { searchable: resource.searchable }),
    ...(resource.recordRepresentation === undefined
      ? {}
      : { recordRepresentation: resource.recordRepresentation }),
    hasEdit: resource.edit !== undefined,
    hasShow: resource.show !== undefined,
  }));

/**
 * The back office a staff role may use (ADR 031): its resources, menu, search and layout. The
 * server refuses the rest anyway; this keeps the screens to what works.
 */
function staffScreensOf(role: string | null) {
  const resources = STAFF_RESOURCES.filter((resource) => mayUseResource(role, resource.name));
  const GroupedMenu = groupedMenu(menuResources(resources), MENU_LINKS);
  return {
    resources,
    GlobalSearch: globalSearch(menuResources(resources)),
    AdminLayout: function AdminLayout(props: LayoutProps) {
      return <Layout {...props} appBar={AdminAppBar} menu={GroupedMenu} />;
    },
  };
}

/** The home's list of every section: each feature's, then one's own security (the shell's). */
const SECTIONS = [
  ...STAFF_FEATURES.flatMap((feature) => feature.sections ?? []),
  {
    to: '/amministrazione/sicurezza',
    title: 'Sicurezza dell’account',
    text: 'La verifica in due passaggi del tuo accesso: codice QR, codici di recupero.',
  },
];

/** The home (ADR 023): pending work, latest activity and search, then every section. */
function AdminHome() {
  return (
    <Dashboard>
      <h2 className="h5">Tutte le sezioni</h2>
      <p>Scegli cosa gestire. Ogni modifica è annotata nel registro delle attività.</p>
      <ul className="admin-sections">
        {SECTIONS.filter((section) => mayOpenHref(section.to)).map((section) => (
          <li key={section.to}>
            <Link to={section.to}>{section.title}</Link>
            <span>{section.text}</span>
          </li>
        ))}
      </ul>
    </Dashboard>
  );
}

/**
 * A screen that exists but is not for one's role (ADR 031): said so, not "Non trovato".
 */
function NotForRole() {
  return (
    <div className="admin-not-for-role" role="alert">
      <Title title="Schermata non disponibile" />
      <h2 className="h5">Questa schermata non è per il tuo ruolo</h2>
      <p>
        Con il ruolo «{staffRole()}» non puoi usare questa parte del back office: chiedi alla
        segreteria se ti serve.
      </p>
      <Link to="/amministrazione">Torna alla home dell’amministrazione</Link>
    </div>
  );
}

/**
 * react-admin's page for an unknown address, as `<Admin>` shows it; the address of a resource
 * one's role may not use is not unknown (`NotForRole`).
 */
function AdminNotFound() {
  // The back office's own path, whether or not the router kept its base.
  const first = useLocation()
    .pathname.replace(/^\/amministrazione(?=\/|$)/, '')
    .split('/')[1];
  const forOthers = STAFF_RESOURCES.some(
    (resource) => resource.name === first && !mayOpenHref(`/amministrazione/${first}`),
  );
  return forOthers ? <NotForRole /> : <NotFound />;
}

/** What react-admin's `<Admin>` keeps in the browser (list filters, sort, columns). */
const ADMIN_STORE = localStorageStore();

/**
 * The back office (ADR 013): react-admin inside the site's router, under
 * /amministrazione. This module is loaded only by that route, so public pages never carry it.
 * It is `<Admin>` taken apart (context, routes, notifications) so that react-admin's sign-in page
 * and English messages, never shown here (no auth provider: the route's guard signs in), stay
 * out of the first screen (ADR 020).
 */
export default function AdminApp() {
  const role = staffRole();
  const { resources, GlobalSearch, AdminLayout } = useMemo(() => staffScreensOf(role), [role]);
  // The session is shared with the back office's other tabs, and ends in all of them (ADR 023).
  useEffect(
    () =>
      shareStaffSession(() => {
        window.location.assign('/area-riservata');
      }),
    [],
  );
  return (
    <>
      <StaffSignInDialog />
      <StaffSecurityGate>
        <AdminContext
          basename="/amministrazione"
          dataProvider={dataProvider}
          i18nProvider={i18nProvider}
          theme={ADMIN_THEME}
          store={ADMIN_STORE}
          routerProvider={SCREEN_ROUTER}
        >
          <CssBaseline enableColorScheme>
            <CoreAdminUI
              title="Amministrazione"
              layout={AdminLayout}
              dashboard={AdminHome}
              catchAll={AdminNotFound}
              error={AdminError}
              loading={LoadingPage}
              disableTelemetry
              requireAuth={false}
            >
              {resources.map(({ name, label, path: _path, bin: _bin, body: _body, ...screens }) => (
                <Resource key={name} name={name} options={{ label }} {...screens} />
              ))}
              <CustomRoutes>
                {/* Every page has its address; one not for the role says so. */}
                {STAFF_PAGES.map(({ path, screen: Screen }) => (
                  <Route
                    key={path}
                    path={`/${path}`}
                    element={mayOpenHref(`/amministrazione/${path}`) ? <Screen /> : <NotForRole />}
                  />
                ))}
                <Route path="/cerca" element={<GlobalSearch />} />
              </CustomRoutes>
            </CoreAdminUI>
            <Notification />
          </CssBaseline>
        </AdminContext>
      </StaffSecurityGate>
    </>
  );
}
