import type { Route } from './+types/contatti';
import { Breadcrumb } from '../components/breadcrumb';
import { ExternalLink, PhoneLink } from '../components/external-link';
import { pageMeta } from '../format/meta';

/** Contacts (spec §2.11): secretariat address, phone, social page, the e-mail table. */
export async function loader({ context }: Route.LoaderArgs) {
  const [contacts] = await context.content.siteContents(['contatti']);
  return { contacts: contacts?.chiave === 'contatti' ? contacts.contenuto : null };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contatti',
    description: 'Sede, telefono e indirizzi e-mail della segreteria nazionale.',
  });

export default function ContactsPage({ loaderData }: Route.ComponentProps) {
  const { contacts } = loaderData;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Contatti' }]} />
      <h1 className="mb-4">Contatti</h1>
      {contacts === null ? (
        <p>I contatti non sono ancora stati pubblicati.</p>
      ) : (
        <>
          <section aria-labelledby="segreteria" className="mb-4">
            <h2 id="segreteria" className="h4">
              Segreteria nazionale
            </h2>
            <address className="mb-2">{contacts.indirizzo}</address>
            <p className="mb-2">
              Telefono: <PhoneLink number={contacts.telefono} />
            </p>
            <p>
              <ExternalLink href={contacts.social.url}>{contacts.social.etichetta}</ExternalLink>
            </p>
          </section>
          <section aria-labelledby="email">
            <h2 id="email" className="h4">
              Indirizzi e-mail
            </h2>
            <table className="table contacts-table" data-testid="contacts-table">
              <caption className="visually-hidden">
                Indirizzi e-mail della segreteria per argomento
              </caption>
              <thead>
                <tr>
                  <th scope="col">Per</th>
                  <th scope="col">Scrivi a</th>
                </tr>
              </thead>
              <tbody>
                {contacts.email.map((row) => (
                  <tr key={row.ruolo}>
                    <td>{row.ruolo}</td>
                    <td>
                      <a href={`mailto:${row.indirizzo}`}>{row.indirizzo}</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  );
}
