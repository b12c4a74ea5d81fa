import {
  ADMIN_MESSAGES,
  isHttpsAddress,
  isSitePath,
  isWebAddress,
  italianIssueMessage,
  SITE_TEXT_MESSAGES,
  withWebScheme,
} from '@sodalis/contracts';
import { formErrorsOf } from './field-errors';

/**
 * A web address checked before saving with the server's own rule (contracts `isWebAddress`);
 * an empty field is left to `required()` where the field needs a value. "www.…" passes: the
 * server adds `https://` (contracts `withWebScheme`).
 */
export function webAddress(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return isWebAddress(withWebScheme(String(value))) ? undefined : ADMIN_MESSAGES.webAddress;
}

/** What a form needs of a contracts schema (a zod schema): its `safeParse`. */
interface FormSchema {
  safeParse(
    input: unknown,
    params: { error: typeof italianIssueMessage },
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

/**
 * A whole form checked before saving with the schema the server parses the body with, so the
 * form shows the server's Italian messages on the same fields (docs/architecture.md, "Code and test conventions"; ADR 022). `toInput` turns
 * the form's record into the API's body; paths map to fields as the server's errors do.
 */
export function schemaRules(
  schema: FormSchema,
  toInput: (values: Record<string, unknown>) => unknown = (values) => values,
): (values: Record<string, unknown>) => Record<string, string> {
  return (values) => {
    const result = schema.safeParse(toInput(values), { error: italianIssueMessage });
    if (result.success) return {};
    return formErrorsOf(
      result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    );
  };
}

/** A button's or card's link (ADR 035): a path of this site or an https address ("www.…" too). */
export function siteLink(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const address = withWebScheme(String(value));
  return isSitePath(address) || isHttpsAddress(address) ? undefined : SITE_TEXT_MESSAGES.siteLink;
}

/** A link to another site (ADR 035): https only ("www.…" gets https:// on the server). */
export function httpsAddress(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return isHttpsAddress(withWebScheme(String(value))) ? undefined : SITE_TEXT_MESSAGES.httpsAddress;
}
