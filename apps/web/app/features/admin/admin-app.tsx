import polyglotI18nProvider from 'ra-i18n-polyglot';
import { Route } from 'react-router';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  Resource,
  Title,
  TitlePortal,
  type LayoutProps,
} from 'react-admin';
import { Link } from 'react-router';
import { AuditLogList } from './audit-log';
import { adminDataProvider } from './data-provider';
import { ITALIAN_MESSAGES } from './italian-messages';
import {
  magazineArticleBody,
  MagazineArticleCreate,
  MagazineArticleEdit,
  MagazineArticleList,
  magazineIssueBody,
  MagazineIssueCreate,
  MagazineIssueEdit,
  MagazineIssueList,
} from '../magazine/admin/magazine-screens';
import {
  MemberCreate,
  MemberEdit,
  MemberImport,
  MemberList,
} from '../accounts/admin/member-screens';
import {
  feeBody,
  FeeCreate,
  FeeEdit,
  FeeList,
  PaymentList,
  PaymentShow,
} from '../payments/admin/payment-screens';
import {
  CategoryCreate,
  CategoryEdit,
  CategoryList,
  NewsCreate,
  NewsEdit,
  NewsList,
  newsBody,
} from '../news/admin/news-screens';
import {
  SetupElementEdit,
  SetupElementList,
  setupElementBody,
} from '../society/admin/setup-element-screens';
import {
  BoardMemberCreate,
  BoardMemberEdit,
  BoardMemberList,
  boardMemberBody,
  SiteContentEdit,
  SiteContentList,
  siteContentBody,
} from '../society/admin/society-screens';
import { SponsorshipEdit, SponsorshipList } from '../sponsorship/admin/sponsorship-screens';
import { SubscriberList } from '../newsletter/admin/subscriber-screens';
import { OutboxList } from '../outbox/admin/outbox-screens';
import {
  AssemblyCreate,
  AssemblyEdit,
  AssemblyList,
  assemblyBody,
  RecommendationCreate,
  RecommendationEdit,
  RecommendationList,
  recommendationBody,
} from '../reserved-area/admin/recommendation-assembly-screens';
import {
  OpinionCreate,
  OpinionEdit,
  OpinionList,
  opinionBody,
  PressReviewCreate,
  PressReviewEdit,
  PressReviewList,
  pressReviewBody,
} from '../reserved-area/admin/press-opinion-screens';
import { AccountSecurityScreen, StaffSecurityGate } from '../accounts/admin/security-screens';
import { ADMIN_THEME } from './theme';
import './admin.css';
import { clearSession } from '../../shared/session/session';

const i18nProvider = polyglotI18nProvider(
  () => ITALIAN_MESSAGES,
  'it',
  [{ locale: 'it', name: 'Italiano' }],
  {
    allowMissing: false,
  },
);

const dataProvider = adminDataProvider({
  news: async (data) => ({ ...(await newsBody(data)) }),
  'testi-pagine': async (data) => ({ ...(await setupElementBody(data)) }),
  raccomandazioni: async (data) => ({ ...(await recommendationBody(data)) }),
  assemblee: async (data) => ({ ...(await assemblyBody(data)) }),
  'rassegna-stampa': async (data) => ({ ...(await pressReviewBody(data)) }),
  pareri: async (data) => ({ ...(await opinionBody(data)) }),
  riviste: async (data) => ({ ...(await magazineIssueBody(data)) }),
  'articoli-rivista': async (data) => ({ ...(await magazineArticleBody(data)) }),
  quote: async (data) => ({ ...(await feeBody(data)) }),
  'consiglio-direttivo': async (data) => ({ ...(await boardMemberBody(data)) }),
  'contenuti-sito': async (data) => siteContentBody(data),
});

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
            clearSession();
          }}
        >
          Esci
        </a>
      </nav>
    </AppBar>
  );
}

function AdminLayout(props: LayoutProps) {
  return <Layout {...props} appBar={AdminAppBar} />;
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
    to: '/amministrazione/quote',
    title: 'Quote associative',
    text: 'Gli importi che Soci e Affiliati pagano dal sito.',
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

function Dashboard() {
  return (
    <div className="admin-dashboard">
      <Title title="Amministrazione" />
      <h1 className="h3">Amministrazione del sito</h1>
      <p>
        Scegli cosa gestire. Ogni modifica è visibile subito sul sito ed è annotata nel registro
        delle attività.
      </p>
      <ul className="admin-sections">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to}>{section.title}</Link>
            <span>{section.text}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The back office (ADR 013): react-admin inside the site's router, under
 * /amministrazione. This module is loaded only by that route, so public pages never carry it.
 */
export default function AdminApp() {
  return (
    <StaffSecurityGate>
      <Admin
        basename="/amministrazione"
        title="Amministrazione"
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        layout={AdminLayout}
        dashboard={Dashboard}
        theme={ADMIN_THEME}
        disableTelemetry
        requireAuth={false}
      >
        <Resource
          name="news"
          options={{ label: 'Notizie' }}
          list={NewsList}
          edit={NewsEdit}
          create={NewsCreate}
          recordRepresentation="title"
        />
        <Resource
          name="categorie"
          options={{ label: 'Categorie' }}
          list={CategoryList}
          edit={CategoryEdit}
          create={CategoryCreate}
          recordRepresentation="title"
        />
        <Resource
          name="riviste"
          options={{ label: 'Rivista: numeri' }}
          list={MagazineIssueList}
          edit={MagazineIssueEdit}
          create={MagazineIssueCreate}
          recordRepresentation="title"
        />
        <Resource
          name="articoli-rivista"
          options={{ label: 'Rivista: articoli' }}
          list={MagazineArticleList}
          edit={MagazineArticleEdit}
          create={MagazineArticleCreate}
          recordRepresentation="title"
        />
        <Resource
          name="testi-pagine"
          options={{ label: 'Testi delle pagine' }}
          list={SetupElementList}
          edit={SetupElementEdit}
          recordRepresentation="place"
        />
        <Resource
          name="consiglio-direttivo"
          options={{ label: 'Consiglio Direttivo' }}
          list={BoardMemberList}
          edit={BoardMemberEdit}
          create={BoardMemberCreate}
          recordRepresentation="name"
        />
        <Resource
          name="contenuti-sito"
          options={{ label: 'Contatti e contenuti' }}
          list={SiteContentList}
          edit={SiteContentEdit}
          recordRepresentation="place"
        />
        <Resource
          name="pagamenti"
          options={{ label: 'Pagamenti' }}
          list={PaymentList}
          show={PaymentShow}
          recordRepresentation="accountName"
        />
        <Resource
          name="quote"
          options={{ label: 'Quote associative' }}
          list={FeeList}
          edit={FeeEdit}
          create={FeeCreate}
          recordRepresentation="title"
        />
        <Resource
          name="account"
          options={{ label: 'Account' }}
          list={MemberList}
          edit={MemberEdit}
          create={MemberCreate}
          recordRepresentation="email"
        />
        <Resource
          name="raccomandazioni"
          options={{ label: 'Raccomandazioni' }}
          list={RecommendationList}
          edit={RecommendationEdit}
          create={RecommendationCreate}
          recordRepresentation="title"
        />
        <Resource
          name="assemblee"
          options={{ label: 'Assemblee' }}
          list={AssemblyList}
          edit={AssemblyEdit}
          create={AssemblyCreate}
          recordRepresentation="title"
        />
        <Resource
          name="rassegna-stampa"
          options={{ label: 'Rassegna stampa' }}
          list={PressReviewList}
          edit={PressReviewEdit}
          create={PressReviewCreate}
          recordRepresentation="headline"
        />
        <Resource
          name="pareri"
          options={{ label: 'Pareri' }}
          list={OpinionList}
          edit={OpinionEdit}
          create={OpinionCreate}
          recordRepresentation="title"
        />
        <Resource
          name="patrocini"
          options={{ label: 'Patrocini' }}
          list={SponsorshipList}
          edit={SponsorshipEdit}
          recordRepresentation="eventTitle"
        />
        <Resource name="newsletter" options={{ label: 'Newsletter' }} list={SubscriberList} />
        <Resource
          name="posta-non-consegnata"
          options={{ label: 'Posta non consegnata' }}
          list={OutboxList}
        />
        <Resource name="registro" options={{ label: 'Registro attività' }} list={AuditLogList} />
        <CustomRoutes>
          <Route path="/account/importa" element={<MemberImport />} />
          <Route path="/sicurezza" element={<AccountSecurityScreen />} />
        </CustomRoutes>
      </Admin>
    </StaffSecurityGate>
  );
}
