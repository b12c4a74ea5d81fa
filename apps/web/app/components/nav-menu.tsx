import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A navigation group that opens a list of links (the WAI-ARIA disclosure pattern), styled as a
 * Bootstrap dropdown. Keyboard: Enter/Space toggle, Escape closes and returns to the button,
 * arrow keys move between the links. Closes on navigation and on a click elsewhere.
 * (react-bootstrap's Dropdown would bring Popper into every page for a menu that needs none.)
 */
export function NavMenu({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const container = useRef<HTMLLIElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Closes on navigation: state adjusted while rendering, not in an effect (no second render).
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => [
    ...(container.current?.querySelectorAll<HTMLAnchorElement>('.dropdown-item') ?? []),
  ];

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    // The list renders on open; move focus once it is there.
    requestAnimationFrame(() => {
      const items = links();
      const current = items.indexOf(document.activeElement as HTMLAnchorElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        current === -1
          ? step === 1
            ? 0
            : items.length - 1
          : (current + step + items.length) % items.length;
      items[next]?.focus();
    });
  }

  return (
    <li className="nav-item dropdown" ref={container} onKeyDown={onKeyDown} data-testid={testId}>
      <button
        ref={button}
        type="button"
        className={`nav-link dropdown-toggle btn btn-link${open ? ' show' : ''}`}
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      <ul id={`${id}-menu`} className={`dropdown-menu${open ? ' show' : ''}`} hidden={!open}>
        {children}
      </ul>
    </li>
  );
}
