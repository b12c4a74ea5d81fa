import { CERTIFICATE_STATE_LABELS, type CertificateVerification } from '@sodalis/contracts';

/**
 * A certificate of attendance or of ECM credits as anyone may check it (ADR 051, 060): its
 * number, the name and the event it was issued for, the credits and the event's ECM codes, and
 * whether it is valid or revoked; nothing else of the person.
 */
export function CertificateVerificationCard({
  certificate,
}: {
  certificate: CertificateVerification | null;
}) {
  if (certificate === null) {
    return (
      <div className="alert alert-warning" role="status" data-testid="certificate-unknown">
        Nessun attestato corrisponde a questo codice. Controlla l’indirizzo o il codice QR
        dell’attestato.
      </div>
    );
  }
  const valid = certificate.state === 'valid';
  return (
    <section
      className={`card border-${valid ? 'success' : 'danger'}`}
      aria-labelledby="esito-verifica"
      data-testid="certificate-verification"
      data-state={certificate.state}
    >
      <div className="card-body">
        <p id="esito-verifica" className={`h4 ${valid ? 'text-success' : 'text-danger'}`}>
          {certificate.ecm === undefined ? '' : 'ECM: '}
          {valid
            ? 'Attestato valido'
            : `Attestato revocato${certificate.revokedOn === null ? '' : ` il ${certificate.revokedOn}`}`}
        </p>
        <dl className="row mb-0">
          <dt className="col-sm-4">Numero</dt>
          <dd className="col-sm-8">{certificate.number}</dd>
          <dt className="col-sm-4">Intestato a</dt>
          <dd className="col-sm-8">{certificate.holderName}</dd>
          <dt className="col-sm-4">Evento</dt>
          <dd className="col-sm-8">{certificate.eventTitle}</dd>
          <dt className="col-sm-4">Date</dt>
          <dd className="col-sm-8">{certificate.eventDates}</dd>
          {certificate.ecm === undefined ? null : (
            <>
              <dt className="col-sm-4">Crediti ECM</dt>
              <dd className="col-sm-8" data-testid="certificate-ecm-credits">
                {certificate.ecm.creditsText}, acquisiti il {certificate.ecm.earnedOn}
              </dd>
              <dt className="col-sm-4">Evento ECM</dt>
              <dd className="col-sm-8">
                ID {certificate.ecm.eventCode}, edizione {certificate.ecm.edition} (provider n.{' '}
                {certificate.ecm.providerCode})
              </dd>
            </>
          )}
          <dt className="col-sm-4">Emesso il</dt>
          <dd className="col-sm-8">{certificate.issuedOn}</dd>
          <dt className="col-sm-4">Stato</dt>
          <dd className="col-sm-8">
            <strong>{CERTIFICATE_STATE_LABELS[certificate.state]}</strong>
          </dd>
        </dl>
      </div>
    </section>
  );
}
