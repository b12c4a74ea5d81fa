import { Link } from 'react-router';
import type { Route } from './+types/chi-siamo';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';
import { publicDocumentHref } from '../features/documents/open-document';

/** The society's world (spec §2.11): cards to its pages and the "MODULO ABBONAMENTO" button. */
export async function loader({ context }: Route.LoaderArgs) {
  const [subscription] = await context.content.setupElements(['modulo-abbonamento-attivo']);
  const text = (subscription?.corpo ?? '')
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase();
  const form = subscription?.attachments[0] ?? null;
  return {
    acronym: context.society.acronym,
    // Setup key `modulo-abbonamento-attivo`: the button shows while its text is "true".
    subscriptionActive: text === 'true' || text === 'si' || text === 'sì',
    subscriptionHref: form
      ? publicDocumentHref(form.serverRelativeUrl, true)
      : '/chi-siamo-iscrizione?scheda=richiesta',
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Chi siamo',
    description: 'La società, i soci, gli affiliati, i sostenitori e la rivista.',
  });

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { acronym, subscriptionActive, subscriptionHref } = loaderData;
  const cards = [
    {
      to: `/chi-siamo-${acronym.toLowerCase()}`,
      title: `Mondo ${acronym}`,
      text: 'Storia, organigramma, codice etico, bilancio e statuto.',
    },
    {
      to: '/chi-siamo-iscrizione',
      title: 'Soci',
      text: 'Come iscriversi, la quota annuale e il Consiglio Direttivo.',
    },
    {
      to: '/chi-siamo-affiliati',
      title: 'Affiliati',
      text: 'Tecnici e infermieri: iscrizione, quota e modulo di richiesta.',
    },
    {
      to: '/chi-siamo-sostenitori',
      title: 'Sostenitori',
      text: 'Le aziende che sostengono la società e come contribuire.',
    },
    {
      to: '/area-riservata-servizio-trasfusionale',
      title: 'Il Servizio Trasfusionale',
      text: 'Il notiziario della società, riservato a soci e affiliati.',
    },
  ];
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Chi siamo' }]} />
      <h1 className="mb-4">Il mondo {acronym}</h1>
      <ul
        className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3 list-unstyled"
        data-testid="about-cards"
      >
        {cards.map((card) => (
          <li key={card.to} className="col">
            <div className="card h-100">
              <div className="card-body">
                <h2 className="h5">
                  <Link to={card.to} className="stretched-link">
                    {card.title}
                  </Link>
                </h2>
                <p className="mb-0">{card.text}</p>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {subscriptionActive ? (
        <p className="mt-4">
          <a
            href={subscriptionHref}
            className="btn btn-primary btn-lg"
            data-testid="subscription-form"
          >
            MODULO ABBONAMENTO
          </a>
        </p>
      ) : null}
    </div>
  );
}
