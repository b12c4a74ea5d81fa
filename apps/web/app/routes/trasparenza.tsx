import type { Route } from './+types/trasparenza';
import { Breadcrumb } from '../components/breadcrumb';
import { breadcrumbLd, pageMeta } from '../format/meta';
import {
  TRANSPARENCY_COPY,
  TransparencySections,
} from '../features/transparency/transparency-page';

/** "Società trasparente" (ADR 026), rendered on the server and kept like the other public pages. */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await context.transparency.page() };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: TRANSPARENCY_COPY.title,
    description: TRANSPARENCY_COPY.description,
  }),
  breadcrumbLd(matches, [{ label: TRANSPARENCY_COPY.title, to: '/trasparenza' }]),
];

export default function TransparencyRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: TRANSPARENCY_COPY.title }]} />
      <h1 className="mb-4">{TRANSPARENCY_COPY.title}</h1>
      <TransparencySections page={loaderData.page} />
    </div>
  );
}
