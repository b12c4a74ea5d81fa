import {
  buildPaymentOrder,
  DUES_SIGN_IN,
  ibanGroups,
  isStaffRole,
  italianEuroText,
  STANDING_LABELS,
  type MemberDuesView,
  type PaymentSettings,
} from '@sodalis/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ApiError, apiRequest } from '../../api/api-client';
import { memberReceipts } from '../../shared/documents/member-receipts';
import { clearSession, currentUser, signInReturningTo } from '../../shared/session/session';
import { useHydrated } from '../../state/hydrated';
import { CopyableText } from './copyable-text';
import { PaymentConfirmation, type ReceiptState } from './payment-confirmation';
import { documentCspNonce } from './paypal-document';
import { PAYPAL_UNAVAILABLE_TEXT, PayPalCheckout, recordPayment } from './paypal-checkout';

const MY_DUES = '/api/v1/Membership/MyDues';

/** How many times, and how often, the page looks for the receipt the server numbers. */
const RECEIPT_LOOKS = 30;
const RECEIPT_LOOK_EVERY_MS = 2_000;

/**
 * Who is looking at the payment tab (ADR 029, 030): before scripts (the session lives in the
 * tab's storage, so nobody is known yet), a visitor or a session the server ended, an account
 * with no dues (staff, no membership, or the dues unreadable), a member whose dues are on their
 * way, or a member with their dues.
 */
export type DuesState =
  | { kind: 'beforeScripts' }
  | { kind: 'visitor' }
  | { kind: 'expired' }
  | { kind: 'noDues' }
  | { kind: 'loading' }
  | { kind: 'member'; view: MemberDuesView };

/** The signed-in member's dues (`MyDues`), read once scripts run; `reload` after paying. */
export function useMemberDues(): { state: DuesState; reload: () => void } {
  const hydrated = useHydrated();
  const [answer, setAnswer] = useState<MemberDuesView | 'noDues' | 'expired' | null>(null);
  const [refresh, setRefresh] = useState(0);
  const reload = useCallback(() => setRefresh((count) => count + 1), []);

  useEffect(() => {
    if (!hydrated) return;
    const user = currentUser();
    if (user === null || isStaffRole(user.role)) return;
    const abort = new AbortController();
    apiRequest<MemberDuesView>(MY_DUES, { signal: abort.signal })
      .then((view) => setAnswer(view ?? 'noDues'))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        // The server ended the session (signed out elsewhere, password changed): say so.
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          setAnswer('expired');
          return;
        }
        // No membership (404), or the dues unreadable: the general panel, as for staff.
        setAnswer('noDues');
      });
    return () => abort.abort();
  }, [hydrated, refresh]);

  if (!hydrated) return { state: { kind: 'beforeScripts' }, reload };
  if (answer === 'expired') return { state: { kind: 'expired' }, reload };
  const user = currentUser();
  if (user === null) return { state: { kind: 'visitor' }, reload };
  if (isStaffRole(user.role) || answer === 'noDues') return { state: { kind: 'noDues' }, reload };
  if (answer === null) return { state: { kind: 'loading' }, reload };
  return { state: { kind: 'member', view: answer }, reload };
}

/**
 * Before scripts, and for good in a browser without them: the dues are read by the script, so
 * say what is needed (shown only where scripts are off), with the society's account for a
 * transfer, readable and selectable as text.
 */
export function DuesWithoutScripts({
  bankAccount,
}: {
  bankAccount: PaymentSettings['bankAccount'];
}) {
  const ids = useId();
  return (
    <noscript>
      <section className="card mt-4" aria-labelledby={`${ids}-title`} data-testid="dues-no-script">
        <div className="card-body">
          <h3 id={`${ids}-title`} className="h5 card-title">
            Le tue quote
          </h3>
          <p>{DUES_SIGN_IN.noScript}</p>
          {bankAccount === null ? null : (
            <div data-testid="bank-transfer-no-script">
              <h4 className="h6">Bonifico bancario</h4>
              <dl>
                <dt>IBAN</dt>
                <dd>
                  <code className="copyable-text">{ibanGroups(bankAccount.iban)}</code>
                </dd>
                <dt>Intestatario</dt>
                <dd>{bankAccount.holder}</dd>
              </dl>
              <p className="mb-0">{BANK_CAUSALE_WITHOUT_SCRIPTS}</p>
            </div>
          )}
        </div>
      </section>
    </noscript>
  );
}

/** Without scripts the member's checked causale cannot be shown: staff match the transfer. */
const BANK_CAUSALE_WITHOUT_SCRIPTS =
  'Nella causale scrivi «Quota», il tuo nome e gli anni che paghi: la segreteria abbinerà il bonifico. Con JavaScript attivo, dopo l’accesso, trovi qui la causale che lo abbina da sé.';

/** Not signed in, or a session the server ended: sign in and come back here (ADR 030). */
export function DuesSignIn({ reason }: { reason: 'visitor' | 'expired' }) {
  const ids = useId();
  const location = useLocation();
  return (
    <section className="card mt-4" aria-labelledby={`${ids}-title`} data-testid="dues-sign-in">
      <div className="card-body">
        <h3 id={`${ids}-title`} className="h5 card-title">
          Le tue quote
        </h3>
        <p>{DUES_SIGN_IN[reason]}</p>
        <Link
          className="btn btn-outline-primary"
          to={signInReturningTo(`${location.pathname}${location.search}`)}
        >
          {DUES_SIGN_IN.link}
        </Link>
      </div>
    </section>
  );
}

/** The member's dues on their way: the panel's place kept, busy. */
export function DuesLoading() {
  const ids = useId();
  return (
    <section className="card mt-4" aria-labelledby={`${ids}-title`} aria-busy="true">
      <div className="card-body">
        <h3 id={`${ids}-title`} className="h5 card-title">
          Le tue quote
        </h3>
        <p className="mb-0">Caricamento delle tue quote…</p>
      </div>
    </section>
  );
}

/** What a paid checkout leaves: its line, and the receipts the member had before it. */
interface Paid {
  text: string;
  /** Null when they could not be read: the receipt is not looked for, it comes by e-mail. */
  knownReceipts: Set<number> | null;
}

/**
 * Looks for the receipt of the payment just made (the server numbers it once PayPal confirms
 * the capture, ADR 012/030): the member's first receipt that was not there before paying.
 */
function useReceiptOf(paid: Paid | null, found: () => void): ReceiptState {
  // What the looking found, for the payment it looked for (a newer payment starts again).
  const [result, setResult] = useState<{ paid: Paid; receipt: ReceiptState } | null>(null);
  useEffect(() => {
    const known = paid?.knownReceipts;
    if (paid === null || known === null || known === undefined) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let looks = 0;
    const look = async () => {
      looks += 1;
      try {
        const fresh = (await memberReceipts(abort.signal)).find(
          (candidate) => candidate.kind === 'receipt' && !known.has(candidate.id),
        );
        if (fresh !== undefined) {
          setResult({ paid, receipt: { kind: 'ready', receipt: fresh } });
          found();
          return;
        }
      } catch {
        if (abort.signal.aborted) return;
      }
      if (looks >= RECEIPT_LOOKS) setResult({ paid, receipt: { kind: 'later' } });
      else timer = setTimeout(() => void look(), RECEIPT_LOOK_EVERY_MS);
    };
    void look();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [paid, found]);
  if (paid?.knownReceipts === null) return { kind: 'later' };
  return result !== null && result.paid === paid ? result.receipt : { kind: 'waiting' };
}

/**
 * A signed-in member's own dues on the payment tab (ADR 029), the one panel they see: the
 * standing, every open year with its amount and the total, paid together in one PayPal checkout
 * or by bank transfer (IBAN in groups of four and the causale, each with "Copia"). After paying,
 * a confirmation stays with the receipt's number and its download (ADR 012, amended 2026-11-27).
 */
export function OpenDuesPanel({
  view,
  paypalClientId,
  onPaid,
}: {
  view: MemberDuesView;
  paypalClientId: string | null;
  /** Reads the dues again: the years paid are no longer open. */
  onPaid: () => void;
}) {
  const ids = useId();
  const [payPalChosen, setPayPalChosen] = useState(false);
  const [paid, setPaid] = useState<Paid | null>(null);
  const receipt = useReceiptOf(paid, onPaid);
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
        {paid === null ? null : <PaymentConfirmation paid={paid.text} receipt={receipt} />}
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
                    // The receipts before paying: the new one is the one not among them.
                    const knownReceipts = await memberReceipts().then(
                      (list) => new Set(list.map((known) => known.id)),
                      () => null,
                    );
                    await recordPayment({
                      ...captured,
                      quotaId: view.fee.id,
                      anno: years[0] ?? 0,
                      anni: years,
                      nominativo: view.accountName,
                    });
                    setPayPalChosen(false);
                    setPaid({
                      text: `${years.length === 1 ? 'Quota' : 'Quote'} ${years.join(', ')} – ${italianEuroText(view.totalCents)} – ordine PayPal ${captured.orderId}.`,
                      knownReceipts,
                    });
                    onPaid();
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
                  <dd>
                    <CopyableText
                      value={view.bankTransfer.iban.replace(/\s+/g, '').toUpperCase()}
                      shown={ibanGroups(view.bankTransfer.iban)}
                      what="l’IBAN"
                      testId="bank-iban"
                    />
                  </dd>
                  <dt>Intestatario</dt>
                  <dd>{view.bankTransfer.holder}</dd>
                  <dt>Importo</dt>
                  <dd>{italianEuroText(view.totalCents)}</dd>
                  <dt>Causale (da copiare così com’è)</dt>
                  <dd>
                    <CopyableText
                      value={view.bankTransfer.causale}
                      what="la causale"
                      testId="bank-causale"
                    />
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
