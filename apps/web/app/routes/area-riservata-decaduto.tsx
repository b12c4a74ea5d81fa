import { LAPSED_PAGE } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-decaduto';
import { privatePageMeta } from '../format/meta';
import { LapsedNotice } from '../features/membership/lapsed-notice';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: LAPSED_PAGE.title,
    description: 'Perché l’area riservata non è disponibile e come tornare socio.',
  }),
];

/** Where a lapsed member is sent by the reserved area's calls (ADR 024); no session needed. */
export default function LapsedPage() {
  return <LapsedNotice />;
}
