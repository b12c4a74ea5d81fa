import { authorNames, type AttachmentRef, type MagazineArticle } from '@sodalis/contracts';
import { Link } from 'react-router';
import { ARCHIVE_COPY } from '../../copy/reserved';
import { ReservedDocumentButtons } from '../../shared/documents/reserved-document';
import { archiveHref, MAGAZINE_COPY, type IssueSummary } from './magazine';

/**
 * Read and download buttons of one PDF of the bulletin, side by side (spec §2.10, §2.15);
 * nothing where the issue or article has no PDF.
 */
export function PdfButtons({
  pdf,
  subject,
  readLabel,
  downloadLabel,
}: {
  pdf: AttachmentRef | null | undefined;
  subject: string;
  readLabel: string;
  downloadLabel: string;
}) {
  if (pdf === null || pdf === undefined) return null;
  return (
    <div className="d-flex flex-wrap gap-2">
      <ReservedDocumentButtons
        serverRelativeUrl={pdf.serverRelativeUrl}
        subject={subject}
        readLabel={readLabel}
        downloadLabel={downloadLabel}
      />
    </div>
  );
}

/** The issue's title with its whole-issue PDF buttons. */
export function IssueBlock({
  issue,
  headingLevel,
  readLabel,
}: {
  issue: IssueSummary;
  headingLevel: 'h1' | 'h3';
  readLabel: string;
}) {
  const Heading = headingLevel;
  return (
    <div className="card card-body mb-4 magazine-issue" data-testid="magazine-issue">
      <Heading className={headingLevel === 'h1' ? 'h2' : 'h4'}>{issue.title}</Heading>
      <PdfButtons
        pdf={issue.pdf}
        subject={issue.title}
        readLabel={readLabel}
        downloadLabel={MAGAZINE_COPY.downloadPdf}
      />
    </div>
  );
}

/** An issue's articles: title, authors, LEGGI and SCARICA PDF (spec §2.10). */
export function ArticleList({ articles }: { articles: MagazineArticle[] }) {
  if (articles.length === 0) {
    return (
      <p className="alert alert-light" data-testid="archive-empty">
        {ARCHIVE_COPY.empty}
      </p>
    );
  }
  return (
    <ul className="list-unstyled" data-testid="magazine-articles">
      {articles.map((article) => {
        const pdf = article.attachments[0];
        const authors = authorNames(article);
        return (
          <li key={article.id} className="card mb-3" data-testid="magazine-article">
            <div className="card-body">
              <h3 className="h5">{article.title}</h3>
              {authors.length === 0 ? null : (
                <p className="text-muted mb-2">{authors.join(', ')}</p>
              )}
              <PdfButtons
                pdf={pdf}
                subject={article.title}
                readLabel={MAGAZINE_COPY.read}
                downloadLabel={MAGAZINE_COPY.downloadPdf}
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Year buttons from 2019 to this year (spec §2.10): each opens that year's archive. */
export function YearButtons({ years, selected }: { years: string[]; selected: number | null }) {
  return (
    <nav aria-labelledby="rivista-anni" className="mt-4">
      <h2 id="rivista-anni" className="h5">
        {MAGAZINE_COPY.years}
      </h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2" data-testid="magazine-years">
        {years.map((year) => {
          const current = Number(year) === selected;
          return (
            <li key={year}>
              <Link
                to={archiveHref(Number(year))}
                className={`btn btn-sm ${current ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-current={current ? 'page' : undefined}
              >
                {year}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
