import type { Article } from '@sodalis/contracts';
import { Link } from 'react-router';
import { NEWS_COPY } from '../../copy/site';
import { NewsItem } from './news-item';

/**
 * The featured-news block (spec §1, §2.5, §2.6): the featured items on a dark panel, with or
 * without the button to the whole list. Reused by most pages.
 */
export function FeaturedNews({
  articles,
  societyAcronym,
  showReadAll = true,
}: {
  articles: Article[];
  societyAcronym: string;
  showReadAll?: boolean;
}) {
  return (
    <section
      className="featured-news"
      aria-labelledby="featured-news-title"
      data-testid="featured-news"
    >
      <h2 id="featured-news-title" className="featured-news__title">
        {NEWS_COPY.featuredTitle}
      </h2>
      {articles.length === 0 ? (
        <p>{NEWS_COPY.empty}</p>
      ) : (
        <ul className="list-unstyled featured-news__list">
          {articles.map((article) => (
            <li key={article.id}>
              <NewsItem article={article} societyAcronym={societyAcronym} tone="white" />
            </li>
          ))}
        </ul>
      )}
      {showReadAll ? (
        <Link to="/news" className="btn btn-outline-light btn-sm featured-news__all">
          {NEWS_COPY.readAll}
        </Link>
      ) : null}
    </section>
  );
}
