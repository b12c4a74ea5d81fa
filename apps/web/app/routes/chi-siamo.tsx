import type { Route } from './+types/chi-siamo';
import { Breadcrumb } from '../components/breadcrumb';
import { LinkCards } from '../components/link-cards';
import { pageMeta } from '../format/meta';
import { publicDocumentHref } from '../shared/documents/open-document';

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
      <LinkCards cards={cards} testId="about-cards" />
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
