import {
  REGISTER_ROW_OUTCOME_LABELS,
  REGISTER_ROW_OUTCOMES,
  type RegisterImportReport,
  type RegisterRowOutcome,
} from '@sodalis/contracts';
import { useRef, useState } from 'react';
import { Title, useNotify, useRedirect } from 'react-admin';
import { adminPath } from '../../admin/data-provider';
import { usePreviewedUpload } from '../../admin/previewed-upload';

/** The rows shown first: what needs a look before applying. */
const ORDER: RegisterRowOutcome[] = ['refused', 'create', 'update', 'unchanged'];

/**
 * The existing register taken over (ADR 042): choose the spreadsheet, read the preview (every
 * row with what applying does, refusals with their line and reason), then apply it all at once.
 * The same file applied again changes nothing.
 */
export function RegisterImportScreen() {
  const notify = useNotify();
  const redirect = useRedirect();
  const [problem, setProblem] = useState<string | null>(null);
  const summary = useRef<HTMLParagraphElement>(null);
  const {
    preview: report,
    busy,
    choose,
    apply,
  } = usePreviewedUpload<RegisterImportReport, RegisterImportReport>(
    `${adminPath('soci')}/Register`,
    {
      problem: setProblem,
      applied: (done) => {
        notify(done.message, { type: 'success' });
        redirect('list', 'soci');
      },
      previewed: () => requestAnimationFrame(() => summary.current?.focus()),
      unreadable: 'Il file non si legge.',
      failed: 'Importazione non riuscita: nulla è stato scritto.',
    },
  );

  const rows =
    report === null
      ? []
      : [...report.rows].sort(
          (a, b) => ORDER.indexOf(a.outcome) - ORDER.indexOf(b.outcome) || a.line - b.line,
        );
  const applicable = report !== null && report.counts.create + report.counts.update > 0;

  return (
    <div className="p-3">
      <Title title="Importa il registro dei soci" />
      <h1 className="h4">Importa il registro dei soci</h1>
      <p>
        Il foglio dei soci che la società tiene oggi (Excel .xlsx o CSV), una riga per socio.
        Colonne riconosciute: <strong>email</strong>, <strong>nome</strong>,{' '}
        <strong>cognome</strong> (obbligatorie), numero socio, codice fiscale, tipo (Socio o
        Affiliato), sezione, regione, primo anno e una colonna per anno (es. <em>2024</em>) con la
        data del pagamento e il metodo, «pagata» oppure «esonero». Prima vedi cosa succederà, poi
        importi tutto insieme; non vengono emesse ricevute per gli anni passati.
      </p>
      <label className="d-block mb-3">
        File del registro
        <input
          className="form-control"
          type="file"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </label>
      {problem === null ? null : (
        <p className="alert alert-danger" role="alert">
          {problem}
        </p>
      )}
      {report === null ? null : (
        <section aria-labelledby="registro-anteprima">
          <h2 id="registro-anteprima" className="h5">
            Anteprima
          </h2>
          <p ref={summary} tabIndex={-1} role="status">
            {report.message} (file letto come {report.format})
          </p>
          <ul data-testid="register-preview-counts">
            {REGISTER_ROW_OUTCOMES.filter((outcome) => report.counts[outcome] > 0).map(
              (outcome) => (
                <li key={outcome}>
                  {REGISTER_ROW_OUTCOME_LABELS[outcome]}: {report.counts[outcome]}
                </li>
              ),
            )}
          </ul>
          <table className="table table-sm">
            <caption>Le righe del file, le scartate per prime</caption>
            <thead>
              <tr>
                <th scope="col">Riga</th>
                <th scope="col">Socio</th>
                <th scope="col">Numero</th>
                <th scope="col">Anni pagati</th>
                <th scope="col">Esito</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>
                    {row.name}
                    <div className="small">{row.email}</div>
                  </td>
                  <td>{row.memberNumber ?? '—'}</td>
                  <td>
                    {row.paidYears.length === 0 ? '—' : row.paidYears.join(', ')}
                    {row.exemptYears.length === 0 ? null : (
                      <div className="small">esonerato: {row.exemptYears.join(', ')}</div>
                    )}
                  </td>
                  <td>
                    {REGISTER_ROW_OUTCOME_LABELS[row.outcome]}
                    {row.notes.length === 0 ? null : (
                      <div className="small">{row.notes.join(' ')}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy || !applicable}
            onClick={() => void apply()}
          >
            Importa {report.counts.create + report.counts.update} soci
          </button>
          {applicable ? null : (
            <p className="mt-2">Nessuna riga da importare: il registro è già tutto nel sito.</p>
          )}
        </section>
      )}
    </div>
  );
}
