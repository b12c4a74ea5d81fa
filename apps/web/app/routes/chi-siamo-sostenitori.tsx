import { PAGE_SIZE } from '@sodalis/contracts';
import type { Route } from './+types/chi-siamo-sostenitori';
import { Breadcrumb } from '../components/breadcrumb';
import { ExternalLink, PhoneLink } from '../components/external-link';
import { pageMeta } from '../format/meta';
import { FeaturedNews } from '../features/news/featured-news';
import { ShareBar, shareTargetOf } from '../shared/sharing/share-links';
import { BackToAbout } from '../features/society/back-link';
import { activeTab, PageTabs, type PageTab } from '../features/society/page-tabs';
import { SetupElementPanel } from '../features/society/setup-element-panel';

const TABS: PageTab[] = [
  { id: 'contributo', label: 'Contributo' },
  { id: 'sostenitori', label: 'Sostenitori' },
];

/** Supporters (spec §2.11): "Contributo" from a setup element, "Sostenitori" with the companies. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const tab = activeTab(request, TABS);
  const [elements, contents, featured] = await Promise.all([
    context.content.setupElements(['chisiamo-sostenitori-contributo']),
    context.content.siteContents(['sostenitori']),
    context.content.listArticles({
      paginated: true,
      inEvidenza: true,
      dataOffset: String(PAGE_SIZE.featuredNews),
    }),
  ]);
  const supporters = contents.find((content) => content.chiave === 'sostenitori');
  return {
    acronym: context.society.acronym,
    active: tab.id,
    contribution: elements[0] ?? null,
    companies: supporters?.chiave === 'sostenitori' ? supporters.contenuto.aziende : [],
    featured: featured.items,
    share: shareTargetOf(
      request,
      context.society.xHandle,
      `Sostenitori | ${context.society.acronym}`,
    ),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Sostenitori',
    description: 'Le aziende che sostengono la società e come contribuire alle sue attività.',
  });

export default function SupportersPage({ loaderData }: Route.ComponentProps) {
  const { acronym, active, contribution, companies, featured, share } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Chi siamo', to: '/chi-siamo' }, { label: 'Sostenitori' }]} />
      <h1 className="mb-4">Sostenitori</h1>
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <PageTabs tabs={TABS} active={active} basePath="/chi-siamo-sostenitori" />
          <section aria-labelledby="scheda-attiva" data-testid="tab-panel">
            <h2 id="scheda-attiva" className="h4">
              {active === 'contributo' ? 'Contributo' : 'Sostenitori'}
            </h2>
            {active === 'contributo' ? (
              <SetupElementPanel element={contribution ?? undefined} />
            ) : (
              <ul
                className="list-unstyled row row-cols-1 row-cols-md-2 g-3"
                data-testid="supporters"
              >
                {companies.map((company) => (
                  <li key={company.nome} className="col">
                    <div className="card h-100">
                      <div className="card-body d-flex gap-3">
                        <img
                          src={`data:image/png;base64,${company.logo}`}
                          alt={`Logo di ${company.nome}`}
                          width={64}
                          height={64}
                        />
                        <div>
                          <h3 className="h6">{company.nome}</h3>
                          <p className="mb-1 small">{company.indirizzo}</p>
                          <p className="mb-1 small">
                            Tel. <PhoneLink number={company.telefono} />
                          </p>
                          {company.sito ? (
                            <ExternalLink href={company.sito}>Sito web</ExternalLink>
                          ) : null}
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ShareBar {...share} />
          <BackToAbout />
        </div>
        <aside className="col-12 col-lg-4">
          <FeaturedNews articles={featured} societyAcronym={acronym} />
        </aside>
      </div>
    </div>
  );
}
