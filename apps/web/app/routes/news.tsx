import { romeYear } from '@sodalis/contracts';
import { listYears, PAGE_SIZE } from '@sodalis/contracts';
import { useState } from 'react';
import { Form, useNavigate } from 'react-router';
import type { Route } from './+types/news';
import { Breadcrumb } from '../components/breadcrumb';
import {
  ChoiceSelect,
  type ChoiceField,
  SearchButtons,
  SearchTextField,
  YearMonthFields,
} from '../components/list-search-fields';
import { PreviousNextNav } from '../components/paging';
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
    /** The chosen category's feeds (ADR 026), besides the frame's feeds of every news item. */
    categoryId: categories.find((category) => category.title === search.category)?.id ?? null,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...pageMeta(matches, {
    title: data?.search.category ? `News: ${data.search.category}` : 'News',
    description:
      'Notizie della società: concorsi, formazione, emovigilanza e comunicazioni ai soci.',
  }),
  ...(data?.categoryId == null
    ? []
    : (['rss', 'atom'] as const).map((format) => ({
        tagName: 'link',
        rel: 'alternate',
        type: `application/${format}+xml`,
        title: `${data.search.category ?? ''} (${format === 'rss' ? 'RSS' : 'Atom'})`,
        href: `/feed/categorie/${data.categoryId}/${format}.xml`,
      }))),
];

const CATEGORY_FIELD: ChoiceField = {
  column: 'col-12 col-md-6',
  label: 'Categoria',
  name: 'categoria',
  allLabel: 'Tutte le categorie',
};

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
          <PreviousNextNav
            label="Pagine delle notizie"
            className="news-paging"
            previous={{
              href:
                pageNumber === 1 ? null : newsHref({ ...search, pages: search.pages.slice(0, -1) }),
              text: 'Precedente',
            }}
            next={{
              href:
                nextToken === null
                  ? null
                  : newsHref({ ...search, pages: [...search.pages, nextToken] }),
              text: 'Successiva',
            }}
          >
            <li className="page-item active" aria-current="page">
              <span className="page-link">{pageNumber}</span>
            </li>
          </PreviousNextNav>
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
  return (
    <Form
      method="get"
      action="/news"
      className="card card-body mb-4 news-search"
      role="search"
      aria-label="Cerca nelle notizie"
    >
      <div className="row g-2">
        <SearchTextField column="col-12 col-md-6" id="news-q" title={search.title} />
        <ChoiceSelect
          idPrefix="news"
          field={CATEGORY_FIELD}
          options={categories}
          defaultValue={search.category ?? ''}
        />
        <YearMonthFields column="col-6" idPrefix="news" search={search} years={years} />
      </div>
      <SearchButtons resetTo="/news" searchText="Cerca" resetText="Reset" />
    </Form>
  );
}
