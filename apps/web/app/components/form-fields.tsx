import type { InputHTMLAttributes } from 'react';

/** A labelled input in a grid column (Bootstrap's form-label and form-control). */
export function LabelledInput({
  column,
  label,
  id,
  ...input
}: { column: string; label: string; id: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={column}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} className="form-control" {...input} />
    </div>
  );
}

/**
 * A labelled text input with its error underneath (the server's Italian message, ADR 022): the
 * field marked invalid and described by the message, and by a hint when it has one.
 */
export function CheckedInput({
  id,
  label,
  error,
  hint,
  className = 'mb-3',
  ...input
}: {
  id: string;
  label: string;
  error: string | undefined;
  hint?: string;
  className?: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const described = [hint === undefined ? null : `${id}-aiuto`, error ? `${id}-errore` : null]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described === '' ? undefined : described}
        {...input}
      />
      {hint === undefined ? null : (
        <div id={`${id}-aiuto`} className="form-text">
          {hint}
        </div>
      )}
      {error ? (
        <div id={`${id}-errore`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
