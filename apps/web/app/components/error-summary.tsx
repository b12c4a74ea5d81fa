import { useEffect, useId, useRef } from 'react';

/**
 * What a refused form says at its top (WCAG 3.3.1, 3.3.3): every issue in the server's Italian
 * words, each a link to its field when it has one; with scripts the focus moves here, so a
 * screen reader reads it first. Without scripts it is the first thing of the page's form.
 */
export function ErrorSummary({
  issues,
  fieldIdOf,
  title = 'Controlla i dati indicati',
  testId,
}: {
  issues: readonly { path: string; message: string }[];
  /** The id of the field an issue's path names, or null (the summary alone says it). */
  fieldIdOf: (path: string) => string | null;
  title?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (issues.length > 0) ref.current?.focus();
  }, [issues]);
  if (issues.length === 0) return null;
  return (
    <div
      ref={ref}
      className="alert alert-danger"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
    >
      <h2 id={titleId} className="h5">
        {title}
      </h2>
      <ul className="mb-0">
        {issues.map((issue, index) => {
          const id = fieldIdOf(issue.path);
          return (
            <li key={`${issue.path}-${index}`}>
              {id === null ? issue.message : <a href={`#${id}`}>{issue.message}</a>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
