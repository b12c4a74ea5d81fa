import { ITALIAN_MONTHS } from '@sodalis/contracts';
import { useState, type InputHTMLAttributes, type SelectHTMLAttributes } from 'react';
import { Link } from 'react-router';

/**
 * The fields of the public lists' search boxes (the news, spec §2.6, and the reserved
 * archives, §2.9): the same labels and behaviour on every list, each box choosing its ids and
 * columns.
 */

/** A labelled text field in a grid column. */
export function LabelledInput({
  column,
  label,
  id,
  ...input
}: { column: string; label: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={column}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-control" {...input} />
    </div>
  );
}

/** A labelled select of `options` after a first "all" choice (the empty value). */
export function ChoiceSelect({
  column,
  label,
  id,
  allLabel,
  options,
  optionValue = (option) => option,
  ...select
}: {
  column: string;
  label: string;
  id: string;
  allLabel: string;
  options: readonly string[];
  /** The submitted value of an option, its text unless given. */
  optionValue?: (option: string, index: number) => string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={column}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select id={id} className="form-select" {...select}>
        <option value="">{allLabel}</option>
        {options.map((option, index) => (
          <option key={option} value={optionValue(option, index)}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The search text ("Testo", parameter `q`). */
export function SearchTextField({
  column,
  id,
  title,
}: {
  column: string;
  id: string;
  title: string;
}) {
  return (
    <LabelledInput
      column={column}
      label="Testo"
      id={id}
      name="q"
      type="search"
      defaultValue={title}
      maxLength={200}
    />
  );
}

/** Year and month (parameters `anno`, `mese`): the month stays disabled until a year. */
export function YearMonthFields({
  column,
  idPrefix,
  search,
  years,
}: {
  column: string;
  idPrefix: string;
  search: { year: number | null; month: number | null };
  years: string[];
}) {
  const [year, setYear] = useState(search.year === null ? '' : String(search.year));
  return (
    <>
      <ChoiceSelect
        column={column}
        label="Anno"
        id={`${idPrefix}-anno`}
        name="anno"
        allLabel="Tutti gli anni"
        options={years}
        value={year}
        onChange={(event) => setYear(event.target.value)}
      />
      <ChoiceSelect
        column={column}
        label="Mese"
        id={`${idPrefix}-mese`}
        name="mese"
        allLabel="Tutti i mesi"
        options={ITALIAN_MONTHS}
        optionValue={(_, index) => String(index + 1)}
        defaultValue={search.month === null ? '' : String(search.month)}
        disabled={year === ''}
      />
    </>
  );
}

/** The search button and the reset link back to the list's bare address. */
export function SearchButtons({
  resetTo,
  searchText,
  resetText,
}: {
  resetTo: string;
  searchText: string;
  resetText: string;
}) {
  return (
    <div className="d-flex gap-2 mt-3">
      <button type="submit" className="btn btn-primary">
        {searchText}
      </button>
      <Link to={resetTo} className="btn btn-outline-secondary">
        {resetText}
      </Link>
    </div>
  );
}
