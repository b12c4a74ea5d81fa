import { useId, useState, type DragEvent } from 'react';
import type { PdfAttachments } from './use-pdf-attachments';
import { SPONSORSHIP_COPY as COPY } from './sponsorship-copy';

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('it-IT')} KB`;
}

/**
 * The attachments of the sponsorship form (spec §5, §9): a drop zone around a file picker, the
 * list of PDFs with a remove button each, and a progress bar while they are read.
 */
export function AttachmentsField({
  attachments,
  maxFiles,
  disabled,
}: {
  attachments: PdfAttachments;
  maxFiles: number;
  disabled: boolean;
}) {
  const id = useId();
  const [dragging, setDragging] = useState(false);
  const { items, notice, loading, progress } = attachments;
  const full = items.length >= maxFiles;

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) attachments.add(Array.from(event.dataTransfer.files));
  }

  return (
    <div className="attachments-field">
      <div
        className={`attachments-field__drop${dragging ? ' attachments-field__drop--over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="attachments-drop-zone"
      >
        <label htmlFor={`${id}-files`} className="form-label fw-semibold">
          {COPY.attachmentsLabel} <span aria-hidden="true">*</span>
        </label>
        <p id={`${id}-hint`} className="small text-body-secondary mb-2">
          {COPY.dropHint}
        </p>
        <input
          id={`${id}-files`}
          type="file"
          className="form-control"
          accept="application/pdf,.pdf"
          multiple
          disabled={disabled || full}
          aria-describedby={`${id}-hint ${id}-notice`}
          onChange={(event) => {
            attachments.add(Array.from(event.target.files ?? []));
            // The same file can be chosen again after being removed.
            event.target.value = '';
          }}
          data-testid="attachments-input"
        />
      </div>

      <p
        id={`${id}-notice`}
        className="attachments-field__notice small"
        role="status"
        data-testid="attachments-notice"
      >
        {notice}
      </p>

      {loading ? (
        <div className="attachments-field__progress">
          <label htmlFor={`${id}-progress`} className="small">
            {COPY.loading}
          </label>
          <progress
            id={`${id}-progress`}
            max={Math.max(1, progress.total)}
            value={progress.loaded}
            data-testid="attachments-progress"
          />
        </div>
      ) : null}

      {items.length > 0 ? (
        <ul className="list-unstyled attachments-field__list" aria-label={COPY.listLabel}>
          {items.map((item) => (
            <li key={item.key} className="attachments-field__item" data-testid="attachment">
              <span className="attachments-field__name">{item.name}</span>
              <span className="small text-body-secondary">
                {kilobytes(item.size)} · {item.content === null ? COPY.loadingItem : COPY.loaded}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary ms-auto"
                onClick={() => attachments.remove(item.key)}
                disabled={disabled}
                aria-label={`${COPY.remove} ${item.name}`}
              >
                {COPY.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
