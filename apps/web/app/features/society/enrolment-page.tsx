import { feesFor, type BoardMember, type PageSetupElement } from '@sodalis/contracts';
import type { ReactNode } from 'react';
import type { AppLoadContext } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { ShareBar, shareTargetOf, type ShareTarget } from '../../shared/sharing/share-links';
import { BackToAbout } from './back-link';
import { BoardGallery } from './board-gallery';
import { activeTab, PageTabs, type PageTab } from './page-tabs';
import { SetupElementPanel } from './setup-element-panel';

/** Members' and affiliates' pages (spec §2.11): four tabs from setup elements and the board. */
export type EnrolmentKind = 'soci' | 'affiliati';

const TABS: PageTab[] = [
  { id: 'iscrizione', label: 'Iscrizione' },
  { id: 'pagamento', label: 'Pagamento' },
  { id: 'richiesta', label: 'Richiesta' },
  { id: 'carichesociali', label: 'Cariche Sociali' },
];

export async function loadEnrolmentPage(
  kind: EnrolmentKind,
  request: Request,
  context: AppLoadContext,
) {
  const keys = TABS.map((tab) => `chisiamo-${kind}-${tab.id}`);
  const [elements, board] = await Promise.all([
    context.content.setupElements(keys),
    context.content.boardMembers(),
  ]);
  const byKey = new Map(elements.map((element) => [element.title, element]));
  // Spec §2.11: the Richiesta tab is shown only when its content exists.
  const tabs = TABS.filter(
    (tab) => tab.id !== 'richiesta' || byKey.has(`chisiamo-${kind}-richiesta`),
  );
  const tab = activeTab(request, tabs);
  const title = kind === 'soci' ? 'Soci' : 'Affiliati';
  // Spec §6: the members' page offers the "Socio" fees, the affiliates' page the "Affiliato" ones.
  const payment =
    tab.id === 'pagamento'
      ? {
          fees: feesFor(await context.content.fees(), kind === 'soci' ? 'Socio' : 'Affiliato'),
          paypalClientId: context.payments.paypalClientId,
          bankAccount: context.payments.bankAccount,
        }
      : null;
  return {
    kind,
    tabs,
    active: tab.id,
    element: byKey.get(`chisiamo-${kind}-${tab.id}`) ?? null,
    payment,
    board,
    share: shareTargetOf(request, context.society.xHandle, `${title} | ${context.society.acronym}`),
  };
}

export function EnrolmentPage({
  title,
  path,
  tabs,
  active,
  element,
  board,
  share,
  children,
}: {
  title: string;
  path: string;
  tabs: PageTab[];
  active: string;
  element: PageSetupElement | null;
  board: BoardMember[];
  share: ShareTarget;
  /** What the active tab shows below its text (the payment panel on Pagamento). */
  children?: ReactNode;
}) {
  const activeLabel = tabs.find((tab) => tab.id === active)?.label ?? '';
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Chi siamo', to: '/chi-siamo' }, { label: title }]} />
      <h1 className="mb-4">{title}</h1>
      <PageTabs tabs={tabs} active={active} basePath={path} />
      <section aria-labelledby="scheda-attiva" data-testid="tab-panel">
        <h2 id="scheda-attiva" className="h4">
          {activeLabel}
        </h2>
        <SetupElementPanel
          element={element ?? undefined}
          downloadLabel={active === 'richiesta' ? 'Scarica il Modulo' : 'Scarica il PDF'}
        />
        {children}
      </section>
      <BoardGallery members={board} />
      <ShareBar {...share} />
      <BackToAbout />
    </div>
  );
}
