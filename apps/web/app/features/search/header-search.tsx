import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { SEARCH_COPY, SearchBox } from './search-box';

/**
 * The header's search (ADR 025, amended 2026-11-28): a magnifier on the menu's row that opens
 * the search box in a panel below it, so the menu's entries keep one line each. A `<details>`,
 * so it opens without scripts or before they arrive (ADR 022), as the menu's groups do; once
 * hydrated the box takes the focus when it opens, and the panel closes on navigation, on a click
 * elsewhere and on Escape (after the suggestions, which the first Escape closes).
 */
export function HeaderSearch() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  // Closes on navigation: state adjusted while rendering, as the menu's groups do.
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    container.current?.querySelector('input')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <details
      ref={container}
      className="header-search"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open || event.defaultPrevented) return;
        event.preventDefault();
        setOpen(false);
        container.current?.querySelector('summary')?.focus();
      }}
      data-testid="header-search"
    >
      <summary className="header-search__toggle" aria-label={SEARCH_COPY.open}>
        <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
          <path
            d="M11.7 10.3a6.5 6.5 0 10-1.4 1.4l3.5 3.5 1.4-1.4-3.5-3.5zM6.5 11a4.5 4.5 0 110-9 4.5 4.5 0 010 9z"
            fill="currentColor"
          />
        </svg>
      </summary>
      <div className="header-search__panel">
        <SearchBox />
      </div>
    </details>
  );
}
