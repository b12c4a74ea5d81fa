import type { Route } from './+types/dati-legali';
import { Breadcrumb } from '../components/breadcrumb';
import { pageMeta } from '../format/meta';

/** Legal data (spec §2.11): brand, company name, registered office, VAT number, certified mail. */
export async function loader({ context }: Route.LoaderArgs) {
  const [legal] = await context.content.siteContents(['dati-legali']);
  return { rows: legal?.chiave === 'dati-legali' ? legal.contenuto.righe : [] };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Dati legali',
    description: 'Denominazione, sede legale, partita IVA e PEC della società.',
  });

export default function LegalDataPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Dati legali' }]} />
      <h1 className="mb-4">Dati legali</h1>
      <table className="table" data-testid="legal-table">
        <caption className="visually-hidden">Dati legali della società</caption>
        <tbody>
          {loaderData.rows.map((row) => (
            <tr key={row.etichetta}>
              <th scope="row">{row.etichetta}</th>
              <td>{row.valore}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
