import type { Article, FileContent } from '@sodalis/contracts';
import { useState } from 'react';
import { apiRequest } from '../../api/api-client';
import { NEW_TAB_HINT, NEWS_COPY } from '../../copy/site';
import { requireParameter, showDocument } from '../../shared/documents/open-document';

/**
 * "LEGGI SU <source>" (spec §2.6): a source address opens in a new tab; otherwise the
 * attachment is fetched (GetNewsFileById) and opened or downloaded (spec §2.15). Shown only
 * when the item has a source address or attachments. Failures are logged only (spec §7).
 */
export function ReadOnButton({ article }: { article: Article }) {
  const [busy, setBusy] = useState(false);
  const label = article.sourceName
    ? `${NEWS_COPY.readOn} ${article.sourceName.toUpperCase()}`
    : 'LEGGI';
  if (article.sourceUrl) {
    return (
      <a
        href={article.sourceUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="btn btn-sm btn-primary"
        data-testid="read-on"
      >
        {label}
        <span className="visually-hidden"> {NEW_TAB_HINT}</span>
      </a>
    );
  }
  if (article.attachments.length === 0) return null;

  async function openAttachment() {
    setBusy(true);
    try {
      const id = requireParameter(article.id);
      const file = await apiRequest<FileContent>(
        `/api/v1/SharepointContent/GetNewsFileById?id=${id}`,
      );
      if (file !== null) showDocument(file);
    } catch (error) {
      // Spec §7: failures loading news files are logged, nothing is shown.
      console.warn('Documento non disponibile', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="btn btn-sm btn-primary"
      onClick={openAttachment}
      disabled={busy}
      data-testid="read-on"
    >
      {label}
    </button>
  );
}
