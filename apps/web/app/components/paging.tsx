import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * Previous and next page of a public list: a link where there is a page that way, a disabled
 * item otherwise; `children` stand between the two (the news show the page number there).
 */
export function PreviousNextNav({
  label,
  className,
  previous,
  next,
  children,
}: {
  label: string;
  className?: string;
  previous: { href: string | null; text: string };
  next: { href: string | null; text: string };
  children?: ReactNode;
}) {
  return (
    <nav aria-label={label} className={className}>
      <ul className="pagination justify-content-center">
        <PagingItem href={previous.href} rel="prev" text={previous.text} />
        {children}
        <PagingItem href={next.href} rel="next" text={next.text} />
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
