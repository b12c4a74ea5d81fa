import { isSitePath } from '@sodalis/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from './external-link';

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
