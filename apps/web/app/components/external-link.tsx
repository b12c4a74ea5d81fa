import {
  type ExternalLink as SavedExternalLink,
  type ExternalLinkKind,
  type ExternalLinksContent,
} from '@sodalis/contracts';
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
 * loader reads the list once per page, every kind filled in on the server (defaults included,
 * so they stay out of the pages' JavaScript); null only without the frame's data (error pages).
 */
export function useExternalLink(kind: ExternalLinkKind): SavedExternalLink | null {
  // The root route's data (root.tsx `loader`); typed here, as importing it would be a cycle.
  const frame = useRouteLoaderData('root') as { links?: ExternalLinksContent } | undefined;
  return frame?.links?.collegamenti.find((link) => link.tipo === kind) ?? null;
}

/** A telephone number people can call with a tap: `tel:` without the spaces it is written with. */
export function PhoneLink({ number }: { number: string }) {
  return <a href={`tel:${number.replace(/\s/g, '')}`}>{number}</a>;
}
