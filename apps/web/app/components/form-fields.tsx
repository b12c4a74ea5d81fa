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
