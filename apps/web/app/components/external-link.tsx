import { externalLink, type ExternalLinkKind, type ExternalLinksContent } from '@sodalis/contracts';
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
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

/**
 * The link to another site of one kind, as the secretariat last saved it (ADR 035): the frame's
 * loader reads the list once per page; its default until the frame's data is there.
 */
export function useExternalLink(kind: ExternalLinkKind) {
  // The root route's data (root.tsx `loader`); typed here, as importing it would be a cycle.
  const frame = useRouteLoaderData('root') as { links?: ExternalLinksContent | null } | undefined;
  return externalLink(frame?.links, kind);
}
