import type { AdminEvent, RegistrationAnswer } from '@sodalis/contracts';
import { expect, type APIRequestContext } from '@playwright/test';
import { signInThroughApi } from './session';

/** A Rome wall-clock time as the events' form takes it: `YYYY-MM-DDTHH:mm`. */
export function romeLocal(instant: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Rome',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const MINUTE = 60_000;

/**
 * An ECM course begun three hours ago and ending in an hour, created by the secretariat through
 * the API (ADR 056, 057): its ECM data (1 credit, the given profession and discipline), three
 * questions whose right option starts with «Giusta», the test open; `register` signs a person
 * up with those codes, `attend` counts them present the whole time (a signature sheet), `end`
 * ends the course a minute ago so the test opens.
 */
export async function ecmCourseUnderway(
  request: APIRequestContext,
  facts: { title: string; eventCode: string; professionCode: number; disciplineCode: number },
) {
  const staff = await signInThroughApi(request, 'segreteria.demo@example.org');
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const admin = async <T>(method: 'get' | 'post' | 'put', path: string, data?: object) => {
    const response = await request[method](`/api/v1/Admin${path}`, {
      ...(data === undefined ? {} : { data }),
      headers: as(staff),
    });
    expect(response.status(), await response.text()).toBe(200);
    return ((await response.json()) as { data: T }).data;
  };
  const now = Date.now();
  const body = {
    title: facts.title,
    startsAt: romeLocal(new Date(now - 3 * 60 * MINUTE)),
    endsAt: romeLocal(new Date(now + 60 * MINUTE)),
    mode: 'in-presenza',
    venueName: 'Aula',
    venueCity: 'Roma',
    ecmCredits: true,
    registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
    published: true,
  };
  const event = await admin<AdminEvent>('post', '/Events', body);
  await admin('put', `/Events/${event.id}/Ecm`, {
    type: 'residenziale',
    providerCode: '1234',
    eventCode: facts.eventCode,
    credits: 1,
    professions: [facts.professionCode],
    disciplines: [facts.disciplineCode],
  });
  for (const index of [1, 2, 3]) {
    await admin('post', `/Events/${event.id}/EcmTest/Questions`, {
      text: `Domanda ${index} sul plasma?`,
      options: [`Giusta ${index}`, `Errata A ${index}`, `Errata B ${index}`, `Errata C ${index}`],
      correct: 0,
    });
  }
  await admin('post', `/Events/${event.id}/EcmTest/Open`, {});
  return {
    event,
    admin,
    async register(username: string, extra: object = {}): Promise<number> {
      const person = await signInThroughApi(request, username);
      const registered = await request.post(`/api/v1/Events/${event.id}/Registrations`, {
        data: {
          requestKey: `e2eecm${Date.now().toString(36)}${event.id}x`,
          typeId: event.registrationTypes[0]?.id,
          addonIds: [],
          professionCode: facts.professionCode,
          disciplineCode: facts.disciplineCode,
          employment: 'dipendente',
          ...extra,
        },
        headers: as(person),
      });
      expect(registered.status(), await registered.text()).toBe(201);
      return ((await registered.json()) as { data: RegistrationAnswer }).data.registration.id;
    },
    async attend(registrationId: number, reason = 'Foglio firme'): Promise<void> {
      await admin('post', `/EventAttendance/Registrations/${registrationId}/EcmAdjustments`, {
        kind: 'replace',
        minutes: 240,
        reason,
      });
    },
    async end(): Promise<void> {
      await admin('put', `/Events/${event.id}`, {
        ...body,
        endsAt: romeLocal(new Date(now - MINUTE)),
        registrationTypes: event.registrationTypes,
      });
    },
  };
}
