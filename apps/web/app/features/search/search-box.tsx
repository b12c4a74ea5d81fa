import { MAX_SEARCH_QUERY_LENGTH, type SearchSuggestion } from '@sodalis/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigate } from 'react-router';
import { apiRequest } from '../../api/api-client';
import { useHydrated } from '../../state/hydrated';

export const SEARCH_PATH = '/cerca';

export const SEARCH_COPY = {
  label: 'Cerca nel sito',
  placeholder: 'Cerca…',
  button: 'Trova',
  suggestions: 'Suggerimenti',
  /** The header's magnifier that opens the box. */
  open: 'Ricerca nel sito',
} as const;

/** Wait after the last key before asking for suggestions. */
const SUGGEST_DELAY_MS = 200;

/**
 * The search box of the site header (ADR 025): a GET form to `/cerca`, so it works without
 * scripts; once hydrated it suggests titles while typing, as a WAI-ARIA combobox (arrows move,
 * Enter opens the highlighted suggestion, Escape closes the list).
 */
export function SearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [found, setFound] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef('');

  useEffect(() => {
    const text = query.trim();
    latest.current = text;
    if (!hydrated || text.length < 2) return;
    const timer = setTimeout(() => {
      apiRequest<SearchSuggestion[]>(`/api/v1/Search/Suggest?${new URLSearchParams({ q: text })}`)
        .then((answer) => {
          // An older answer arriving late must not replace a newer one.
          if (latest.current !== text) return;
          setFound(answer ?? []);
          setActive(-1);
        })
        .catch(() => setFound([]));
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query, hydrated]);

  // Too short a query shows none (the last answer stays for when it grows again).
  const suggestions = query.trim().length < 2 ? [] : found;
  const listId = `${id}-suggerimenti`;
  const expanded = open && suggestions.length > 0;
  const optionId = (index: number) => `${id}-suggerimento-${index}`;
  const choose = (suggestion: SearchSuggestion) => {
    setOpen(false);
    void navigate(suggestion.link);
  };

  return (
    <Form
      role="search"
      method="get"
      action={SEARCH_PATH}
      className="site-search d-flex"
      onSubmit={() => setOpen(false)}
    >
      <label htmlFor={`${id}-q`} className="visually-hidden">
        {SEARCH_COPY.label}
      </label>
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        className="form-control form-control-sm"
        placeholder={SEARCH_COPY.placeholder}
        autoComplete="off"
        maxLength={MAX_SEARCH_QUERY_LENGTH}
        value={query}
        {...(hydrated
          ? {
              role: 'combobox',
              'aria-autocomplete': 'list' as const,
              'aria-expanded': expanded,
              'aria-controls': listId,
              ...(expanded && active >= 0 ? { 'aria-activedescendant': optionId(active) } : {}),
            }
          : {})}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
          } else if (event.key === 'Escape' && expanded) {
            // Closes the list and keeps the text (a second Escape clears the field, natively).
            event.preventDefault();
            setOpen(false);
            setActive(-1);
          } else if (event.key === 'Enter' && expanded && active >= 0) {
            const suggestion = suggestions[active];
            if (suggestion !== undefined) {
              event.preventDefault();
              choose(suggestion);
            }
          }
        }}
      />
      {/* A magnifier, named "Trova": the lists' own search buttons are the page's "Cerca". */}
      <button type="submit" className="btn btn-sm btn-light ms-1" title={SEARCH_COPY.button}>
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
          <path
            d="M11.7 10.3a6.5 6.5 0 10-1.4 1.4l3.5 3.5 1.4-1.4-3.5-3.5zM6.5 11a4.5 4.5 0 110-9 4.5 4.5 0 010 9z"
            fill="currentColor"
          />
        </svg>
        <span className="visually-hidden">{SEARCH_COPY.button}</span>
      </button>
      {hydrated ? (
        <ul
          id={listId}
          role="listbox"
          aria-label={SEARCH_COPY.suggestions}
          className="site-search__suggestions"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={`${suggestion.link}-${suggestion.title}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              onMouseDown={(event) => {
                // Before the input's blur closes the list.
                event.preventDefault();
                choose(suggestion);
              }}
            >
              {suggestion.title}
              <span className="visually-hidden">, </span>
              <small className="d-block">{suggestion.label}</small>
            </li>
          ))}
        </ul>
      ) : null}
    </Form>
  );
}
