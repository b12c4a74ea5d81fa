import { MEMBER_PROFILE_MESSAGES } from '@sodalis/contracts';
import type { Route } from './+types/area-riservata-profilo';
import { PageLoading } from '../components/page-loading';
import { privatePageMeta } from '../format/meta';
import { loadProfile, ProfilePage } from '../features/membership/profile';
import { ReservedBreadcrumb } from '../features/reserved-area/reserved-breadcrumb';

/** "Il mio profilo" (ADR 030): loaded in the browser behind the reserved guard. */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadProfile(request);
}

export const HydrateFallback = PageLoading;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    title: MEMBER_PROFILE_MESSAGES.title,
    description: 'I tuoi dati di socio, le quote, le ricevute e i consensi.',
  }),
];

export default function MemberProfileRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container py-4">
      <ReservedBreadcrumb trail={[{ label: MEMBER_PROFILE_MESSAGES.title }]} />
      <ProfilePage data={loaderData} />
    </div>
  );
}
