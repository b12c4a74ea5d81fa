import {
  CERTIFICATE_STATE_LABELS,
  creditsPhrase,
  type FileContent,
  type MyEcmCredits,
} from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';
import { showDocument } from '../../shared/documents/open-document';

/** Downloads the ECM certificate, issued at the first request (ADR 060). */
async function downloadCertificate(registrationId: number): Promise<void> {
  try {
    const file = await apiRequest<FileContent>(
      `/api/v1/Events/Registrations/${registrationId}/EcmCertificate`,
    );
    if (file !== null) showDocument(file, 0);
  } catch (error) {
    console.warn('Attestato ECM non disponibile', error);
  }
}

/**
 * A registration's ECM credits in "Le mie iscrizioni" once the event has ended (ADR 060): each
 * condition met or not, and why; the credits earned and the certificate to download. The
 * conditions are in the first HTML; the download takes scripts, as the other certificates.
 */
export function EcmCreditsPanel({
  registrationId,
  credits,
}: {
  registrationId: number;
  credits: MyEcmCredits;
}) {
  const titleId = `crediti-ecm-${registrationId}`;
  return (
    <section
      className={`border rounded p-3 mb-3 border-${credits.earned ? 'success' : 'secondary'}`}
      aria-labelledby={titleId}
      data-testid="ecm-credits"
      data-earned={credits.earned}
    >
      <h3 id={titleId} className="h6">
        Crediti ECM
      </h3>
      <p className="mb-2" data-testid="ecm-credits-outcome">
        {credits.earned ? (
          <strong>
            Hai ottenuto {creditsPhrase(credits.creditsText)} ECM (acquisiti il {credits.earnedOn}).
          </strong>
        ) : (
          <>
            Crediti ECM previsti: {credits.creditsText}. <strong>Non ancora ottenuti</strong>:
            servono tutte le condizioni qui sotto.
          </>
        )}
      </p>
      <ul className="list-unstyled mb-2">
        {credits.checks.map((check) => (
          <li key={check.condition} data-testid="ecm-credit-check" data-met={check.met}>
            <span aria-hidden="true">{check.met ? '✓' : '✗'}</span>{' '}
            <span className="visually-hidden">{check.met ? 'Fatto:' : 'Manca:'}</span> {check.text}
          </li>
        ))}
      </ul>
      {credits.certificate !== null && credits.certificate.state === 'revoked' ? (
        <p className="mb-2">
          Attestato ECM n. {credits.certificate.number}:{' '}
          {CERTIFICATE_STATE_LABELS[credits.certificate.state]}.
        </p>
      ) : null}
      {credits.earned ? (
        <button
          type="button"
          className="btn btn-sm btn-primary"
          onClick={() => void downloadCertificate(registrationId)}
          data-testid="ecm-certificate-download"
        >
          {credits.certificate === null
            ? 'Scarica l’attestato ECM (PDF)'
            : `Attestato ECM n. ${credits.certificate.number} (PDF)`}
        </button>
      ) : null}
    </section>
  );
}
