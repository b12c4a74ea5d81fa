import { HttpError } from 'react-admin';

/** The Italian message of a failed staff call (the data provider's), or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}

/**
 * The field errors of a refused staff call, by field (the data provider's `HttpError` body
 * `errors`, ADR 013); undefined when the refusal names no field.
 */
export function fieldErrorsOf<Field extends string>(
  failure: unknown,
): Partial<Record<Field, string>> | undefined {
  if (!(failure instanceof HttpError)) return undefined;
  const errors = (failure.body as { errors?: Record<string, string> } | undefined)?.errors;
  return errors === undefined || Object.keys(errors).length === 0
    ? undefined
    : (errors as Partial<Record<Field, string>>);
}

/**
 * The first message of each field among a schema's refusals (zod's `issues`, checked in the
 * browser before a staff call): the same shape `fieldErrorsOf` answers for the server's.
 */
export function fieldErrorsOfIssues<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<Field, string>> {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) found[String(issue.path[0] ?? '') as Field] ??= issue.message;
  return found;
}
