import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-pareri-dettaglio';
import { PageLoading } from '../components/page-loading';
import { ARCHIVE_COPY, RESERVED_COPY } from '../copy/reserved';
import { privatePageMeta } from '../format/meta';
import { ArchivePreviousNext } from '../features/reserved-area/archive-parts';
import { loadOpinionDetail, opinionDate } from '../features/reserved-area/opinions';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';
import { reservedAreaGuard } from '../shared/session/guard';

/** One board opinion (spec §2.9, §4) with previous/next in the list's order. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  reservedAreaGuard(request);
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
  return detail;
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
  const { opinion, previousId, nextId } = loaderData;
  return (
    <div className="container py-4">
      <ReservedBreadcrumb
        trail={[
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
      <ArchivePreviousNext
        label="Altri pareri"
        previousHref={previousId === null ? null : detailHref(previousId)}
        nextHref={nextId === null ? null : detailHref(nextId)}
      />
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
