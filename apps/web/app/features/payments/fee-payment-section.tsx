import type { Fee, PaymentSettings } from '@sodalis/contracts';
import {
  DuesLoading,
  DuesSignIn,
  DuesWithoutScripts,
  OpenDuesPanel,
  useMemberDues,
} from './open-dues-panel';
import { PaymentPanel, type PaymentPanelKind } from './payment-panel';

/**
 * The Pagamento tab's payment (spec §2.11, ADR 012, ADR 029 amended 2026-11-27): one panel for
 * whoever is looking. A signed-in member sees only their own dues ("Le tue quote": PayPal and
 * the bank transfer); the general fee form of the spec (any fee, a name, a year) is for people
 * not signed in — with the prompt to sign in above it — and for accounts without dues (staff).
 * Before scripts nobody is known (the session lives in the tab): the general form, and what the
 * member's dues need.
 */
export function FeePaymentSection({
  kind,
  fees,
  paypalClientId,
  bankAccount,
}: {
  kind: PaymentPanelKind;
  fees: Fee[];
} & PaymentSettings) {
  const { state, reload } = useMemberDues();
  const general = <PaymentPanel kind={kind} fees={fees} paypalClientId={paypalClientId} />;
  switch (state.kind) {
    case 'beforeScripts':
      return (
        <>
          <DuesWithoutScripts bankAccount={bankAccount} />
          {general}
        </>
      );
    case 'visitor':
    case 'expired':
      return (
        <>
          <DuesSignIn reason={state.kind} />
          {general}
        </>
      );
    case 'noDues':
      return general;
    case 'loading':
      return <DuesLoading />;
    case 'member':
      return <OpenDuesPanel view={state.view} paypalClientId={paypalClientId} onPaid={reload} />;
  }
}
