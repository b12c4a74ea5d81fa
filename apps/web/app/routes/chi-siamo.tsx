import { ABOUT_DEFAULT, withSocietyNames } from '@sodalis/contracts';
import type { Route } from './+types/chi-siamo';
import { Breadcrumb } from '../components/breadcrumb';
import { LinkCards } from '../components/link-cards';
import { pageMeta } from '../format/meta';
import { publicDocumentHref } from '../shared/documents/open-document';

/**
 * The society's world (spec §2.11): cards to its pages, as the secretariat edits them (ADR 035),
 * and the "MODULO ABBONAMENTO" button.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [[subscription], [about]] = await Promise.all([
    context.content.setupElements(['modulo-abbonamento-attivo']),
    context.content.siteContents(['chi-siamo']),
  ]);
  const society = { acronym: context.society.acronym, name: context.society.name };
  const schede = about?.chiave === 'chi-siamo' ? about.contenuto.schede : ABOUT_DEFAULT.schede;
  const text = (subscription?.corpo ?? '')
    .replace(/<[^>]*>/g, '')
    .trim()
    .toLowerCase();
  const form = subscription?.attachments[0] ?? null;
  return {
    acronym: context.society.acronym,
    cards: schede.map((card) => ({
      to: withSocietyNames(card.link, society, true),
      title: withSocietyNames(card.titolo, society),
      text: withSocietyNames(card.testo, society),
    })),
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
  const { acronym, cards, subscriptionActive, subscriptionHref } = loaderData;
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
