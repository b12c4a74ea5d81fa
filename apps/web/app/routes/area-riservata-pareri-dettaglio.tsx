import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-pareri-dettaglio';
import { Breadcrumb } from '../components/breadcrumb';
import { PageLoading } from '../components/page-loading';
import { RESERVED_COPY } from '../copy/reserved';
import { privatePageMeta } from '../format/meta';
import { ARCHIVE_COPY } from '../features/reserved-area/archive-parts';
import { loadOpinionDetail, opinionDate } from '../features/reserved-area/opinions';
import { requireUser } from '../shared/session/guard';
import { displayRole } from '../shared/session/session';

/** One board opinion (spec §2.9, §4) with previous/next in the list's order. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const user = requireUser();
  const idText = new URL(request.url).searchParams.get('id') ?? '';
  const id = /^\d{1,12}$/.test(idText) ? Number(idText) : null;
  let detail: Awaited<ReturnType<typeof loadOpinionDetail>> = {
    opinion: null,
    previousId: null,
    nextId: null,
  };
  if (id !== null) {
    try {
      detail = await loadOpinionDetail(id);
    } catch (error) {
      // Spec §7: a failed load leaves the page empty and is logged.
      console.warn('Parere non disponibile', error);
    }
  }
  return { role: user.role, ...detail };
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches, data }) => [
  ...privatePageMeta(matches, {
    title: data?.opinion?.title ?? 'Parere del Consiglio Direttivo',
    description: 'Un parere del Consiglio Direttivo: domanda e risposta.',
  }),
];

const detailHref = (id: number) => `/area-riservata-pareri-dettaglio?id=${id}`;

export default function OpinionDetailPage({ loaderData }: Route.ComponentProps) {
  const { role, opinion, previousId, nextId } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb
        trail={[
          { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' },
          { label: 'Pareri del Consiglio Direttivo', to: '/area-riservata-pareri' },
          { label: 'Parere' },
        ]}
      />
      {opinion === null ? (
        <p className="alert alert-light" data-testid="archive-empty">
          {ARCHIVE_COPY.empty}
        </p>
      ) : (
        <article data-testid="opinion">
          <p className="text-muted small mb-1">{opinionDate(opinion)}</p>
          <h1 className="h2 mb-4">{opinion.title}</h1>
          <h2 className="h5">DOMANDA</h2>
          <p data-testid="domanda">
            <WithLineBreaks text={opinion.domanda} />
          </p>
          <h2 className="h5">RISPOSTA</h2>
          <p data-testid="risposta">
            <WithLineBreaks text={opinion.risposta} />
          </p>
        </article>
      )}
      <nav aria-label="Altri pareri">
        <ul className="pagination justify-content-center">
          <li className={`page-item${previousId === null ? ' disabled' : ''}`}>
            {previousId === null ? (
              <span className="page-link" aria-disabled="true">
                {ARCHIVE_COPY.previous}
              </span>
            ) : (
              <Link className="page-link" to={detailHref(previousId)} rel="prev">
                {ARCHIVE_COPY.previous}
              </Link>
            )}
          </li>
          <li className={`page-item${nextId === null ? ' disabled' : ''}`}>
            {nextId === null ? (
              <span className="page-link" aria-disabled="true">
                {ARCHIVE_COPY.next}
              </span>
            ) : (
              <Link className="page-link" to={detailHref(nextId)} rel="next">
                {ARCHIVE_COPY.next}
              </Link>
            )}
          </li>
        </ul>
      </nav>
      <div className="d-flex justify-content-center flex-wrap gap-2 mt-3">
        <Link to="/area-riservata-pareri" className="btn btn-outline-primary">
          Torna ai pareri
        </Link>
        <Link to="/area-riservata-homepage" className="btn btn-outline-primary">
          {RESERVED_COPY.menu}
        </Link>
      </div>
    </div>
  );
}

/** Line breaks of the question and answer shown as visible breaks (spec §2.9). */
function WithLineBreaks({ text }: { text: string }) {
  const lines = text.split(/\r?\n/);
  return lines.map((line, index) => (
    <span key={index}>
      {line}
      {index < lines.length - 1 ? <br /> : null}
    </span>
  ));
}
