import type { Route } from './+types/verifica-attestato';
import { Breadcrumb } from '../components/breadcrumb';
import { privatePageMeta } from '../format/meta';
import { CertificateVerificationCard } from '../features/events/certificate-verification';

/**
 * `/verifica-attestato/<code>` (ADR 051): the address printed on a certificate of attendance as
 * a QR code. Read afresh at every request (a revocation shows at once) and never indexed: it
 * names a person.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const certificate = await context.certificates.verify(params.code.toUpperCase());
  return { certificate };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, {
    title: 'Verifica dell’attestato',
    description: 'Verifica di un attestato di partecipazione a un evento della società.',
  });

export function headers() {
  return { 'Cache-Control': 'no-store' };
}

export default function CertificateVerificationPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Verifica dell’attestato' }]} />
      <h1 className="mb-4">
        {loaderData.certificate?.ecm === undefined
          ? 'Verifica dell’attestato di partecipazione'
          : 'Verifica dell’attestato di crediti ECM'}
      </h1>
      <CertificateVerificationCard certificate={loaderData.certificate} />
    </div>
  );
}
