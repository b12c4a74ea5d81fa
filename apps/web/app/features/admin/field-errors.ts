/**
 * The form field an API error belongs to. The API names a field by its path (`title`,
 * `newAttachments.1`, `aziende.0.sito`); the form marks the first segment, and uploads sent as
 * `newX` (new files beside the kept ones) are the form's `x` field (`newPhoto` → `photo`).
 */
export function formFieldOf(apiPath: string): string {
  const first = apiPath.split('.')[0] ?? apiPath;
  return /^new[A-Z]/.test(first) ? `${first.charAt(3).toLowerCase()}${first.slice(4)}` : first;
}

/** Field messages for react-admin's form, one per field (the first the server gave). */
export function formErrorsOf(issues: { path: string; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[formFieldOf(issue.path)] ??= issue.message;
  return errors;
}
