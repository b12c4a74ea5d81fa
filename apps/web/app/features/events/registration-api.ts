import type {
  ApiErrorBody,
  MyRegistration,
  RegistrationAnswer,
  RegistrationOutcome,
  RegistrationQuote,
  RegistrationRefusal,
} from '@sodalis/contracts';
import { ApiError, apiRequest } from '../../api/api-client';
import { signInRefusal, type RegistrationCalls } from './registration-fields';

/** The service did not answer as it should: said at the top of the form. */
export const REGISTRATION_UNAVAILABLE =
  'Il servizio delle iscrizioni non risponde: riprova tra qualche minuto.';

/** The registrations' API (ADR 049), under `/api/v1/Events`. */
export const REGISTRATIONS_API = {
  quote: (eventId: number) => `/api/v1/Events/${eventId}/Registrations/Quote`,
  register: (eventId: number) => `/api/v1/Events/${eventId}/Registrations`,
  mine: '/api/v1/Events/MyRegistrations',
  cancel: (id: number) => `/api/v1/Events/Registrations/${id}/Cancel`,
  accept: (id: number) => `/api/v1/Events/Registrations/${id}/Accept`,
  payPal: (id: number) => `/api/v1/Events/Registrations/${id}/PayPal`,
} as const;

/** A failed call as the form shows it: the API's issues, or why there are none. */
export function refusalOf(error: unknown): RegistrationRefusal {
  if (error instanceof ApiError) {
    if (error.status === 401) return signInRefusal();
    const body = error.body as Partial<ApiErrorBody> | null;
    const issues = body?.error?.issues;
    return {
      ok: false,
      status: error.status,
      issues:
        issues !== undefined && issues.length > 0
          ? issues
          : [{ path: '(corpo)', message: body?.error?.message ?? REGISTRATION_UNAVAILABLE }],
    };
  }
  return {
    ok: false,
    status: 503,
    issues: [{ path: '(corpo)', message: REGISTRATION_UNAVAILABLE }],
  };
}

/** A call of the API from the browser, with the tab's session, as an outcome. */
async function outcomeOf<T>(url: string, body: unknown): Promise<RegistrationOutcome<T>> {
  try {
    const data = await apiRequest<T>(url, { body });
    return data === null ? refusalOf(null) : { ok: true, data };
  } catch (error) {
    return refusalOf(error);
  }
}

/** The form's calls with scripts: the API itself, with the tab's session (ADR 010). */
export function browserRegistrationCalls(eventId: number): RegistrationCalls {
  return {
    quote: (body) => outcomeOf<RegistrationQuote>(REGISTRATIONS_API.quote(eventId), body),
    register: (body) => outcomeOf<RegistrationAnswer>(REGISTRATIONS_API.register(eventId), body),
  };
}

/** "Annulla iscrizione" or "Accetta il posto" with scripts. */
export function browserRegistrationChange(
  change: 'cancel' | 'accept',
  registrationId: number,
): Promise<RegistrationOutcome<RegistrationAnswer>> {
  return outcomeOf<RegistrationAnswer>(REGISTRATIONS_API[change](registrationId), {});
}

/** "Le mie iscrizioni" with the tab's session; null when it could not be read. */
export async function browserMyRegistrations(): Promise<MyRegistration[] | null> {
  try {
    return (await apiRequest<MyRegistration[]>(REGISTRATIONS_API.mine)) ?? [];
  } catch (error) {
    console.warn('iscrizioni non lette', error);
    return null;
  }
}
