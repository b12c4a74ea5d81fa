import { ContentLink } from './external-link';

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
