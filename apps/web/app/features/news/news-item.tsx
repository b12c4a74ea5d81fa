import { italianDate } from '@sodalis/contracts';
import type { Article } from '@sodalis/contracts';
import { Link } from 'react-router';
import { CategoryIcon } from './category-icon';
import { articleHref } from './news-search';

/** The displayed category: the first value of `categorie` (spec §3). */
export function firstCategory(article: Article): string {
  return Object.values(article.categorie)[0] ?? '';
}

/**
 * A news item (spec §2.6): category icon, title, first category name and date dd/MM/yyyy.
 * `actions` holds the "LEGGI SU" button where a screen offers it; the light variant has none.
 */
export function NewsItem({
  article,
  societyAcronym,
  tone = 'red',
  headingLevel = 3,
  href: givenHref,
  actions,
}: {
  article: Article;
  societyAcronym: string;
  tone?: 'red' | 'white';
  headingLevel?: 2 | 3 | 4;
  /** The page the title links to: the item's own page unless a screen says otherwise. */
  href?: string;
  actions?: React.ReactNode;
}) {
  const category = firstCategory(article);
  // Every headline leads to its article, in every list and block (home, featured news).
  const href = givenHref ?? articleHref(article);
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`news-item news-item--${tone}`} data-testid="news-item">
      <CategoryIcon category={category} societyAcronym={societyAcronym} tone={tone} />
      <div className="news-item__body">
        <Heading className="news-item__title">
          <Link to={href} className="news-item__link">
            {article.title}
          </Link>
        </Heading>
        <p className="news-item__meta">
          <span className="news-item__category">{category}</span>
          <span aria-hidden="true"> · </span>
          <time dateTime={article.dataPubblicazione}>{italianDate(article.dataPubblicazione)}</time>
        </p>
        {actions}
      </div>
    </article>
  );
}
