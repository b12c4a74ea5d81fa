import {
  APPLICATION_CV_MAX_BYTES,
  APPLICATION_MESSAGES,
  type MembershipApplicationResult,
} from '@sodalis/contracts';
import { data, type AppLoadContext } from 'react-router';

/** Room for the text fields and the multipart framing around the CV. */
const FIELDS_ALLOWANCE_BYTES = 64 * 1024;

export interface ApplicationActionData {
  result: MembershipApplicationResult;
  /** What was typed, to fill the form again after a refusal (never the CV). */
  fields: Record<string, string>;
}

/**
 * The "Iscriviti" form's action (ADR 024), the same with or without scripts: a body larger
 * than the CV allows is refused before it is read; the server's rules decide the rest.
 */
export async function applicationAction(request: Request, context: AppLoadContext) {
  const length = Number(request.headers.get('content-length') ?? Number.NaN);
  if (!Number.isFinite(length) || length > APPLICATION_CV_MAX_BYTES + FIELDS_ALLOWANCE_BYTES) {
    const issue = { path: 'cv', message: APPLICATION_MESSAGES.cvTooLarge };
    return data<ApplicationActionData>(
      {
        result: { ok: false, message: APPLICATION_MESSAGES.failed, issues: [issue] },
        fields: {},
      },
      { status: 413 },
    );
  }
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
  }
  const file = form.get('cv');
  const cv =
    file instanceof File && file.size > 0
      ? { fileName: file.name, content: new Uint8Array(await file.arrayBuffer()) }
      : null;
  const result = await context.membership.apply(fields, cv);
  const closedFor = result.ok ? undefined : result.retryAfterSeconds;
  return data<ApplicationActionData>(
    { result, fields: result.ok ? {} : fields },
    closedFor === undefined
      ? { status: result.ok ? 200 : 400 }
      : { status: 429, headers: { 'retry-after': String(closedFor) } },
  );
}
