import type { Article } from '@sodalis/contracts';
import { CoverImage } from '../../shared/images/cover-image';
import { italianDate } from '@sodalis/contracts';
import { Link } from 'react-router';
import { ExternalLink } from '../../components/external-link';
import { onPublicDocumentClick, publicDocumentHref } from '../../shared/documents/open-document';
import { CategoryIcon } from './category-icon';
import { firstCategory } from './news-item';

/**
 * A news item as its page shows it: heading, category and date, text, attachments and source.
 * The public page and the staff preview (ADR 023) draw the same thing.
 */
export function NewsArticle({ article, acronym }: { article: Article; acronym: string }) {
  const category = firstCategory(article);
  return (
    <article>
      <header className="d-flex gap-3 align-items-start mb-3">
        <CategoryIcon category={category} societyAcronym={acronym} />
        <div>
          <h1 className="h2">{article.title}</h1>
          <p className="text-body-secondary mb-0">
            {/* An item without a category shows only its date (an empty link has no name). */}
            {category === '' ? null : (
              <>
                <Link to={`/news?categoria=${encodeURIComponent(category)}`}>{category}</Link>
                <span aria-hidden="true"> · </span>
              </>
            )}
            <time dateTime={article.dataPubblicazione}>
              {italianDate(article.dataPubblicazione)}
            </time>
          </p>
        </div>
      </header>
      {article.cover === null ? null : (
        <CoverImage cover={article.cover} className="news-article__cover img-fluid rounded mb-3" />
      )}
      {/* Sanitised on the server with the rich-text allowlist. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: article.subtitle }} />
      {article.attachments.length > 0 ? (
        <section aria-labelledby="allegati" className="mt-4">
          <h2 id="allegati" className="h5">
            Allegati
          </h2>
          <ul>
            {article.attachments.map((attachment) => (
              <li key={attachment.serverRelativeUrl}>
                <a
                  href={publicDocumentHref(attachment.serverRelativeUrl)}
                  target="_blank"
                  rel="noopener"
                  onClick={(event) =>
                    onPublicDocumentClick(event, attachment.serverRelativeUrl, attachment.fileName)
                  }
                >
                  {attachment.fileName}
                </a>{' '}
                (
                <a
                  href={publicDocumentHref(attachment.serverRelativeUrl, true)}
                  download={attachment.fileName}
                >
                  scarica
                </a>
                )
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {article.sourceUrl ? (
        <p className="mt-3">
          Fonte:{' '}
          <ExternalLink href={article.sourceUrl}>
            {article.sourceName ?? article.sourceUrl}
          </ExternalLink>
        </p>
      ) : null}
    </article>
  );
}
