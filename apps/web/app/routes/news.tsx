import { romeYear } from '@sodalis/contracts';
import { ITALIAN_MONTHS, listYears, PAGE_SIZE } from '@sodalis/contracts';
import { useState } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import type { Route } from './+types/news';
import { Breadcrumb } from '../components/breadcrumb';
import { NEWS_COPY } from '../copy/site';
import { pageMeta } from '../format/meta';
import { FeaturedNews } from '../features/news/featured-news';
import { NewsItem } from '../features/news/news-item';
import {
  articleHref,
  newsFilter,
  newsHref,
  parseNewsSearch,
  type NewsSearch,
} from '../features/news/news-search';
import { ReadOnButton } from '../features/news/read-on-button';

/** The news list (spec §2.6): the first page renders on the server, filters live in the URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const categories = await context.content.listCategories();
  const year = romeYear();
  const search = parseNewsSearch(
    new URL(request.url).searchParams,
    categories.map((c) => c.title),
    year,
  );
  const featured = context.content.listArticles({
    paginated: true,
    inEvidenza: true,
    dataOffset: String(PAGE_SIZE.featuredNews),
  });
  let page;
  try {
    page = await context.content.listArticles(newsFilter(search));
  } catch {
    // A stale or edited page token: start again from the first page of the same search.
    search.pages = [];
    page = await context.content.listArticles(newsFilter(search));
  }
  return {
    acronym: context.society.acronym,
    categories: categories.map((category) => category.title),
    years: listYears(year),
    search,
    items: page.items,
    nextToken: page.pagingInfo ?? null,
    featured: (await featured).items,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, {
    title: data?.search.category ? `News: ${data.search.category}` : 'News',
    description:
      'Notizie della società: concorsi, formazione, emovigilanza e comunicazioni ai soci.',
  });

const ALL_CATEGORIES = 'Tutte le categorie';

export default function NewsPage({ loaderData }: Route.ComponentProps) {
  const { acronym, categories, years, search, items, nextToken, featured } = loaderData;
  const navigate = useNavigate();
  const firstPage: NewsSearch = { ...search, pages: [] };
  const pageNumber = search.pages.length + 1;

  // Spec §4: checking a category clears the others and filters; unchecking clears the filter.
  // The boxes show the choice at once and follow the address (the News menu changes it too).
  const [checkedCategory, setCheckedCategory] = useState(search.category);
  const [addressCategory, setAddressCategory] = useState(search.category);
  if (addressCategory !== search.category) {
    setAddressCategory(search.category);
    setCheckedCategory(search.category);
  }
  const chooseCategory = (category: string, checked: boolean) => {
    setCheckedCategory(checked ? category : null);
    void navigate(newsHref({ ...firstPage, category: checked ? category : null }));
  };

  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'News' }]} />
      <h1 className="mb-4">News</h1>
      <div className="row g-4">
        <div className="col-12 col-lg-8">
          <NewsSearchBox
            key={newsHref(firstPage)}
            search={search}
            categories={categories}
            years={years}
          />
          <p className="visually-hidden" aria-live="polite">
            {items.length === 0 ? NEWS_COPY.empty : `Pagina ${pageNumber}: ${items.length} notizie`}
          </p>
          {items.length === 0 ? (
            <p className="alert alert-light" data-testid="news-empty">
              {NEWS_COPY.empty}
            </p>
          ) : (
            <ul className="row row-cols-1 row-cols-md-2 g-3 list-unstyled" data-testid="news-list">
              {items.map((article) => (
                <li key={article.id} className="col">
                  <div className="card h-100">
                    <div className="card-body">
                      <NewsItem
                        article={article}
                        societyAcronym={acronym}
                        headingLevel={2}
                        href={articleHref(article)}
                        actions={<ReadOnButton article={article} />}
                      />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <nav aria-label="Pagine delle notizie" className="news-paging">
            <ul className="pagination justify-content-center">
              <li className={`page-item${pageNumber === 1 ? ' disabled' : ''}`}>
                {pageNumber === 1 ? (
                  <span className="page-link" aria-disabled="true">
                    Precedente
                  </span>
                ) : (
                  <Link
                    className="page-link"
                    to={newsHref({ ...search, pages: search.pages.slice(0, -1) })}
                    rel="prev"
                  >
                    Precedente
                  </Link>
                )}
              </li>
              <li className="page-item active" aria-current="page">
                <span className="page-link">{pageNumber}</span>
              </li>
              <li className={`page-item${nextToken === null ? ' disabled' : ''}`}>
                {nextToken === null ? (
                  <span className="page-link" aria-disabled="true">
                    Successiva
                  </span>
                ) : (
                  <Link
                    className="page-link"
                    to={newsHref({ ...search, pages: [...search.pages, nextToken] })}
                    rel="next"
                  >
                    Successiva
                  </Link>
                )}
              </li>
            </ul>
          </nav>
        </div>
        <aside className="col-12 col-lg-4">
          <fieldset
            className="category-filter d-none d-lg-block mb-4"
            data-testid="category-checkboxes"
          >
            <legend className="h6">Categorie</legend>
            {categories.map((category) => (
              <div className="form-check" key={category}>
                <input
                  className="form-check-input"
                  type="checkbox"
                  id={`categoria-${category}`}
                  checked={checkedCategory === category}
                  onChange={(event) => chooseCategory(category, event.target.checked)}
                />
                <label className="form-check-label" htmlFor={`categoria-${category}`}>
                  {category}
                </label>
              </div>
            ))}
          </fieldset>
          <FeaturedNews articles={featured} societyAcronym={acronym} showReadAll={false} />
        </aside>
      </div>
    </div>
  );
}

/** Text, category, year and month (disabled until a year is chosen), "Cerca" and "Reset". */
function NewsSearchBox({
  search,
  categories,
  years,
}: {
  search: NewsSearch;
  categories: string[];
  years: string[];
}) {
  const [year, setYear] = useState(search.year === null ? '' : String(search.year));
  return (
    <Form
      method="get"
      action="/news"
      className="card card-body mb-4 news-search"
      role="search"
      aria-label="Cerca nelle notizie"
    >
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <label htmlFor="news-q" className="form-label">
            Testo
          </label>
          <input
            id="news-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={search.title}
            maxLength={200}
          />
        </div>
        <div className="col-12 col-md-6">
          <label htmlFor="news-categoria" className="form-label">
            Categoria
          </label>
          <select
            id="news-categoria"
            name="categoria"
            className="form-select"
            defaultValue={search.category ?? ''}
          >
            <option value="">{ALL_CATEGORIES}</option>
            {categories.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6">
          <label htmlFor="news-anno" className="form-label">
            Anno
          </label>
          <select
            id="news-anno"
            name="anno"
            className="form-select"
            value={year}
            onChange={(event) => setYear(event.target.value)}
          >
            <option value="">Tutti gli anni</option>
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6">
          <label htmlFor="news-mese" className="form-label">
            Mese
          </label>
          <select
            id="news-mese"
            name="mese"
            className="form-select"
            defaultValue={search.month === null ? '' : String(search.month)}
            disabled={year === ''}
          >
            <option value="">Tutti i mesi</option>
            {ITALIAN_MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary">
          Cerca
        </button>
        <Link to="/news" className="btn btn-outline-secondary">
          Reset
        </Link>
      </div>
    </Form>
  );
}
