import {
  italianDate,
  SEARCH_MESSAGES,
  type SearchAnswer,
  type SearchDocumentPage,
  type SearchGroup,
  type SearchResult,
} from '@sodalis/contracts';
import { Link } from 'react-router';
import { openReservedDocument } from '../../shared/documents/reserved-document';
import { publicDocumentHref } from '../../shared/documents/open-document';

interface DocumentPageProps {
  result: SearchResult;
  page: SearchDocumentPage;
  /** The group's documents open by address (the public site's, ADR 026), not with the session. */
  publicDocuments: SearchGroup['publicDocuments'];
}

function DocumentPageLink({ result, page, publicDocuments }: DocumentPageProps) {
  const label = (
    <>
      trovato nel documento {page.fileName}, pagina {page.page}
    </>
  );
  if (publicDocuments) {
    return <a href={`${publicDocumentHref(page.serverRelativeUrl)}#page=${page.page}`}>{label}</a>;
  }
  // A reserved document comes with the session's token: scripts fetch it and open it at the
  // page; without them the link leads to the list that holds it.
  return (
    <a
      href={result.link}
      onClick={(event) => {
        event.preventDefault();
        void openReservedDocument(page.serverRelativeUrl, false, page.page);
      }}
    >
      {label}
    </a>
  );
}

/** Under a record's snippet, its PDF pages that match, the best few (ADR 025). */
function DocumentPages({ result, publicDocuments }: Omit<DocumentPageProps, 'page'>) {
  if (result.pages.length === 0) return null;
  return (
    <ul className="list-unstyled small mt-1 mb-0">
      {result.pages.map((page) => (
        <li key={`${page.serverRelativeUrl}#${page.page}`}>
          <DocumentPageLink result={result} page={page} publicDocuments={publicDocuments} />
        </li>
      ))}
      {result.morePages > 0 && (
        <li className="text-body-secondary">
          {result.morePages === 1 ? 'e un’altra pagina' : `e altre ${result.morePages} pagine`}
        </li>
      )}
    </ul>
  );
}

/**
 * The results of `/cerca` grouped by kind (ADR 025): one per record, with its snippet and the
 * PDF pages that match.
 */
export function SearchResults({ answer }: { answer: SearchAnswer }) {
  if (answer.groups.length === 0) {
    return (
      <>
        {answer.notice === null ? null : <p role="status">{answer.notice}</p>}
        {answer.didYouMean.length > 0 && (
          <p data-testid="did-you-mean">
            {SEARCH_MESSAGES.didYouMean}{' '}
            {answer.didYouMean.map((query, index) => (
              <span key={query}>
                {index > 0 && ', '}
                <Link to={`/cerca?${new URLSearchParams({ q: query })}`}>{query}</Link>
              </span>
            ))}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      {answer.groups.map((group) => (
        <section key={group.kind} aria-labelledby={`risultati-${group.kind}`} className="mb-4">
          <h2 id={`risultati-${group.kind}`} className="h4">
            {group.label}
          </h2>
          <ol className="list-unstyled">
            {group.results.map((result, index) => (
              <li key={`${result.link}-${index}`} className="mb-3">
                <h3 className="h6 mb-1">
                  <Link to={result.link}>{result.title}</Link>
                </h3>
                <p className="small text-body-secondary mb-1">{italianDate(result.date)}</p>
                <p className="mb-0">
                  {result.snippet.map((part, partIndex) =>
                    part.marked ? <mark key={partIndex}>{part.text}</mark> : part.text,
                  )}
                </p>
                <DocumentPages result={result} publicDocuments={group.publicDocuments} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
