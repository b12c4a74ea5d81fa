import {
  priceInWindow,
  registrationEligibilityText,
  type PriceWindow,
  type PublicEvent,
} from '@sodalis/contracts';
import { italianMoment, priceText } from './event-format';

/**
 * The event's registration fees (ADR 048): a row per type with its price in each window, the
 * window in force marked (the server's answer says which), who may choose each type; then the
 * add-ons.
 */
export function EventPrices({ event }: { event: PublicEvent }) {
  if (event.registrationTypes.length === 0 && event.addons.length === 0) return null;
  const windows: { window: PriceWindow; label: string }[] = [
    ...(event.earlyBirdUntil === null
      ? []
      : [
          {
            window: 'early' as const,
            label: `Early bird (fino al ${italianMoment(event.earlyBirdUntil)})`,
          },
        ]),
    { window: 'standard', label: 'Standard' },
    ...(event.onsiteFrom === null
      ? []
      : [{ window: 'onsite' as const, label: `In sede (dal ${italianMoment(event.onsiteFrom)})` }]),
  ];
  const current = event.priceWindow;
  return (
    <section aria-labelledby="quote-iscrizione" className="mb-4">
      <h2 id="quote-iscrizione" className="h4">
        Quote di iscrizione
      </h2>
      {event.registrationTypes.length === 0 ? null : (
        <div className="table-responsive">
          <table className="table align-middle">
            <caption className="visually-hidden">
              Le quote di iscrizione per tipo e periodo; in grassetto quelle in vigore ora.
            </caption>
            <thead>
              <tr>
                <th scope="col">Tipo di iscrizione</th>
                {windows.map(({ window, label }) => (
                  <th key={window} scope="col" className="text-end">
                    {label}
                    {window === current ? (
                      <span className="d-block small fw-normal">in vigore ora</span>
                    ) : null}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {event.registrationTypes.map((type) => (
                <tr key={type.id}>
                  <th scope="row" className="fw-normal">
                    <span className="fw-semibold">{type.name}</span>
                    {type.description === null ? null : (
                      <span className="d-block small">{type.description}</span>
                    )}
                    <span className="d-block small text-body-secondary">
                      {registrationEligibilityText(type) +
                        (type.requiresApproval ? ', soggetta ad approvazione' : '')}
                    </span>
                  </th>
                  {windows.map(({ window }) => (
                    <td
                      key={window}
                      className={`text-end text-nowrap${window === current ? ' fw-bold' : ''}`}
                    >
                      {priceText(priceInWindow(type, window))}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {event.addons.length === 0 ? null : (
        <>
          <h3 className="h5">Servizi aggiuntivi</h3>
          <ul>
            {event.addons.map((addon) => (
              <li key={addon.id}>
                {addon.name}: {priceText(addon.priceCents)}
                {addon.description === null ? null : ` — ${addon.description}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
