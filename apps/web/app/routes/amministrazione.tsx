import { lazy, Suspense } from 'react';
import type { Route } from './+types/amministrazione';
import { pageMeta } from '../format/meta';
import { requireUser } from '../shared/session/guard';

/**
 * The secretariat's back office (ADR 013). It runs only in the browser, behind the
 * guard for role `segreteria` (others go home, no session goes to sign-in); the server checks
 * every call again. react-admin and its editor load from this route only, in their own chunk.
 */
export function clientLoader() {
  return { user: requireUser(['segreteria']) };
}

const AdminApp = lazy(() => import('../features/admin/admin-app'));

function AdminLoading() {
  return (
    <div className="container py-5" role="status">
      Caricamento dell’amministrazione…
    </div>
  );
}

export const HydrateFallback = AdminLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, { title: 'Amministrazione', description: 'Amministrazione del sito.' }),
  { name: 'robots', content: 'noindex' },
];

export default function AdministrationPage() {
  return (
    <Suspense fallback={<AdminLoading />}>
      <AdminApp />
    </Suspense>
  );
}
