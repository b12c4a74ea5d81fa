/**
 * A member number from MEMBER_NUMBER_FORMAT (ADR 024): `{n}` the progressive, `{n:5}` padded
 * to five digits, `{anno}` the year of the ratification.
 */
export function formatMemberNumber(format: string, progressive: number, year: number): string {
  return format
    .replaceAll('{anno}', String(year))
    .replace(/\{n(?::([1-9]))?\}/, (_match, width: string | undefined) =>
      String(progressive).padStart(Number(width ?? 0), '0'),
    );
}
