import { badgeCodeText, type FileContent, type MyBadge } from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';
import { showDocument } from '../../shared/documents/open-document';

/** Downloads the holder's badge or certificate PDF (a document to keep: always a download). */
async function download(registrationId: number, what: 'Badge' | 'Certificate'): Promise<void> {
  try {
    const file = await apiRequest<FileContent>(
      `/api/v1/Events/Registrations/${registrationId}/${what}`,
    );
    if (file !== null) showDocument(file, 0);
  } catch (error) {
    console.warn('Documento non disponibile', error);
  }
}

/**
 * A confirmed registration's badge in "Le mie iscrizioni" (ADR 051): the QR code to show at the
 * entrance and exit, its code to read out, the badge and, once issued, the certificate as PDF.
 * The QR code and the code are in the page's first HTML; the downloads take scripts.
 */
export function RegistrationBadge({
  registrationId,
  badge,
}: {
  registrationId: number;
  badge: MyBadge;
}) {
  const code = badgeCodeText(badge.code);
  return (
    <section
      className="border rounded p-3 mb-3 d-flex flex-wrap gap-3 align-items-center"
      aria-labelledby={`badge-${registrationId}`}
      data-testid="registration-badge"
    >
      <img
        src={badge.qrDataUrl}
        width={160}
        height={160}
        alt={`Codice QR del badge ${code}`}
        className="bg-white"
      />
      <div>
        <h3 id={`badge-${registrationId}`} className="h6">
          Il tuo badge
        </h3>
        <p className="mb-2">
          Mostra il codice QR all’ingresso e all’uscita. Codice: <strong>{code}</strong>
        </p>
        <button
          type="button"
          className="btn btn-sm btn-outline-primary me-2 mb-1"
          onClick={() => void download(registrationId, 'Badge')}
        >
          Scarica il badge (PDF)
        </button>
        {badge.certificate === null ? null : (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary mb-1"
            onClick={() => void download(registrationId, 'Certificate')}
          >
            Attestato di partecipazione n. {badge.certificate.number} (PDF)
          </button>
        )}
      </div>
    </section>
  );
}
