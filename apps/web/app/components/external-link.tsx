import {
  externalLink,
  isSitePath,
  type ExternalLinkKind,
  type ExternalLinksContent,
} from '@sodalis/contracts';
import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
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

/**
 * A link the secretariat typed (ADR 035): a path of this site navigates inside it, an https
 * address opens in a new tab like every link to another site (spec §2.3).
 */
export function ContentLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  return isSitePath(to) ? (
    <Link to={to} className={className}>
      {children}
    </Link>
  ) : (
    <ExternalLink href={to} className={className}>
      {children}
    </ExternalLink>
  );
}

/** A telephone number people can call with a tap: `tel:` without the spaces it is written with. */
export function PhoneLink({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/\s/g, '')}`}>{number}</a>;
}
