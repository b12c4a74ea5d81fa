import type { PageSetupElement } from '@sodalis/contracts';
import { publicDocumentHref } from '../../shared/documents/open-document';

/**
 * A setup element on a page (spec §2.11): its rich text, the first PDF as a download link and,
 * on screens 768 px or wider, an embedded preview of it. The tab's section around it carries
 * its heading (a plain `div` may not be named with `aria-labelledby`).
 */
export function SetupElementPanel({
  element,
  downloadLabel = 'Scarica il PDF',
}: {
  element: PageSetupElement | undefined;
  downloadLabel?: string;
}) {
  if (element === undefined) {
    return <p className="text-body-secondary">Contenuto non ancora disponibile.</p>;
  }
  const pdf = element.attachments[0];
  return (
    <div className="setup-element">
      {/* Sanitised on the server with the rich-text allowlist. */}
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: element.corpo }} />
      {pdf ? (
        <>
          <p>
            <a
              href={publicDocumentHref(pdf.serverRelativeUrl, true)}
              download={pdf.fileName}
              className="btn btn-primary"
              data-testid="setup-download"
            >
              {downloadLabel}
              <span className="visually-hidden"> ({pdf.fileName})</span>
            </a>
          </p>
          <iframe
            className="pdf-preview d-none d-md-block"
            src={publicDocumentHref(pdf.serverRelativeUrl)}
            title={`Anteprima di ${pdf.fileName}`}
            loading="lazy"
            data-testid="pdf-preview"
          />
        </>
      ) : null}
    </div>
  );
}
