import type { AdminNewsItem, Article } from '@sodalis/contracts';
import { Link, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/anteprima-news';
import { apiRequest } from '../api/api-client';
import { NewsArticle } from '../features/news/news-article';
import { newsStateWords } from '../features/news/publication-state';
import { requireUser } from '../shared/session/guard';
import { currentUser } from '../shared/session/session';
import { borrowStaffSession } from '../shared/session/staff-tabs';

/**
 * The staff preview of a news item, drafts and scheduled ones too (ADR 023): it loads only in
 * the browser, with the staff session, from the admin API (answered no-store). The server
 * renders no content for this address, so nothing of it can enter the public page cache, and
 * nobody but staff gets the item: the API checks the session and the role again.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (currentUser() === null) await borrowStaffSession();
  requireUser(['segreteria', 'redazione']);
  const id = Number(params.id);
  const [article, item] = await Promise.all([
    apiRequest<Article>(`/api/v1/Admin/News/${id}/Preview`),
    apiRequest<AdminNewsItem>(`/api/v1/Admin/News/${id}`),
  ]);
  if (article === null || item === null) throw new Response(null, { status: 404 });
  return { article, item };
}

export function HydrateFallback() {
  return (
    <div className="container py-5" role="status">
      Caricamento dell’anteprima…
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  { title: 'Anteprima' },
  { name: 'robots', content: 'noindex' },
];

export default function NewsPreviewPage({ loaderData }: Route.ComponentProps) {
  const { article, item } = loaderData;
  const root = useRouteLoaderData<{ society: { acronym: string } }>('root');
  return (
    <div className="container py-4 news-article">
      <div className="alert alert-warning preview-banner" role="note" aria-label="Anteprima">
        <strong>Anteprima</strong>: come la pagina apparirà sul sito, visibile solo alla segreteria.{' '}
        {newsStateWords(item)}{' '}
        <Link to={`/amministrazione/news/${item.id}`}>Torna alla modifica</Link>
      </div>
      <NewsArticle article={article} acronym={root?.society.acronym ?? 'SIMTI'} />
    </div>
  );
}
