import { italianDate, cleanFileName } from '@sodalis/contracts';
import {
  PAGE_SIZE,
  type Assembly,
  type Opinion,
  type PressReview,
  type Recommendation,
} from '@sodalis/contracts';
import { Link } from 'react-router';
import { ExternalLink } from '../../components/external-link';
import { ARCHIVE_COPY } from '../../copy/reserved';
import { ReservedDocumentButtons } from '../../shared/documents/reserved-document';
import {
  archiveRoute,
  type ArchiveRoute,
  type ArchiveSource,
  type SearchableArchive,
} from './archive-page';
import { OPINION_ORDER, opinionDate } from './opinions';

/** Recommendations (spec §2.9): date, source, LEGGI. */
export const RECOMMENDATIONS: SearchableArchive<'recommendations'> = {
  path: '/area-riservata-raccomandazioni',
  title: 'Raccomandazioni',
  description: 'Archivio delle raccomandazioni per Soci e Affiliati.',
  searchHeading: "Cerca nell'archivio delle Raccomandazioni",
  pagingLabel: 'Pagine delle raccomandazioni',
  Item: RecommendationItem,
  source: {
    archive: 'recommendations',
    endpoint: '/api/v1/ReservedArea/GetRaccomandazioni',
    pageSize: PAGE_SIZE.recommendations,
    orderByFields: 'Datapubblicazione',
    unavailable: 'Raccomandazioni non disponibili',
  },
};

/** The press review (spec §2.9): date, newspaper, headline, LEGGI ONLINE. */
export const PRESS_REVIEW: SearchableArchive<'pressReview'> = {
  path: '/area-riservata-rassegna',
  title: 'Rassegna stampa',
  description: 'La rassegna stampa per Soci e Affiliati.',
  searchHeading: 'Cerca nella rassegna stampa',
  pagingLabel: 'Pagine della rassegna stampa',
  Item: PressReviewItem,
  source: {
    archive: 'pressReview',
    endpoint: '/api/v1/SharepointContent/GetRassegneStampa',
    pageSize: PAGE_SIZE.pressReview,
    orderByFields: 'Datapubblicazione',
    unavailable: 'Rassegna stampa non disponibile',
  },
};

/** Board opinions (spec §2.9): the pareri-intro text, then the list; LEGGI opens the detail. */
export const OPINIONS: SearchableArchive<'opinions'> = {
  path: '/area-riservata-pareri',
  title: 'Pareri del Consiglio Direttivo',
  description: 'I pareri del Consiglio Direttivo per Soci e Affiliati.',
  searchHeading: "Cerca nell'archivio dei Pareri",
  intro: { key: 'pareri-intro', testId: 'pareri-intro' },
  pagingLabel: 'Pagine dei pareri',
  Item: OpinionItem,
  source: {
    archive: 'opinions',
    endpoint: '/api/v1/ReservedArea/GetPareriCD',
    pageSize: PAGE_SIZE.opinions,
    orderByFields: OPINION_ORDER,
    unavailable: 'Pareri non disponibili',
  },
};

const ASSEMBLIES = {
  searchHeading: "Cerca nell'archivio delle Assemblee",
  pagingLabel: 'Pagine delle assemblee',
  Item: AssemblyItem,
} as const;

const assembliesSource = (territory: 'Nazionali' | 'Regionali'): ArchiveSource<'assemblies'> => ({
  archive: 'assemblies',
  endpoint: '/api/v1/ReservedArea/GetAssemblee',
  pageSize: PAGE_SIZE.assemblies,
  orderByFields: 'Data',
  territory,
  unavailable: 'Assemblee non disponibili',
});

/** National assemblies (spec §2.9): search by text, year, month and section. */
export const NATIONAL_ASSEMBLIES: SearchableArchive<'assemblies'> = {
  ...ASSEMBLIES,
  path: '/area-riservata-assemblee',
  title: 'Assemblee nazionali',
  description: 'Documenti delle assemblee nazionali per Soci e Affiliati.',
  withSections: true,
  source: assembliesSource('Nazionali'),
};

/** Regional assemblies (spec §2.9): "the same layout as national", section select included. */
export const REGIONAL_ASSEMBLIES: SearchableArchive<'assemblies'> = {
  ...ASSEMBLIES,
  path: '/area-riservata-assemblee-regionali',
  title: 'Assemblee regionali',
  description: 'Documenti delle assemblee regionali per Soci e Affiliati.',
  withSections: true,
  source: assembliesSource('Regionali'),
};

/**
 * The five searchable archives (spec §2.9), each at its own address: one route module serves
 * them all (`routes/area-riservata-archivio.tsx`, registered once per archive in routes.ts).
 */
export const SEARCHABLE_ARCHIVES: readonly ArchiveRoute[] = [
  archiveRoute(RECOMMENDATIONS),
  archiveRoute(OPINIONS),
  archiveRoute(PRESS_REVIEW),
  archiveRoute(NATIONAL_ASSEMBLIES),
  archiveRoute(REGIONAL_ASSEMBLIES),
];

function RecommendationItem({ item }: { item: Recommendation }) {
  return (
    <div className="card-body">
      <p className="text-muted small mb-1">
        {italianDate(item.dataPubblicazione)}
        {item.sourceName ? ` · ${item.sourceName}` : ''}
      </p>
      <h2 className="h5">{item.title}</h2>
      {item.sourceUrl ? (
        <ExternalLink href={item.sourceUrl} className="btn btn-sm btn-primary">
          {ARCHIVE_COPY.read}
        </ExternalLink>
      ) : item.attachments[0] === undefined ? null : (
        // Without a source address, LEGGI opens the first attachment (spec §2.9).
        <ReservedDocumentButtons
          serverRelativeUrl={item.attachments[0].serverRelativeUrl}
          subject={item.title}
          readLabel={ARCHIVE_COPY.read}
        />
      )}
    </div>
  );
}

function PressReviewItem({ item }: { item: PressReview }) {
  return (
    <div className="card-body">
      <p className="text-muted small mb-1">
        {italianDate(item.date)} · {item.testata}
      </p>
      <h2 className="h5">{item.headline}</h2>
      {item.url ? (
        <ExternalLink href={item.url} className="btn btn-sm btn-primary">
          LEGGI ONLINE
          <span className="visually-hidden">: {item.headline}</span>
        </ExternalLink>
      ) : null}
    </div>
  );
}

function OpinionItem({ item }: { item: Opinion }) {
  return (
    <div className="card-body">
      <p className="text-muted small mb-1">{opinionDate(item)}</p>
      <h2 className="h5">{item.title}</h2>
      <Link
        to={`/area-riservata-pareri-dettaglio?id=${item.id}`}
        className="btn btn-sm btn-primary"
      >
        {ARCHIVE_COPY.read}
        <span className="visually-hidden">: {item.title}</span>
      </Link>
    </div>
  );
}

/** An assembly: title, date and place, and its documents with LEGGI and SCARICA PDF. */
function AssemblyItem({ item }: { item: Assembly }) {
  return (
    <div className="card-body">
      <h2 className="h5">{item.title}</h2>
      <p className="text-muted small">
        {italianDate(item.data)} · {item.luogo}
      </p>
      <ul className="list-unstyled mb-0" data-testid="assembly-documents">
        {item.attachments.map((attachment) => (
          <li
            key={attachment.serverRelativeUrl}
            className="d-flex flex-wrap align-items-center gap-2 py-1"
          >
            <span className="me-auto">{cleanFileName(attachment.fileName)}</span>
            <ReservedDocumentButtons
              serverRelativeUrl={attachment.serverRelativeUrl}
              subject={cleanFileName(attachment.fileName)}
              readLabel={ARCHIVE_COPY.read}
              downloadLabel={ARCHIVE_COPY.downloadPdf}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
