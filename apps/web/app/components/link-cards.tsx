import { isSitePath } from '@sodalis/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from './external-link';

export interface LinkCard {
  to: string;
  title: string;
  text: string;
}

/**
 * A grid of cards, each a link to a page (society pages, reserved-area menu); a card the
 * secretariat points to another site opens it in a new tab.
 */
export function LinkCards({ cards, testId }: { cards: LinkCard[]; testId?: string }) {
  return (
    <ul
      className="row row-cols-1 row-cols-md-2 row-cols-lg-3 g-3 list-unstyled"
      data-testid={testId}
    >
      {cards.map((card, index) => (
        <li key={`${index}:${card.to}`} className="col">
          <div className="card h-100">
            <div className="card-body">
              <h2 className="h5">
                <ContentLink to={card.to} className="stretched-link">
                  {card.title}
                </ContentLink>
              </h2>
              <p className="mb-0">{card.text}</p>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
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
