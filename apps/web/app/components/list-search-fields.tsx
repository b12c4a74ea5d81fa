import { ITALIAN_MONTHS } from '@sodalis/contracts';
import { useState, type SelectHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { LabelledInput } from './form-fields';

/**
 * The fields of the public lists' search boxes (the news, spec §2.6, and the reserved
 * archives, §2.9): the same labels and behaviour on every list, each box choosing its ids and
 * columns.
 */

/** What a choice select shows: its grid column, label, parameter name and first "all" choice. */
export interface ChoiceField {
  column: string;
  label: string;
  name: string;
  allLabel: string;
}

/** A labelled select (id `<idPrefix>-<name>`) of `options` after the "all" choice (empty value). */
export function ChoiceSelect({
  idPrefix,
  field,
  options,
  optionValue = (option) => option,
  ...select
}: {
  idPrefix: string;
  field: ChoiceField;
  options: readonly string[];
  /** The submitted value of an option, its text unless given. */
  optionValue?: (option: string, index: number) => string;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = `${idPrefix}-${field.name}`;
  return (
    <div className={field.column}>
      <label htmlFor={id} className="form-label">
        {field.label}
      </label>
      <select id={id} name={field.name} className="form-select" {...select}>
        <option value="">{field.allLabel}</option>
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
        idPrefix={idPrefix}
        field={{ column, label: 'Anno', name: 'anno', allLabel: 'Tutti gli anni' }}
        options={years}
        value={year}
        onChange={(event) => setYear(event.target.value)}
      />
      <ChoiceSelect
        idPrefix={idPrefix}
        field={{ column, label: 'Mese', name: 'mese', allLabel: 'Tutti i mesi' }}
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
