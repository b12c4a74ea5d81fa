import { lazy, Suspense } from 'react';
import { STAFF_ROLES } from '@sodalis/contracts';
import type { Route } from './+types/amministrazione';
import { pageMeta } from '../format/meta';
import { requireUser } from '../shared/session/guard';
import { currentUser } from '../shared/session/session';
import { borrowStaffSession } from '../shared/session/staff-tabs';

/**
 * The secretariat's back office (ADR 013). It runs only in the browser, behind the
 * guard for the staff roles (ADR 031; others go home, no session goes to sign-in); the server checks
 * every call again. react-admin and its editor load from this route only, in their own chunk.
 * A new tab without a session first asks the back office's other tabs for theirs (ADR 023).
 */
export async function clientLoader() {
  if (currentUser() === null) await borrowStaffSession();
  return { user: requireUser([...STAFF_ROLES]) };
}

const AdminApp = lazy(() => import('../admin-app'));

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
