import {
  REGISTRATION_MESSAGES,
  type RegistrationAnswer,
  type RegistrationOutcome,
  type RegistrationQuote,
  type RegistrationRefusal,
  type RegistrationRequest,
} from '@sodalis/contracts';

/**
 * The registration form's fields (ADR 049), named as the API's issue paths name them, so a
 * refusal lands next to its field: the same names posted without scripts to the page's action
 * and read by its client action.
 */
export const REGISTRATION_FIELDS = {
  typeId: 'typeId',
  addonIds: 'addonIds',
  accessCode: 'accessCode',
  fiscalCode: 'fiscalCode',
  professionCode: 'professionCode',
  disciplineCode: 'disciplineCode',
  otherProfession: 'otherProfession',
  employment: 'employment',
  employer: 'employer',
  wantsInvoice: 'wantsInvoice',
  invoiceName: 'invoice.name',
  invoiceTaxId: 'invoice.taxId',
  invoiceRecipientCode: 'invoice.recipientCode',
  invoicePec: 'invoice.pec',
  requestKey: 'requestKey',
} as const;

/** What the person typed, kept between the two steps (hidden in the second) and after a refusal. */
export interface RegistrationFields {
  typeId: string;
  addonIds: string[];
  accessCode: string;
  fiscalCode: string;
  /** A code of the national lists, «altra», or blank (ADR 059). */
  professionCode: string;
  disciplineCode: string;
  otherProfession: string;
  employment: string;
  employer: string;
  wantsInvoice: boolean;
  invoiceName: string;
  invoiceTaxId: string;
  invoiceRecipientCode: string;
  invoicePec: string;
  requestKey: string;
}

/** The buttons' `intent`: the first step asks the quote, the second confirms or goes back. */
export const REGISTRATION_INTENTS = { quote: 'riepilogo', confirm: 'conferma', edit: 'modifica' };

/** Where the form is after a submission. */
export type RegistrationStep =
  | { step: 'form'; fields: RegistrationFields; issues: RegistrationRefusal['issues'] }
  | { step: 'quote'; fields: RegistrationFields; quote: RegistrationQuote }
  | { step: 'done'; answer: RegistrationAnswer };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

export function fieldsOfForm(form: FormData): RegistrationFields {
  const names = REGISTRATION_FIELDS;
  return {
    typeId: text(form, names.typeId),
    addonIds: form
      .getAll(names.addonIds)
      .filter((value): value is string => typeof value === 'string' && value !== ''),
    accessCode: text(form, names.accessCode),
    fiscalCode: text(form, names.fiscalCode),
    professionCode: text(form, names.professionCode),
    disciplineCode: text(form, names.disciplineCode),
    otherProfession: text(form, names.otherProfession),
    employment: text(form, names.employment),
    employer: text(form, names.employer),
    wantsInvoice: form.get(names.wantsInvoice) !== null,
    invoiceName: text(form, names.invoiceName),
    invoiceTaxId: text(form, names.invoiceTaxId),
    invoiceRecipientCode: text(form, names.invoiceRecipientCode),
    invoicePec: text(form, names.invoicePec),
    requestKey: text(form, names.requestKey),
  };
}

/** The API's body (`RegistrationRequest`) of the fields; the server's schema checks it. */
export function requestOfFields(fields: RegistrationFields): RegistrationRequest {
  return {
    typeId: fields.typeId === '' ? undefined : fields.typeId,
    addonIds: fields.addonIds,
    accessCode: fields.accessCode,
    fiscalCode: fields.fiscalCode,
    professionCode: fields.professionCode,
    disciplineCode: fields.disciplineCode,
    otherProfession: fields.otherProfession,
    employment: fields.employment,
    employer: fields.employer,
    invoice: fields.wantsInvoice
      ? {
          name: fields.invoiceName,
          taxId: fields.invoiceTaxId,
          recipientCode: fields.invoiceRecipientCode,
          pec: fields.invoicePec,
        }
      : null,
    requestKey: fields.requestKey,
  };
}

/** The form field an issue's path names (`addonIds.0` is the add-ons'); null for none. */
export function fieldOfIssue(path: string): string | null {
  const names: readonly string[] = Object.values(REGISTRATION_FIELDS);
  if (names.includes(path)) return path;
  const first = path.split('.')[0] ?? '';
  return first !== 'invoice' && names.includes(first) ? first : null;
}

/** A refusal saying one must sign in (no session, or one the server ended). */
export function signInRefusal(status = 401): RegistrationRefusal {
  return {
    ok: false,
    status,
    issues: [{ path: 'event', message: REGISTRATION_MESSAGES.signInRequired }],
  };
}

/** The calls a submission makes: through the page's context, or the API with scripts. */
export interface RegistrationCalls {
  quote(body: RegistrationRequest): Promise<RegistrationOutcome<RegistrationQuote>>;
  register(body: RegistrationRequest): Promise<RegistrationOutcome<RegistrationAnswer>>;
}

/**
 * One submission of the form, the same with or without scripts (ADR 022): "Modifica" goes back
 * to the first step with what was typed, "Conferma iscrizione" registers, anything else asks the
 * quote of the second step; a refusal goes back to the first step with its issues.
 */
export async function registrationStep(
  form: FormData,
  calls: RegistrationCalls,
): Promise<RegistrationStep> {
  const fields = fieldsOfForm(form);
  const intent = form.get('intent');
  // A session the server no longer accepts: one must sign in again.
  const refused = (refusal: RegistrationRefusal): RegistrationStep => ({
    step: 'form',
    fields,
    issues: refusal.status === 401 ? signInRefusal().issues : refusal.issues,
  });
  if (intent === REGISTRATION_INTENTS.edit) return { step: 'form', fields, issues: [] };
  if (intent === REGISTRATION_INTENTS.confirm) {
    const answer = await calls.register(requestOfFields(fields));
    return answer.ok ? { step: 'done', answer: answer.data } : refused(answer);
  }
  const quote = await calls.quote(requestOfFields(fields));
  return quote.ok ? { step: 'quote', fields, quote: quote.data } : refused(quote);
}
