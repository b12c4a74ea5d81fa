import { ASSEMBLY_SECTIONS } from '@sodalis/contracts';
import { Form, Link } from 'react-router';
import {
  ChoiceSelect,
  type ChoiceField,
  SearchButtons,
  SearchTextField,
  YearMonthFields,
} from '../../components/list-search-fields';
import { PreviousNextNav } from '../../components/paging';
import { ARCHIVE_COPY, RESERVED_COPY } from '../../copy/reserved';
import type { ArchiveSearch } from './archive-search';

const SECTION_FIELD: ChoiceField = {
  column: 'col-12 col-md-6',
  label: 'Tipologia',
  name: 'sezione',
  allLabel: ARCHIVE_COPY.allSections,
};

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
        <SearchTextField column="col-12 col-md-6" id="archivio-q" title={search.title} />
        <YearMonthFields
          column="col-6 col-md-3"
          idPrefix="archivio"
          search={search}
          years={years}
        />
        {withSections ? (
          <ChoiceSelect
            idPrefix="archivio"
            field={SECTION_FIELD}
            options={ASSEMBLY_SECTIONS}
            defaultValue={search.section ?? ''}
          />
        ) : null}
      </div>
      <SearchButtons
        resetTo={path}
        searchText={ARCHIVE_COPY.search}
        resetText={ARCHIVE_COPY.reset}
      />
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
      <ArchivePreviousNext
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
export function ArchivePreviousNext({
  label,
  previousHref,
  nextHref,
}: {
  label: string;
  previousHref: string | null;
  nextHref: string | null;
}) {
  return (
    <PreviousNextNav
      label={label}
      previous={{ href: previousHref, text: ARCHIVE_COPY.previous }}
      next={{ href: nextHref, text: ARCHIVE_COPY.next }}
    />
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
