import polyglotI18nProvider from 'ra-i18n-polyglot';
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { Route } from 'react-router';
import CssBaseline from '@mui/material/CssBaseline';
import {
  AdminContext,
  AppBar,
  CoreAdminUI,
  CustomRoutes,
  Error as AdminError,
  Layout,
  Loading,
  LoadingPage,
  localStorageStore,
  NotFound,
  Notification,
  Resource,
  TitlePortal,
  type LayoutProps,
} from 'react-admin';
import { Link } from 'react-router';
import {
  adminDataProvider,
  mayUseResource,
  staffRole,
  type AdminResource,
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
  type MenuGroup,
  type MenuResource,
} from './features/admin/home';

const i18nProvider = polyglotI18nProvider(
  () => ITALIAN_MESSAGES,
  'it',
  [{ locale: 'it', name: 'Italiano' }],
  {
    allowMissing: false,
  },
);

/**
 * A screen of a domain's module, loaded the first time it is shown (ADR 020): the dashboard
 * carries react-admin and no screen; each domain's screens (and the rich-text editor they use)
 * come in their own chunk.
 */
function lazyScreen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return function LazyScreen() {
    return (
      <Suspense fallback={<Loading />}>
        <Screen />
      </Suspense>
    );
  };
}

type FormBody = (data: Record<string, unknown>) => Promise<object>;

/** One react-admin resource of a domain, its screens picked from the domain's module. */
interface DomainResource<M> {
  name: AdminResource;
  label: string;
  group: MenuGroup;
  /** Its list searches text (`q`): the global search asks it (ADR 023). */
  searchable?: boolean;
  recordRepresentation?: string;
  list: (module: M) => ComponentType;
  edit?: (module: M) => ComponentType;
  create?: (module: M) => ComponentType;
  show?: (module: M) => ComponentType;
  /** The API body of a form's record (files to base64, for instance). */
  body?: (module: M) => FormBody;
}

interface StaffResource {
  name: AdminResource;
  label: string;
  group: MenuGroup;
  searchable?: boolean;
  recordRepresentation?: string;
  list: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  show?: ComponentType;
  body?: FormBody;
}

/** A domain's resources over its screens module, loaded once when one of them is first used. */
function domain<M>(load: () => Promise<M>, resources: DomainResource<M>[]): StaffResource[] {
  return resources.map(({ list, edit, create, show, body, ...about }) => ({
    ...about,
    list: lazyScreen(load, list),
    ...(edit === undefined ? {} : { edit: lazyScreen(load, edit) }),
    ...(create === undefined ? {} : { create: lazyScreen(load, create) }),
    ...(show === undefined ? {} : { show: lazyScreen(load, show) }),
    ...(body === undefined ? {} : { body: async (data) => body(await load())(data) }),
  }));
}

/** Every staff resource, by domain, in the menu's order. */
const STAFF_RESOURCES: StaffResource[] = [
  ...domain(
    () => import('./features/news/admin/news-screens'),
    [
      {
        name: 'news',
        group: 'Contenuti',
        searchable: true,
        label: 'Notizie',
        recordRepresentation: 'title',
        list: (m) => m.NewsList,
        edit: (m) => m.NewsEdit,
        create: (m) => m.NewsCreate,
        body: (m) => m.newsBody,
      },
      {
        name: 'categorie',
        group: 'Contenuti',
        label: 'Categorie',
        recordRepresentation: 'title',
        list: (m) => m.CategoryList,
        edit: (m) => m.CategoryEdit,
        create: (m) => m.CategoryCreate,
      },
    ],
  ),
  ...domain(
    () => import('./features/magazine/admin/magazine-screens'),
    [
      {
        name: 'riviste',
        group: 'Contenuti',
        searchable: true,
        label: 'Rivista: numeri',
        recordRepresentation: 'title',
        list: (m) => m.MagazineIssueList,
        edit: (m) => m.MagazineIssueEdit,
        create: (m) => m.MagazineIssueCreate,
        body: (m) => m.magazineIssueBody,
      },
      {
        name: 'articoli-rivista',
        group: 'Contenuti',
        searchable: true,
        label: 'Rivista: articoli',
        recordRepresentation: 'title',
        list: (m) => m.MagazineArticleList,
        edit: (m) => m.MagazineArticleEdit,
        create: (m) => m.MagazineArticleCreate,
        body: (m) => m.magazineArticleBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/society/admin/setup-element-screens'),
    [
      {
        name: 'testi-pagine',
        group: 'Contenuti',
        searchable: true,
        label: 'Testi delle pagine',
        recordRepresentation: 'place',
        list: (m) => m.SetupElementList,
        edit: (m) => m.SetupElementEdit,
        body: (m) => m.setupElementBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/society/admin/society-screens'),
    [
      {
        name: 'consiglio-direttivo',
        group: 'Contenuti',
        searchable: true,
        label: 'Consiglio Direttivo',
        recordRepresentation: 'name',
        list: (m) => m.BoardMemberList,
        edit: (m) => m.BoardMemberEdit,
        create: (m) => m.BoardMemberCreate,
        body: (m) => m.boardMemberBody,
      },
      {
        name: 'contenuti-sito',
        group: 'Contenuti',
        label: 'Contatti e contenuti',
        recordRepresentation: 'place',
        list: (m) => m.SiteContentList,
        edit: (m) => m.SiteContentEdit,
        body: (m) => m.siteContentBody,
      },
      {
        name: 'testi-sito',
        group: 'Contenuti',
        label: 'Home e collegamenti',
        recordRepresentation: 'place',
        list: (m) => m.SiteTextList,
        edit: (m) => m.SiteContentEdit,
        body: (m) => m.siteContentBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/society/admin/share-image-screen'),
    [
      {
        name: 'immagine-condivisione',
        group: 'Contenuti',
        label: 'Immagine di condivisione',
        list: (m) => m.ShareImageScreen,
        body: (m) => m.shareImageBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/payments/admin/payment-screens'),
    [
      {
        name: 'pagamenti',
        group: 'Soci e quote',
        searchable: true,
        label: 'Pagamenti',
        recordRepresentation: 'accountName',
        list: (m) => m.PaymentList,
        show: (m) => m.PaymentShow,
      },
      {
        name: 'quote',
        group: 'Soci e quote',
        label: 'Quote associative',
        recordRepresentation: 'title',
        list: (m) => m.FeeList,
        edit: (m) => m.FeeEdit,
        create: (m) => m.FeeCreate,
        body: (m) => m.feeBody,
      },
      {
        name: 'quote-per-anno',
        group: 'Soci e quote',
        label: 'Quote per anno',
        recordRepresentation: 'year',
        list: (m) => m.FeeYearList,
        edit: (m) => m.FeeYearEdit,
        create: (m) => m.FeeYearCreate,
        body: (m) => m.feeYearBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/membership/admin/membership-screens'),
    [
      {
        name: 'soci',
        group: 'Soci e quote',
        label: 'Soci e quote',
        recordRepresentation: 'email',
        list: (m) => m.MembershipList,
        show: (m) => m.MembershipShow,
        // "Crea" on the list is the register's import (ADR 042).
        create: (m) => m.RegisterImportScreen,
      },
    ],
  ),
  ...domain(
    () => import('./features/membership/admin/application-screens'),
    [
      {
        name: 'domande-iscrizione',
        group: 'Soci e quote',
        label: 'Domande di iscrizione',
        recordRepresentation: 'email',
        list: (m) => m.ApplicationList,
        show: (m) => m.ApplicationShow,
      },
    ],
  ),
  ...domain(
    () => import('./features/membership/admin/bank-screens'),
    [
      {
        name: 'bonifici',
        group: 'Soci e quote',
        label: 'Bonifici',
        recordRepresentation: 'reference',
        list: (m) => m.BankRowList,
        show: (m) => m.BankRowShow,
        create: (m) => m.BankStatementImport,
      },
    ],
  ),
  ...domain(
    () => import('./features/membership/admin/reminder-text-screens'),
    [
      {
        name: 'testi-promemoria',
        group: 'Soci e quote',
        label: 'Testi dei promemoria',
        recordRepresentation: 'label',
        list: (m) => m.DuesReminderTextList,
        edit: (m) => m.DuesReminderTextEdit,
        body: (m) => m.duesReminderTextBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/accounts/admin/member-screens'),
    [
      {
        name: 'account',
        group: 'Soci e quote',
        searchable: true,
        label: 'Account',
        recordRepresentation: 'email',
        list: (m) => m.MemberList,
        edit: (m) => m.MemberEdit,
        create: (m) => m.MemberCreate,
      },
    ],
  ),
  ...domain(
    () => import('./features/reserved-area/admin/recommendation-assembly-screens'),
    [
      {
        name: 'raccomandazioni',
        group: 'Area riservata',
        searchable: true,
        label: 'Raccomandazioni',
        recordRepresentation: 'title',
        list: (m) => m.RecommendationList,
        edit: (m) => m.RecommendationEdit,
        create: (m) => m.RecommendationCreate,
        body: (m) => m.recommendationBody,
      },
      {
        name: 'assemblee',
        group: 'Area riservata',
        searchable: true,
        label: 'Assemblee',
        recordRepresentation: 'title',
        list: (m) => m.AssemblyList,
        edit: (m) => m.AssemblyEdit,
        create: (m) => m.AssemblyCreate,
        body: (m) => m.assemblyBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/reserved-area/admin/press-opinion-screens'),
    [
      {
        name: 'rassegna-stampa',
        group: 'Area riservata',
        searchable: true,
        label: 'Rassegna stampa',
        recordRepresentation: 'headline',
        list: (m) => m.PressReviewList,
        edit: (m) => m.PressReviewEdit,
        create: (m) => m.PressReviewCreate,
        body: (m) => m.pressReviewBody,
      },
      {
        name: 'pareri',
        group: 'Area riservata',
        searchable: true,
        label: 'Pareri',
        recordRepresentation: 'title',
        list: (m) => m.OpinionList,
        edit: (m) => m.OpinionEdit,
        create: (m) => m.OpinionCreate,
        body: (m) => m.opinionBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/transparency/admin/transparency-screens'),
    [
      {
        name: 'trasparenza',
        group: 'Contenuti',
        label: 'Società trasparente',
        recordRepresentation: 'title',
        list: (m) => m.PublicationList,
        edit: (m) => m.PublicationEdit,
        create: (m) => m.PublicationCreate,
        body: (m) => m.publicationBody,
      },
      {
        name: 'contributi-pubblici',
        group: 'Contenuti',
        label: 'Contributi pubblici',
        recordRepresentation: 'grantor',
        list: (m) => m.ContributionList,
        edit: (m) => m.ContributionEdit,
        create: (m) => m.ContributionCreate,
        body: (m) => m.contributionBody,
      },
    ],
  ),
  ...domain(
    () => import('./features/sponsorship/admin/sponsorship-screens'),
    [
      {
        name: 'patrocini',
        group: 'Comunicazioni',
        searchable: true,
        label: 'Patrocini',
        recordRepresentation: 'eventTitle',
        list: (m) => m.SponsorshipList,
        edit: (m) => m.SponsorshipEdit,
      },
    ],
  ),
  ...domain(
    () => import('./features/newsletter/admin/subscriber-screens'),
    [
      {
        name: 'newsletter',
        group: 'Comunicazioni',
        searchable: true,
        label: 'Newsletter',
        list: (m) => m.SubscriberList,
      },
    ],
  ),
  ...domain(
    () => import('./features/outbox/admin/outbox-screens'),
    [
      {
        name: 'posta-non-consegnata',
        group: 'Comunicazioni',
        label: 'Posta non consegnata',
        list: (m) => m.OutboxList,
      },
    ],
  ),
  ...domain(
    () => import('./features/search/admin/unsearchable-screens'),
    [
      {
        name: 'documenti-non-ricercabili',
        group: 'Sistema',
        label: 'Documenti non ricercabili',
        list: (m) => m.UnsearchableDocumentList,
      },
    ],
  ),
  ...domain(
    () => import('./features/admin/audit-log'),
    [
      {
        name: 'registro',
        group: 'Sistema',
        searchable: true,
        label: 'Registro attività',
        list: (m) => m.AuditLogList,
      },
    ],
  ),
];

const MemberImport = lazyScreen(
  () => import('./features/accounts/admin/member-screens'),
  (m) => m.MemberImport,
);
const DuesReminderScreen = lazyScreen(
  () => import('./features/membership/admin/reminder-screens'),
  (m) => m.DuesReminderScreen,
);
const DuesDashboard = lazyScreen(
  () => import('./features/membership/admin/dues-dashboard'),
  (m) => m.DuesDashboard,
);
const ContentBin = lazyScreen(
  () => import('./features/admin/content-bin'),
  (m) => m.ContentBin,
);
const AccountSecurityScreen = lazyScreen(
  () => import('./features/accounts/admin/security-screens'),
  (m) => m.AccountSecurityScreen,
);

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
  const GroupedMenu = groupedMenu(menuResources(resources));
  return {
    resources,
    GlobalSearch: globalSearch(menuResources(resources)),
    AdminLayout: function AdminLayout(props: LayoutProps) {
      return <Layout {...props} appBar={AdminAppBar} menu={GroupedMenu} />;
    },
  };
}

const SECTIONS = [
  {
    to: '/amministrazione/news',
    title: 'Notizie',
    text: 'Pubblica, programma, modifica o ritira le notizie del sito.',
  },
  {
    to: '/amministrazione/categorie',
    title: 'Categorie',
    text: 'Le categorie delle notizie e del menu.',
  },
  {
    to: '/amministrazione/riviste',
    title: 'Il Servizio Trasfusionale',
    text: 'I numeri della rivista, con il PDF completo e il pubblico, e i loro articoli.',
  },
  {
    to: '/amministrazione/testi-pagine',
    title: 'Testi delle pagine',
    text: 'I testi e i PDF delle pagine della società, dei patrocini e dell’area riservata.',
  },
  {
    to: '/amministrazione/consiglio-direttivo',
    title: 'Consiglio Direttivo',
    text: 'I componenti del Consiglio: nome, ruolo, ordine, foto e curriculum.',
  },
  {
    to: '/amministrazione/contenuti-sito',
    title: 'Contatti, dati legali e contenuti',
    text: 'Contatti, dati legali, aziende sostenitrici, albo dei past president, cookie policy.',
  },
  {
    to: '/amministrazione/pagamenti',
    title: 'Pagamenti delle quote',
    text: 'Chi ha pagato cosa con PayPal, verificato o da controllare; esportazione.',
  },
  {
    to: '/amministrazione/riepilogo-quote',
    title: 'Riepilogo delle quote',
    text: 'Per anno: soci per posizione, incassato per metodo, atteso; esportazioni per il commercialista.',
  },
  {
    to: '/amministrazione/quote',
    title: 'Quote associative',
    text: 'Gli importi che Soci e Affiliati pagano dal sito.',
  },
  {
    to: '/amministrazione/quote-per-anno',
    title: 'Quote per anno',
    text: 'Quanto costa la quota di ogni anno: gli arretrati si pagano alla quota del loro anno.',
  },
  {
    to: '/amministrazione/domande-iscrizione',
    title: 'Domande di iscrizione',
    text: 'Le domande arrivate dal sito: approva con la data della ratifica o respingi con il motivo.',
  },
  {
    to: '/amministrazione/bonifici',
    title: 'Bonifici',
    text: 'Estratti conto importati e bonifici da controllare: assegna a un socio o ignora.',
  },
  {
    to: '/amministrazione/promemoria-quote',
    title: 'Promemoria delle quote',
    text: 'Chi riceverà quale promemoria e quando, gli invii fatti; sospendi per un socio o per tutti.',
  },
  {
    to: '/amministrazione/testi-promemoria',
    title: 'Testi dei promemoria',
    text: 'Oggetto e testo di ogni promemoria delle quote, con i segnaposto; il testo predefinito.',
  },
  {
    to: '/amministrazione/soci',
    title: 'Soci e quote',
    text: 'Ogni socio con i suoi anni: pagati, da pagare, esonerati; in regola, moroso o decaduto.',
  },
  {
    to: '/amministrazione/account',
    title: 'Account',
    text: 'Soci, Affiliati e segreteria: inviti, ruoli, importazione.',
  },
  {
    to: '/amministrazione/raccomandazioni',
    title: 'Raccomandazioni',
    text: 'Le raccomandazioni dell’area riservata, con il pubblico a cui sono destinate.',
  },
  {
    to: '/amministrazione/assemblee',
    title: 'Assemblee',
    text: 'Assemblee nazionali e regionali, sezioni, documenti e pubblico.',
  },
  {
    to: '/amministrazione/rassegna-stampa',
    title: 'Rassegna stampa',
    text: 'Gli articoli di giornale per i soci: testata, titolo, data e indirizzo da leggere online.',
  },
  {
    to: '/amministrazione/pareri',
    title: 'Pareri del Consiglio Direttivo',
    text: 'Domanda e risposta di ogni parere, con la data nel titolo e il pubblico.',
  },
  {
    to: '/amministrazione/trasparenza',
    title: 'Società trasparente',
    text: 'Statuto, bilanci, incarichi, conflitti di interesse, contributi pubblici; le scadenze di legge.',
  },
  {
    to: '/amministrazione/patrocini',
    title: 'Richieste di patrocinio',
    text: 'Leggi le richieste, scarica i PDF, segna come approvate o respinte.',
  },
  {
    to: '/amministrazione/newsletter',
    title: 'Iscritti alla newsletter',
    text: 'Confermati e in attesa, annullamento su richiesta, esportazione.',
  },
  {
    to: '/amministrazione/posta-non-consegnata',
    title: 'Posta non consegnata',
    text: 'Le e-mail che il server non è riuscito a consegnare: riprova o scarta.',
  },
  {
    to: '/amministrazione/documenti-non-ricercabili',
    title: 'Documenti non ricercabili',
    text: 'I PDF di cui la ricerca del sito non legge il testo (scansioni): sostituiscili o riprova.',
  },
  {
    to: '/amministrazione/registro',
    title: 'Registro delle attività',
    text: 'Chi ha fatto cosa, e quando.',
  },
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

/** react-admin's page for an unknown address, as `<Admin>` shows it. */
function AdminNotFound() {
  return <NotFound />;
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
              {resources.map(({ name, label, body: _body, ...screens }) => (
                <Resource key={name} name={name} options={{ label }} {...screens} />
              ))}
              <CustomRoutes>
                {mayOpenHref('/amministrazione/account/importa') ? (
                  <Route path="/account/importa" element={<MemberImport />} />
                ) : null}
                <Route path="/sicurezza" element={<AccountSecurityScreen />} />
                <Route path="/cerca" element={<GlobalSearch />} />
                {mayOpenHref('/amministrazione/promemoria-quote') ? (
                  <Route path="/promemoria-quote" element={<DuesReminderScreen />} />
                ) : null}
                {mayOpenHref('/amministrazione/riepilogo-quote') ? (
                  <Route path="/riepilogo-quote" element={<DuesDashboard />} />
                ) : null}
                {mayOpenHref('/amministrazione/cestino') ? (
                  <Route path="/cestino" element={<ContentBin />} />
                ) : null}
              </CustomRoutes>
            </CoreAdminUI>
            <Notification />
          </CssBaseline>
        </AdminContext>
      </StaffSecurityGate>
    </>
  );
}
