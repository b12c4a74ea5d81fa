import { ASSEMBLY_SECTIONS, ITALIAN_MONTHS } from '@sodalis/contracts';
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { ARCHIVE_COPY, RESERVED_COPY } from '../../copy/reserved';
import type { ArchiveSearch } from './archive-search';

/** The archive search box (spec §2.9): text, year, month disabled until a year, CERCA, RESET. */
export function ArchiveSearchBox({
  path,
  heading,
  search,
  years,
  withSections = false,
}: {
  path: string;
  heading: string;
  search: ArchiveSearch;
  years: string[];
  /** The assemblies' section select ("Tutte le tipologie"). */
  withSections?: boolean;
}) {
  const [year, setYear] = useState(search.year === null ? '' : String(search.year));
  return (
    <Form
      method="get"
      action={path}
      className="card card-body mb-4"
      role="search"
      aria-labelledby="archivio-cerca"
    >
      <h2 id="archivio-cerca" className="h5">
        {heading}
      </h2>
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <label htmlFor="archivio-q" className="form-label">
            Testo
          </label>
          <input
            id="archivio-q"
            name="q"
            type="search"
            className="form-control"
            defaultValue={search.title}
            maxLength={200}
          />
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="archivio-anno" className="form-label">
            Anno
          </label>
          <select
            id="archivio-anno"
            name="anno"
            className="form-select"
            value={year}
            onChange={(event) => setYear(event.target.value)}
          >
            <option value="">{ARCHIVE_COPY.allYears}</option>
            {years.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <div className="col-6 col-md-3">
          <label htmlFor="archivio-mese" className="form-label">
            Mese
          </label>
          <select
            id="archivio-mese"
            name="mese"
            className="form-select"
            defaultValue={search.month === null ? '' : String(search.month)}
            disabled={year === ''}
          >
            <option value="">{ARCHIVE_COPY.allMonths}</option>
            {ITALIAN_MONTHS.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        {withSections ? (
          <div className="col-12 col-md-6">
            <label htmlFor="archivio-sezione" className="form-label">
              Tipologia
            </label>
            <select
              id="archivio-sezione"
              name="sezione"
              className="form-select"
              defaultValue={search.section ?? ''}
            >
              <option value="">{ARCHIVE_COPY.allSections}</option>
              {ASSEMBLY_SECTIONS.map((section) => (
                <option key={section} value={section}>
                  {section}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary">
          {ARCHIVE_COPY.search}
        </button>
        <Link to={path} className="btn btn-outline-secondary">
          {ARCHIVE_COPY.reset}
        </Link>
      </div>
    </Form>
  );
}

/**
 * PRECEDENTE / SUCCESSIVA by the page tokens walked so far (`pages`, kept in the address; the
 * current page is the last), and the menu button. `hrefFor` gives the address of a token list.
 */
export function ArchivePaging({
  label,
  pages,
  nextToken,
  hrefFor,
}: {
  label: string;
  pages: string[];
  nextToken: string | null;
  hrefFor: (pages: string[]) => string;
}) {
  return (
    <>
      <PreviousNextNav
        label={label}
        previousHref={pages.length === 0 ? null : hrefFor(pages.slice(0, -1))}
        nextHref={nextToken === null ? null : hrefFor([...pages, nextToken])}
      />
      <div className="text-center mt-3">
        <Link to="/area-riservata-homepage" className="btn btn-outline-primary">
          {RESERVED_COPY.menu}
        </Link>
      </div>
    </>
  );
}

/** PRECEDENTE and SUCCESSIVA: a link where there is a page that way, a disabled item otherwise. */
export function PreviousNextNav({
  label,
  previousHref,
  nextHref,
}: {
  label: string;
  previousHref: string | null;
  nextHref: string | null;
}) {
  return (
    <nav aria-label={label}>
      <ul className="pagination justify-content-center">
        <PagingItem href={previousHref} rel="prev" text={ARCHIVE_COPY.previous} />
        <PagingItem href={nextHref} rel="next" text={ARCHIVE_COPY.next} />
      </ul>
    </nav>
  );
}

function PagingItem({
  href,
  rel,
  text,
}: {
  href: string | null;
  rel: 'prev' | 'next';
  text: string;
}) {
  return (
    <li className={`page-item${href === null ? ' disabled' : ''}`}>
      {href === null ? (
        <span className="page-link" aria-disabled="true">
          {text}
        </span>
      ) : (
        <Link className="page-link" to={href} rel={rel}>
          {text}
        </Link>
      )}
    </li>
  );
}

/** The rich text of a setup element above a reserved page's content (sanitised on the server). */
export function SetupIntro({ html, testId }: { html: string; testId: string }) {
  if (html === '') return null;
  return (
    <div
      className="rich-text mb-4"
      data-testid={testId}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
