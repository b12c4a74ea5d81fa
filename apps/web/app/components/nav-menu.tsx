import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * A navigation group that opens a list of links, styled as a Bootstrap dropdown. It is a
 * `<details>` element, so it opens without JavaScript or before the scripts arrive (ADR 022);
 * once hydrated it also closes on navigation, on a click elsewhere and on Escape, and the arrow
 * keys move between the links. With `href` the group's name is itself a link (spec §2.3: the
 * "Chi siamo" header leads to /chi-siamo) and a separate toggle opens the list.
 * (react-bootstrap's Dropdown would bring Popper into every page for a menu that needs none.)
 */
export function NavMenu({
  label,
  href,
  children,
  testId,
}: {
  label: string;
  href?: string;
  children: ReactNode;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLLIElement>(null);
  const toggle = useRef<HTMLElement>(null);
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
      toggle.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!open) setOpen(true);
    // The list shows on open; move focus once it is there.
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
    <li
      className={`nav-item dropdown nav-menu${href ? ' nav-menu--split' : ''}`}
      ref={container}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      {href ? (
        <Link to={href} className="nav-link nav-menu__link">
          {label}
        </Link>
      ) : null}
      <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary
          ref={toggle}
          className={`nav-link dropdown-toggle${open ? ' show' : ''}`}
          aria-label={href ? `Altre pagine di ${label}` : undefined}
        >
          {href ? null : label}
        </summary>
        <ul className="dropdown-menu">{children}</ul>
      </details>
    </li>
  );
}
