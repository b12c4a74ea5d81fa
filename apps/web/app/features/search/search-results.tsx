import { italianDate, type SearchAnswer, type SearchResult } from '@sodalis/contracts';
import { Link } from 'react-router';
import { openReservedDocument } from '../../shared/documents/reserved-document';
import { publicDocumentHref } from '../../shared/documents/open-document';

/**
 * Kinds whose documents are public, opened by address: the news, the society's pages and the
 * "Società trasparente" publications (ADR 026). The others need the session.
 */
const PUBLIC_KINDS = new Set<SearchResult['kind']>(['news', 'page', 'transparency']);

function DocumentLink({ result }: { result: SearchResult }) {
  const document = result.document;
  if (document === null) return null;
  const label = (
    <>
      trovato nel documento {document.fileName}, pagina {document.page}
    </>
  );
  if (PUBLIC_KINDS.has(result.kind)) {
    return (
      <p className="small mb-1">
        <a href={`${publicDocumentHref(document.serverRelativeUrl)}#page=${document.page}`}>
          {label}
        </a>
      </p>
    );
  }
  // A reserved document comes with the session's token: scripts fetch it and open it at the
  // page; without them the link leads to the list that holds it.
  return (
    <p className="small mb-1">
      <a
        href={result.link}
        onClick={(event) => {
          event.preventDefault();
          void openReservedDocument(document.serverRelativeUrl, false, document.page);
        }}
      >
        {label}
      </a>
    </p>
  );
}

/** The results of `/cerca` grouped by kind (ADR 025), each with its snippet. */
export function SearchResults({ answer }: { answer: SearchAnswer }) {
  if (answer.groups.length === 0) {
    return answer.notice === null ? null : <p role="status">{answer.notice}</p>;
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
              <li
                key={`${result.link}-${result.document?.serverRelativeUrl ?? ''}-${result.document?.page ?? 0}-${index}`}
                className="mb-3"
              >
                <h3 className="h6 mb-1">
                  <Link to={result.link}>{result.title}</Link>
                </h3>
                <p className="small text-body-secondary mb-1">{italianDate(result.date)}</p>
                <DocumentLink result={result} />
                <p className="mb-0">
                  {result.snippet.map((part, partIndex) =>
                    part.marked ? <mark key={partIndex}>{part.text}</mark> : part.text,
                  )}
                </p>
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
