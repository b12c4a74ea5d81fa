import { italianDate } from '@sodalis/contracts';
import { data } from 'react-router';
import type { Route } from './+types/cookie';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';

/** The cookie policy (spec §2.11): dated 23.09.2024, technical cookies only. */
export async function loader({ context }: Route.LoaderArgs) {
  const [policy] = await context.content.siteContents(['cookie-policy']);
  if (policy?.chiave !== 'cookie-policy') throw data(null, { status: 404 });
  return { policy: policy.contenuto };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Cookie policy',
    description: 'Il sito usa solo cookie tecnici: quali sono e come gestirli.',
  });

export default function CookiePage({ loaderData }: Route.ComponentProps) {
  const { policy } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Cookie policy' }]} />
      <h1>Cookie policy</h1>
      <p className="text-body-secondary">
        Aggiornata al {italianDate(policy.data).replace(/\//g, '.')}
      </p>
      {/* Sanitised on the server with the rich-text allowlist. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: policy.corpo }} />
      {/* Fixed with the code that decides it (ADR 022): PayPal loads only on "Paga con PayPal". */}
      <section aria-labelledby="cookie-paypal" className="mt-4" data-testid="cookie-paypal">
        <h2 id="cookie-paypal" className="h4">
          Pagamento delle quote con PayPal
        </h2>
        <p>
          Le pagine di iscrizione per Soci e Affiliati permettono di pagare la quota con PayPal. Gli
          script di PayPal vengono caricati solo quando premi “Paga con PayPal”: da quel momento
          PayPal può impostare i propri cookie, tecnici e di sicurezza, necessari a completare il
          pagamento e a prevenire le frodi. Il sito non usa questi cookie e non ne legge il
          contenuto. Per sapere quali sono e come gestirli consulta l’informativa sui cookie di
          PayPal sul sito paypal.com.
        </p>
      </section>
    </div>
  );
}
