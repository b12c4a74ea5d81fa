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
