import { useId, useState } from 'react';
import { useHydrated } from '../../state/hydrated';

/** What the copy button says after trying, in the live region beside it. */
export const COPY_MESSAGES = {
  button: 'Copia',
  copied: 'Copiato negli appunti.',
  failed: 'Copia non riuscita: seleziona il testo e copialo.',
} as const;

/**
 * A value to type into the bank's form (the IBAN, the causale): shown as people read it and
 * selectable whole with one click (`user-select: all`), so it is readable and copyable without
 * scripts too; with scripts a "Copia" button puts `value` (without the reading spaces) on the
 * clipboard and says so in a live region.
 */
export function CopyableText({
  value,
  shown = value,
  what,
  testId,
}: {
  /** What is copied. */
  value: string;
  /** What is shown (the IBAN in groups of four). */
  shown?: string;
  /** What it is, for the button's accessible name ("Copia l’IBAN"). */
  what: string;
  testId?: string;
}) {
  const ids = useId();
  const hydrated = useHydrated();
  const [said, setSaid] = useState('');
  const clipboard = hydrated && typeof navigator !== 'undefined' && navigator.clipboard;
  const copy = () => {
    if (!clipboard) return;
    navigator.clipboard.writeText(value).then(
      () => setSaid(COPY_MESSAGES.copied),
      () => setSaid(COPY_MESSAGES.failed),
    );
  };
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      <code id={`${ids}-value`} className="copyable-text" data-testid={testId}>
        {shown}
      </code>
      {clipboard ? (
        <>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={`${COPY_MESSAGES.button} ${what}`}
            aria-describedby={`${ids}-value`}
            onClick={copy}
          >
            {COPY_MESSAGES.button}
          </button>
          <span role="status" className="small">
            {said}
          </span>
        </>
      ) : null}
    </span>
  );
}
