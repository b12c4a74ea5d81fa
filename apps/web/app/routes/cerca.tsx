import { MAX_SEARCH_QUERY_LENGTH, type SearchAnswer } from '@sodalis/contracts';
import type { Route } from './+types/cerca';
import { apiRequest } from '../api/api-client';
import { Breadcrumb } from '../components/breadcrumb';
import { SearchBox } from '../features/search/search-box';
import { SearchResults } from '../features/search/search-results';
import { pageMeta } from '../format/meta';
import { currentUser, sessionCookieToken } from '../shared/session/session';

const queryOf = (request: Request) => new URL(request.url).searchParams.get('q') ?? '';

/**
 * On the server: the results of `?q=` for the reader of the request (the session cookie of a
 * sign-in without scripts, ADR 022; public content without one), so the page works without
 * JavaScript (ADR 025).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = queryOf(request);
  if (query.trim() === '') return { answer: null };
  const token = sessionCookieToken(request.headers.get('cookie'));
  return { answer: await context.search.search(query, token) };
}

/**
 * In the browser: a signed-in member's session lives in the tab (ADR 010), so their results
 * come from the API with it; a visitor's are the server's, and so is the message for a query
 * too long to search (the API refuses it).
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const query = queryOf(request);
  if (query.trim() === '' || query.length > MAX_SEARCH_QUERY_LENGTH || currentUser() === null)
    return serverLoader();
  const answer = await apiRequest<SearchAnswer>(
    `/api/v1/Search?${new URLSearchParams({ q: query })}`,
  );
  return { answer };
}
clientLoader.hydrate = true as const;

// Result pages are not content: search engines follow their links but do not list them.
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: 'Cerca nel sito',
    description: 'Cerca tra notizie, pagine della società, documenti e rivista.',
  }),
  { name: 'robots', content: 'noindex, follow' },
];

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { answer } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Cerca' }]} />
      <h1 className="mb-3">Cerca nel sito</h1>
      <div className="mb-4" style={{ maxWidth: '40rem' }}>
        <SearchBox key={answer?.query ?? ''} initialQuery={answer?.query ?? ''} />
      </div>
      {answer === null ? (
        <p>Scrivi una o più parole; usa le virgolette per cercare una frase esatta.</p>
      ) : (
        <SearchResults answer={answer} />
      )}
    </div>
  );
}
