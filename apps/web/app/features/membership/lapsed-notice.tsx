import { duesPaymentPath, LAPSED_PAGE } from '@sodalis/contracts';
import { Link } from 'react-router';

/**
 * Why a lapsed member no longer enters the reserved area, and the two ways back (ADR 024):
 * paying the arrears on the fee pages' payment tab (where the open years are listed, ADR 029),
 * or a new application.
 */
export function LapsedNotice() {
  return (
    <div className="container py-4">
      <h1>{LAPSED_PAGE.title}</h1>
      <p>{LAPSED_PAGE.why}</p>
      <h2 className="h4 mt-4">{LAPSED_PAGE.howTitle}</h2>
      <ul>
        <li>
          {LAPSED_PAGE.payArrears} <Link to={duesPaymentPath('Socio')}>Quote dei Soci</Link>,{' '}
          <Link to={duesPaymentPath('Affiliato')}>quote degli Affiliati</Link>.
        </li>
        <li>
          {LAPSED_PAGE.applyAgain} <Link to="/chi-siamo-iscrizione">Domanda di iscrizione</Link>.
        </li>
      </ul>
      <p>
        Per chiarimenti scrivi alla segreteria dalla pagina <Link to="/contatti">Contatti</Link>.
      </p>
    </div>
  );
}
