/** The Italian message of a failed staff call (the data provider's), or `fallback`. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message !== '' ? error.message : fallback;
}
