import { PAGE_SIZE } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { ExternalLink } from '../components/external-link';
import { EXTERNAL_LINKS, NEWS_COPY } from '../copy/site';
import { organizationLd, pageMeta } from '../format/meta';
import { HomeCarousel } from '../features/home/home-carousel';
import { FeaturedNews } from '../features/news/featured-news';
import { NewsItem } from '../features/news/news-item';
import { NewsletterForm } from '../features/newsletter/newsletter-form';

/** Featured (dataOffset "2") and latest (dataOffset "4") news, rendered on the server (spec §2.5, §7). */
export async function loader({ context }: Route.LoaderArgs) {
  const [featured, latest] = await Promise.all([
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
  return {
    acronym: context.society.acronym,
    name: context.society.name,
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
  const { acronym, name, featured, latest } = loaderData;
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">
            <span className="hero__acronym">{acronym}</span>
            <span className="hero__name">{name}</span>
          </h1>
          <p className="hero__lead">
            Medici, biologi, infermieri e tecnici al servizio della medicina trasfusionale e
            dell’immunoematologia.
          </p>
          <Link to="/chi-siamo" className="btn btn-light btn-lg">
            Chi siamo
          </Link>
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
            <ExternalLink href={EXTERNAL_LINKS.events.href} className="btn btn-outline-primary">
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
              href={EXTERNAL_LINKS.travellingDonorGuide.href}
              className="btn btn-outline-primary"
            >
              Leggi la guida
            </ExternalLink>
          </HomeCard>
          <HomeCard
            title="Blood Transfusion"
            text="La rivista scientifica internazionale di medicina trasfusionale."
          >
            <ExternalLink href={EXTERNAL_LINKS.journal.href} className="btn btn-outline-primary">
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
