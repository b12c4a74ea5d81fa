import { HOME_DEFAULT, PAGE_SIZE, withSocietyNames } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ExternalLink, useExternalLink } from '../components/external-link';
import { ContentLink } from '../components/link-cards';
import { NEWS_COPY } from '../copy/site';
import { organizationLd, pageMeta } from '../format/meta';
import { HomeCarousel } from '../features/home/home-carousel';
import { FeaturedNews } from '../features/news/featured-news';
import { NewsItem } from '../features/news/news-item';
import { NewsletterForm } from '../features/newsletter/newsletter-form';

/**
 * The hero as the secretariat edits it (ADR 035), featured (dataOffset "2") and latest
 * (dataOffset "4") news, rendered on the server (spec §2.5, §7).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [[home], featured, latest] = await Promise.all([
    context.content.siteContents(['home']),
    context.content.listArticles({
      paginated: true,
      inEvidenza: true,
      dataOffset: String(PAGE_SIZE.featuredNews),
    }),
    context.content.listArticles({
      paginated: true,
      dataOffset: String(PAGE_SIZE.latestNews),
      orderByFields: 'Datapubblicazione',
      ascending: false,
    }),
  ]);
  const society = { acronym: context.society.acronym, name: context.society.name };
  const hero = home?.chiave === 'home' ? home.contenuto : HOME_DEFAULT;
  return {
    acronym: context.society.acronym,
    hero: {
      title: withSocietyNames(hero.titolo, society),
      subtitle: withSocietyNames(hero.sottotitolo, society),
      text: withSocietyNames(hero.testo, society),
      button: withSocietyNames(hero.pulsante, society),
      link: withSocietyNames(hero.link, society, true),
    },
    featured: featured.items,
    latest: latest.items,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: null,
    description:
      'La società scientifica di medicina trasfusionale e immunoematologia: notizie, concorsi, formazione, emovigilanza, area riservata per soci e affiliati.',
  }),
  organizationLd(matches),
];

/** The application form (ADR 024): the members' page, its "Iscrizione" tab, at the form. */
const APPLICATION_FORM_HREF = '/chi-siamo-iscrizione?scheda=iscrizione#iscriviti';

/** A card of the home page (spec §2.5): title, a sentence and its link. */
function HomeCard({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <div className="col-12 col-md-6 col-lg-4">
      <section className="card h-100 home-card">
        <div className="card-body">
          <h2 className="h5">{title}</h2>
          <p>{text}</p>
          {children}
        </div>
      </section>
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { acronym, hero, featured, latest } = loaderData;
  const events = useExternalLink('eventi');
  const travellingDonorGuide = useExternalLink('donatore-viaggiatore');
  const journal = useExternalLink('rivista');
  return (
    <>
      <section className="hero" data-testid="home-hero">
        <div className="container">
          <h1 className="hero__title">
            <span className="hero__acronym">{hero.title}</span>
            <span className="hero__name">{hero.subtitle}</span>
          </h1>
          <p className="hero__lead">{hero.text}</p>
          <ContentLink to={hero.link} className="btn btn-light btn-lg">
            {hero.button}
          </ContentLink>
        </div>
      </section>

      <div className="container home-grid py-4">
        <div className="row g-4">
          <div className="col-12 col-lg-8">
            <section
              className="card h-100"
              aria-labelledby="latest-news-title"
              data-testid="latest-news"
            >
              <div className="card-body">
                <h2 id="latest-news-title" className="h4">
                  {NEWS_COPY.latestTitle}
                </h2>
                {latest.length === 0 ? (
                  <p>{NEWS_COPY.empty}</p>
                ) : (
                  <ul className="list-unstyled news-list">
                    {latest.map((article) => (
                      <li key={article.id}>
                        <NewsItem article={article} societyAcronym={acronym} />
                      </li>
                    ))}
                  </ul>
                )}
                <Link to="/news" className="btn btn-primary">
                  {NEWS_COPY.readAll}
                </Link>
              </div>
            </section>
          </div>
          <div className="col-12 col-lg-4">
            <FeaturedNews articles={featured} societyAcronym={acronym} />
          </div>

          <HomeCard
            title="Diventa socio"
            text="
                  Medici, biologi, tecnici e infermieri della medicina trasfusionale: chiedi online
                  l’iscrizione come Socio o Affiliato.
                "
          >
            <Link to={APPLICATION_FORM_HREF} className="btn btn-primary" data-testid="home-join">
              Iscriviti
            </Link>
          </HomeCard>
          <HomeCard
            title="Area riservata"
            text="
                  Raccomandazioni, pareri del Consiglio Direttivo, assemblee, rassegna stampa e la
                  rivista per soci e affiliati.
                "
          >
            <Link to="/area-riservata" className="btn btn-primary">
              Accedi
            </Link>
          </HomeCard>
          <HomeCard
            title="Patrocini"
            text="
                  Chiedi il patrocinio della società per un evento scientifico o la pubblicazione
                  sul sito.
                "
          >
            <Link to="/patrocini" className="btn btn-primary">
              Richiedi il patrocinio
            </Link>
          </HomeCard>
          <HomeCard
            title="Eventi"
            text="Congressi, corsi e convegni della società e dei suoi gruppi di lavoro."
          >
            <ExternalLink href={events?.url ?? '/'} className="btn btn-outline-primary">
              Calendario eventi
            </ExternalLink>
          </HomeCard>
          <HomeCard
            title="Il donatore viaggiatore"
            text="
                  Cosa sapere prima di donare dopo un viaggio: la guida per donatori e
                  professionisti.
                "
          >
            <ExternalLink
              href={travellingDonorGuide?.url ?? '/'}
              className="btn btn-outline-primary"
            >
              Leggi la guida
            </ExternalLink>
          </HomeCard>
          <HomeCard
            title="Blood Transfusion"
            text="La rivista scientifica internazionale di medicina trasfusionale."
          >
            <ExternalLink href={journal?.url ?? '/'} className="btn btn-outline-primary">
              Vai alla rivista
            </ExternalLink>
          </HomeCard>
          <div className="col-12 col-md-6 col-lg-4">
            <section className="card h-100 home-card">
              <div className="card-body">
                <NewsletterForm />
              </div>
            </section>
          </div>
        </div>
        <div className="mt-4">
          <HomeCarousel acronym={acronym} />
        </div>
      </div>
    </>
  );
}
