import {
  adminListHref,
  DUE_METHOD_LABELS,
  DUE_METHODS,
  DUE_STATUS_LABELS,
  DUE_STATUSES,
  STANDING_LABELS,
  STANDINGS,
  italianEuroText,
  romeDate,
  type DuesReport,
} from '@sodalis/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Title, useNotify } from 'react-admin';
import { adminJson, downloadExport } from '../../admin/data-provider';

/** The staff API of the report (the treasury's area, ADR 031). */
const REPORT_URL = '/api/v1/Admin/DuesReport';

/**
 * The dashboard of a year's dues (ADR 024, 029): members by standing and by the year's due,
 * collected by method, expected against collected, the work waiting, and the exports for the
 * accountant. Every figure is the server's, computed from the ledger.
 */
export function DuesDashboard() {
  const notify = useNotify();
  const currentYear = Number(romeDate().slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const [typed, setTyped] = useState(String(currentYear));
  const [report, setReport] = useState<DuesReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const yearId = useId();

  useEffect(() => {
    let current = true;
    adminJson<DuesReport>(`${REPORT_URL}?year=${year}`)
      .then((answer) => {
        if (current) setReport(answer);
      })
      .catch((failure: unknown) => {
        if (current)
          setError(failure instanceof Error ? failure.message : 'Riepilogo non disponibile.');
      });
    return () => {
      current = false;
    };
  }, [year]);

  const choose = (event: FormEvent) => {
    event.preventDefault();
    const chosen = Number(typed);
    if (!Number.isInteger(chosen) || chosen < 2000 || chosen > 2100) {
      setError('L’anno deve essere compreso tra il 2000 e il 2100.');
      return;
    }
    setError(null);
    setYear(chosen);
  };
  const download = (kind: 'csv' | 'xlsx') => {
    downloadExport(`${REPORT_URL}/Export.${kind}?year=${year}`, `quote-${year}.${kind}`).catch(
      (failure: unknown) =>
        notify(failure instanceof Error ? failure.message : 'Esportazione non riuscita.', {
          type: 'error',
        }),
    );
  };

  return (
    <div className="dues-dashboard">
      <Title title="Riepilogo delle quote" />
      <h1 className="h3">Riepilogo delle quote {year}</h1>
      <form onSubmit={choose} className="mb-3" noValidate>
        <label htmlFor={yearId}>Anno</label>{' '}
        <input
          id={yearId}
          name="year"
          inputMode="numeric"
          value={typed}
          aria-invalid={error === null ? undefined : true}
          aria-describedby={error === null ? undefined : `${yearId}-errore`}
          onChange={(event) => setTyped(event.target.value)}
        />{' '}
        <button type="submit">Mostra</button>
        {error === null ? null : (
          <p id={`${yearId}-errore`} role="alert" className="text-danger">
            {error}
          </p>
        )}
      </form>
      {report === null ? (
        <p>Caricamento del riepilogo…</p>
      ) : (
        <>
          <p>
            Posizione dei soci calcolata al {report.asOf.split('-').reverse().join('/')}:{' '}
            {report.members} soci con la quota {report.year} dovuta.
          </p>
          <table className="table">
            <caption>Soci per posizione</caption>
            <tbody>
              {STANDINGS.map((standing) => (
                <tr key={standing}>
                  <th scope="row">{STANDING_LABELS[standing]}</th>
                  <td>{report.byStanding[standing]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="table">
            <caption>Quote {report.year} per stato</caption>
            <tbody>
              {DUE_STATUSES.map((status) => (
                <tr key={status}>
                  <th scope="row">{DUE_STATUS_LABELS[status]}</th>
                  <td>{report.byDueStatus[status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="table">
            <caption>Incassato {report.year} per metodo</caption>
            <tbody>
              {DUE_METHODS.map((method) => (
                <tr key={method}>
                  <th scope="row">{DUE_METHOD_LABELS[method]}</th>
                  <td>{italianEuroText(report.collected.byMethod[method])}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Totale incassato</th>
                <td>{italianEuroText(report.collected.totalCents)}</td>
              </tr>
              <tr>
                <th scope="row">Atteso</th>
                <td>{italianEuroText(report.expectedCents)}</td>
              </tr>
              <tr>
                <th scope="row">Ancora da incassare</th>
                <td>
                  {italianEuroText(Math.max(0, report.expectedCents - report.collected.totalCents))}
                </td>
              </tr>
            </tbody>
          </table>
          <table className="table">
            {/* The fiscal year's money: by the day it came in, whatever year it pays (ADR 029). */}
            <caption>Entrate {report.year} per data di incasso</caption>
            <tbody>
              {DUE_METHODS.map((method) => (
                <tr key={method}>
                  <th scope="row">{DUE_METHOD_LABELS[method]}</th>
                  <td>{italianEuroText(report.receivedInYear.byMethod[method])}</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Totale ricevuto nel {report.year}</th>
                <td>{italianEuroText(report.receivedInYear.totalCents)}</td>
              </tr>
            </tbody>
          </table>
          <table className="table">
            <caption>Incassato per anno</caption>
            <thead>
              <tr>
                <th scope="col">Anno</th>
                {DUE_METHODS.map((method) => (
                  <th key={method} scope="col">
                    {DUE_METHOD_LABELS[method]}
                  </th>
                ))}
                <th scope="col">Totale</th>
              </tr>
            </thead>
            <tbody>
              {report.collectedByYear.map((collected) => (
                <tr key={collected.year}>
                  <th scope="row">{collected.year}</th>
                  {DUE_METHODS.map((method) => (
                    <td key={method}>{italianEuroText(collected.byMethod[method])}</td>
                  ))}
                  <td>{italianEuroText(collected.totalCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul>
            <li>
              <a href={adminListHref('domande-iscrizione', { status: 'pending' })}>
                Domande di iscrizione da esaminare: {report.applicationsWaiting}
              </a>
            </li>
            <li>
              <a href={adminListHref('bonifici', { status: 'review' })}>
                Bonifici da controllare: {report.bankRowsToReview}
              </a>
            </li>
          </ul>
          <h2 className="h5">Per il commercialista</h2>
          <p>Un rigo per socio con stato, importo, metodo, data e numero di ricevuta.</p>
          <Button label="Scarica CSV (Excel)" onClick={() => download('csv')} />{' '}
          <Button label="Scarica XLSX" onClick={() => download('xlsx')} />
        </>
      )}
    </div>
  );
}
