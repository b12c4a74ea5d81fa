import type { ReactNode } from 'react';
import { NEW_TAB_HINT } from '../copy/site';

/** A link to another site: new tab, no opener, and a hint for screen readers (spec §2.3). */
export function ExternalLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className="visually-hidden"> {NEW_TAB_HINT}</span>
    </a>
  );
}
