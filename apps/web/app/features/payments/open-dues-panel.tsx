import {
  buildPaymentOrder,
  DUES_SIGN_IN,
  STANDING_LABELS,
  type MemberDuesView,
  italianEuroText,
} from '@sodalis/contracts';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, apiRequest } from '../../api/api-client';
import { clearSession, currentUser, signInReturningTo } from '../../shared/session/session';
import { useHydrated } from '../../state/hydrated';
import { documentCspNonce } from './paypal-document';
import { PAYPAL_UNAVAILABLE_TEXT, PayPalCheckout, recordPayment } from './paypal-checkout';

const MY_DUES = '/api/v1/Membership/MyDues';

/**
 * A signed-in member's own dues on the payment tab (ADR 029): the standing, every open year
 * with its amount and the total, paid together in one PayPal checkout. Without a session (the
 * reminder's link opened in a new tab, or a session that ended) a prompt to sign in and come
 * back here (ADR 030); staff and accounts without a membership see only the general panel.
 */
export function OpenDuesPanel({ paypalClientId }: { paypalClientId: string | null }) {
  const ids = useId();
  const hydrated = useHydrated();
  const [view, setView] = useState<MemberDuesView | null>(null);
  const [payPalChosen, setPayPalChosen] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const [sessionEnded, setSessionEnded] = useState(false);
  const location = useLocation();
  // The session lives in the tab (sessionStorage), read once scripts run.
  const signIn = sessionEnded ? 'expired' : hydrated && currentUser() === null ? 'visitor' : null;

  useEffect(() => {
    if (!hydrated) return;
    const user = currentUser();
    if (user === null || user.role === 'segreteria') return;
    const abort = new AbortController();
    apiRequest<MemberDuesView>(MY_DUES, { signal: abort.signal })
      .then((answer) => setView(answer))
      .catch((error: unknown) => {
        setView(null);
        // The server ended the session (signed out elsewhere, password changed): say so.
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          setSessionEnded(true);
        }
      });
    return () => abort.abort();
  }, [hydrated, refresh]);

  // Before scripts run, and for good in a browser without them: the dues are read by the
  // script, so say what is needed (shown only where scripts are off).
  if (!hydrated)
    return (
      <noscript>
        <section
          className="card mt-4"
          aria-labelledby={`${ids}-title`}
          data-testid="dues-no-script"
        >
          <div className="card-body">
            <h3 id={`${ids}-title`} className="h5 card-title">
              Le tue quote
            </h3>
            <p className="mb-0">{DUES_SIGN_IN.noScript}</p>
          </div>
        </section>
      </noscript>
    );
  if (view === null && signIn !== null)
    return (
      <section className="card mt-4" aria-labelledby={`${ids}-title`} data-testid="dues-sign-in">
        <div className="card-body">
          <h3 id={`${ids}-title`} className="h5 card-title">
            Le tue quote
          </h3>
          <p>{DUES_SIGN_IN[signIn]}</p>
          <Link
            className="btn btn-outline-primary"
            to={signInReturningTo(`${location.pathname}${location.search}`)}
          >
            {DUES_SIGN_IN.link}
          </Link>
        </div>
      </section>
    );
  if (view === null) return null;
  const years = view.openYears.map((open) => open.year);
  const order =
    view.fee !== null && years.length > 0
      ? buildPaymentOrder({
          fee: { ...view.fee, accesso: {} },
          accountName: view.accountName,
          year: years[0] ?? 0,
          years,
        })
      : null;

  return (
    <section className="card mt-4" aria-labelledby={`${ids}-title`} data-testid="open-dues">
      <div className="card-body">
        <h3 id={`${ids}-title`} className="h5 card-title">
          Le tue quote
        </h3>
        <p>
          {view.memberNumber === null ? null : <>Socio n. {view.memberNumber} – </>}
          Stato: <strong data-testid="standing">{STANDING_LABELS[view.standing]}</strong>
        </p>
        {years.length === 0 ? (
          <p className="mb-0">Non hai quote da pagare.</p>
        ) : (
          <>
            <table className="table table-sm w-auto">
              <caption>Anni da pagare</caption>
              <thead>
                <tr>
                  <th scope="col">Anno</th>
                  <th scope="col" className="text-end">
                    Importo
                  </th>
                </tr>
              </thead>
              <tbody>
                {view.openYears.map((open) => (
                  <tr key={open.year}>
                    <td>{open.year}</td>
                    <td className="text-end">{italianEuroText(open.amountCents)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Totale</th>
                  <td className="text-end" data-testid="dues-total">
                    <strong>{italianEuroText(view.totalCents)}</strong>
                  </td>
                </tr>
              </tfoot>
            </table>
            {paypalClientId === null || view.fee === null ? (
              <p className="mb-0">{PAYPAL_UNAVAILABLE_TEXT}</p>
            ) : payPalChosen ? (
              <div data-testid="open-dues-paypal">
                <PayPalCheckout
                  clientId={paypalClientId}
                  cspNonce={documentCspNonce()}
                  order={order}
                  forceReRender={[years.join(','), view.totalCents]}
                  onCaptured={async (captured) => {
                    if (view.fee === null) return;
                    await recordPayment({
                      ...captured,
                      quotaId: view.fee.id,
                      anno: years[0] ?? 0,
                      anni: years,
                      nominativo: view.accountName,
                    });
                    setPayPalChosen(false);
                    setRefresh((count) => count + 1);
                  }}
                />
              </div>
            ) : (
              <button
                type="button"
                className="btn btn-primary"
                data-testid="open-dues-start"
                onClick={() => setPayPalChosen(true)}
              >
                Paga tutte le quote con PayPal ({italianEuroText(view.totalCents)})
              </button>
            )}
            {view.bankTransfer === null ? null : (
              <div className="mt-3" data-testid="bank-transfer">
                <h4 className="h6">Oppure con bonifico bancario</h4>
                <dl className="mb-0">
                  <dt>IBAN</dt>
                  <dd>{view.bankTransfer.iban}</dd>
                  <dt>Intestatario</dt>
                  <dd>{view.bankTransfer.holder}</dd>
                  <dt>Importo</dt>
                  <dd>{italianEuroText(view.totalCents)}</dd>
                  <dt>Causale (da copiare così com’è)</dt>
                  <dd>
                    <code data-testid="bank-causale">{view.bankTransfer.causale}</code>
                  </dd>
                </dl>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}
