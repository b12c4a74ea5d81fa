import type { MyCalendarFeed } from '@sodalis/contracts';
import { useState } from 'react';
import { Form } from 'react-router';
import { apiRequest } from '../../api/api-client';
import { useHydrated } from '../../state/hydrated';

/** The private calendar's API (ADR 052), under `/api/v1/Events`. */
export const CALENDAR_API = {
  mine: '/api/v1/Events/MyCalendar',
  regenerate: '/api/v1/Events/MyCalendar/Regenerate',
} as const;

/** The form's intent of "Rigenera", beside the registrations' own intents. */
export const REGENERATE_CALENDAR_INTENT = 'rigenera-calendario';

/** What the page says once the address changed. */
export const CALENDAR_REGENERATED =
  'Nuovo indirizzo del calendario: quello di prima non funziona più. Aggiorna il calendario che lo usava.';

/** Whether a submitted form asks for a new address. */
export function asksNewCalendar(form: FormData): boolean {
  return form.get('intent') === REGENERATE_CALENDAR_INTENT;
}

/** The person's feed with the tab's session; null when it could not be read. */
export async function browserMyCalendar(): Promise<MyCalendarFeed | null> {
  try {
    return await apiRequest<MyCalendarFeed>(CALENDAR_API.mine);
  } catch (error) {
    console.warn('calendario delle iscrizioni non letto', error);
    return null;
  }
}

/** "Rigenera" with the tab's session; null when it failed. */
export async function browserRegenerateCalendar(): Promise<MyCalendarFeed | null> {
  try {
    return await apiRequest<MyCalendarFeed>(CALENDAR_API.regenerate, { body: {} });
  } catch (error) {
    console.warn('calendario delle iscrizioni non rigenerato', error);
    return null;
  }
}

/**
 * "Il calendario delle tue iscrizioni" (ADR 052): the private feed's address to paste into a
 * calendar app, opened as a subscription by its `webcal:` link, copied with "Copia" (with
 * scripts: without them the field is there to select), and replaced with "Rigenera", a form
 * that works without scripts. Keyed by the address where it is used, so a new one starts
 * afresh.
 */
export function RegistrationsCalendar({ feed }: { feed: MyCalendarFeed }) {
  // The button that needs the clipboard shows once the page's scripts run.
  const scripts = useHydrated();
  const [copied, setCopied] = useState<string | null>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(feed.url);
      setCopied('Indirizzo copiato.');
    } catch {
      setCopied('Copia non riuscita: seleziona l’indirizzo e copialo.');
    }
  }

  return (
    <section aria-labelledby="calendario-iscrizioni" className="mt-5">
      <h2 id="calendario-iscrizioni" className="h4 mb-3">
        Il calendario delle tue iscrizioni
      </h2>
      <p>
        Aggiungi questo indirizzo al tuo calendario (Google Calendar, Outlook, Calendario di Apple):
        le iscrizioni confermate, in attesa di pagamento o con un posto offerto compariranno da
        sole, con il loro stato. L’indirizzo è personale: non condividerlo.
      </p>
      <label htmlFor="calendario-indirizzo" className="form-label">
        Indirizzo del calendario
      </label>
      <div className="input-group mb-2">
        <input
          id="calendario-indirizzo"
          className="form-control"
          type="text"
          readOnly
          value={feed.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        {scripts ? (
          <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
            Copia
          </button>
        ) : null}
      </div>
      <p role="status" className="small mb-2">
        {copied}
      </p>
      <p>
        <a href={feed.webcalUrl}>Apri nell’app calendario</a>
      </p>
      <Form method="post" className="d-flex flex-wrap align-items-center gap-2">
        <input type="hidden" name="intent" value={REGENERATE_CALENDAR_INTENT} />
        <button type="submit" className="btn btn-outline-primary btn-sm">
          Rigenera
        </button>
        <span className="form-text m-0">
          Crea un nuovo indirizzo: quello attuale smette di funzionare.
        </span>
      </Form>
    </section>
  );
}
