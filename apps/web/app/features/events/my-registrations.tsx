import {
  italianDateTime,
  PRICE_WINDOW_LABELS,
  type MyRegistration,
  type RegistrationRefusal,
} from '@sodalis/contracts';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { ErrorSummary } from '../../components/error-summary';
import { eventHref, eventWhen, MY_REGISTRATIONS_PATH, priceText } from './event-format';
import { RegistrationBadge } from './registration-badge';
import { EcmPresenceLine, EcmTestLine } from './ecm-presence';
import { EcmCreditsPanel } from './ecm-credits';
import { EcmQuestionnaireLine } from './ecm-questionnaire';

/** The address parameter of the cancellation's confirmation step (works without scripts). */
export const CANCEL_PARAM = 'annulla';

/** The intents of the page's form: cancel (or leave the waiting list), take an offered place. */
export const MY_REGISTRATION_INTENTS = { cancel: 'annulla', accept: 'accetta' } as const;

/** What a change answered: the server's sentence, or its refusal. */
export type MyRegistrationChange =
  { ok: true; message: string } | { ok: false; issues: RegistrationRefusal['issues'] };

/** The form's submission: which change, of which registration; null when it names none. */
export function changeOfForm(
  form: FormData,
): { intent: 'cancel' | 'accept'; registrationId: number } | null {
  const id = Number(form.get('id'));
  if (!Number.isInteger(id) || id <= 0) return null;
  const intent = form.get('intent');
  if (intent === MY_REGISTRATION_INTENTS.cancel) return { intent: 'cancel', registrationId: id };
  if (intent === MY_REGISTRATION_INTENTS.accept) return { intent: 'accept', registrationId: id };
  return null;
}

const leavesWaitingList = (registration: MyRegistration) => registration.state === 'waiting';

/** "Annulla iscrizione", asked first (a step of its own, so it works without scripts). */
function CancelStep({
  registration,
  confirming,
}: {
  registration: MyRegistration;
  confirming: boolean;
}) {
  const navigation = useNavigation();
  const waiting = leavesWaitingList(registration);
  const label = waiting ? 'Esci dalla lista d’attesa' : 'Annulla iscrizione';
  if (!confirming) {
    return (
      <Link
        to={`${MY_REGISTRATIONS_PATH}?${CANCEL_PARAM}=${registration.id}`}
        className="btn btn-outline-primary"
        preventScrollReset
      >
        {label}
      </Link>
    );
  }
  return (
    <div
      className="card card-body"
      role="group"
      aria-labelledby={`annulla-${registration.id}`}
      data-testid="cancel-confirmation"
    >
      <p id={`annulla-${registration.id}`} className="fw-semibold">
        {waiting
          ? `Vuoi davvero uscire dalla lista d’attesa di «${registration.event.title}»?`
          : `Vuoi davvero annullare l’iscrizione a «${registration.event.title}»?`}
      </p>
      <Form method="post" action={MY_REGISTRATIONS_PATH} className="d-flex flex-wrap gap-2">
        <input type="hidden" name="intent" value={MY_REGISTRATION_INTENTS.cancel} />
        <input type="hidden" name="id" value={registration.id} />
        <button type="submit" className="btn btn-primary" disabled={navigation.state !== 'idle'}>
          {waiting ? 'Sì, esci dalla lista d’attesa' : 'Sì, annulla l’iscrizione'}
        </button>
        <Link to={MY_REGISTRATIONS_PATH} className="btn btn-outline-primary" preventScrollReset>
          No, torna all’elenco
        </Link>
      </Form>
    </div>
  );
}

/** What the registration asks of its holder now, by its state (ADR 049). */
function NextStep({ registration, payment }: { registration: MyRegistration; payment: ReactNode }) {
  const navigation = useNavigation();
  const pay = registration.payment;
  if (registration.state === 'awaiting_payment' && pay !== null) {
    return (
      <div className="mb-3">
        <p className="mb-2">
          Completa il pagamento entro il <strong>{italianDateTime(registration.payBy)}</strong>:
          dopo, il posto passa ad altri.
        </p>
        <PayAmount registration={registration} />
        {payment}
      </div>
    );
  }
  if (registration.state === 'offered') {
    return (
      <div className="mb-3">
        <p className="mb-2">
          Si è liberato un posto per te: accettalo entro il{' '}
          <strong>{italianDateTime(registration.offerExpiresAt)}</strong>.
        </p>
        {pay === null ? (
          <Form method="post" action={MY_REGISTRATIONS_PATH}>
            <input type="hidden" name="intent" value={MY_REGISTRATION_INTENTS.accept} />
            <input type="hidden" name="id" value={registration.id} />
            <button
              type="submit"
              className="btn btn-primary"
              disabled={navigation.state !== 'idle'}
            >
              Accetta il posto
            </button>
          </Form>
        ) : (
          <>
            <p className="mb-2">Il posto è tuo quando paghi la quota.</p>
            <PayAmount registration={registration} />
            {payment}
          </>
        )}
      </div>
    );
  }
  if (registration.state === 'pending_approval') {
    return (
      <p>
        L’iscrizione è soggetta ad approvazione: il posto è tenuto per te mentre la segreteria la
        esamina. Ti scriveremo l’esito.
      </p>
    );
  }
  if (registration.state === 'refused' && registration.refusalReason !== null) {
    return (
      <p data-testid="registration-refusal">Motivo del rifiuto: {registration.refusalReason}</p>
    );
  }
  if (registration.state === 'waiting') {
    return (
      <p>
        Sei in lista d’attesa, in posizione <strong>{registration.waitingPosition ?? 1}</strong>: se
        si libera un posto ti scriveremo.
      </p>
    );
  }
  return null;
}

/** The amount to pay, with the dues years paid with it ("rinnova e iscriviti"). */
function PayAmount({ registration }: { registration: MyRegistration }) {
  const pay = registration.payment;
  if (pay === null) return null;
  return (
    <p className="mb-2" data-testid="registration-amount">
      Da pagare: <strong>{priceText(pay.payCents)}</strong>
      {pay.duesYears.length === 0
        ? null
        : ` (iscrizione ${priceText(registration.totalCents)} e quota associativa ${pay.duesYears.join(', ')} ${priceText(pay.duesCents)})`}
    </p>
  );
}

/** One registration: the event, what was chosen and its price, its state and what comes next. */
function RegistrationCard({
  registration,
  confirmingCancel,
  payment,
}: {
  registration: MyRegistration;
  confirmingCancel: boolean;
  payment: ReactNode;
}) {
  const titleId = `iscrizione-${registration.id}`;
  return (
    <article
      className="card mb-4"
      aria-labelledby={titleId}
      data-testid="my-registration"
      data-state={registration.state}
    >
      <div className="card-body">
        <h2 id={titleId} className="h5 card-title">
          <Link to={eventHref(registration.event)}>{registration.event.title}</Link>
        </h2>
        <p className="text-body-secondary">{eventWhen(registration.event)}</p>
        <dl className="row mb-3">
          <dt className="col-sm-3">Stato</dt>
          <dd className="col-sm-9" data-testid="registration-state">
            <strong>{registration.stateLabel}</strong>
          </dd>
          <dt className="col-sm-3">Tipo di iscrizione</dt>
          <dd className="col-sm-9">
            {registration.typeName} (quota {PRICE_WINDOW_LABELS[registration.priceWindow]})
          </dd>
          {registration.addons.length === 0 ? null : (
            <>
              <dt className="col-sm-3">Servizi aggiuntivi</dt>
              <dd className="col-sm-9">
                <ul className="list-unstyled mb-0">
                  {registration.addons.map((addon) => (
                    <li key={addon.name}>
                      {addon.name}: {priceText(addon.cents)}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          )}
          <dt className="col-sm-3">Importo</dt>
          <dd className="col-sm-9">{priceText(registration.totalCents)}</dd>
        </dl>
        {registration.badge == null ? null : (
          <RegistrationBadge registrationId={registration.id} badge={registration.badge} />
        )}
        {registration.ecm == null ? null : <EcmPresenceLine presence={registration.ecm} />}
        {registration.ecmTest == null ? null : (
          <EcmTestLine registrationId={registration.id} test={registration.ecmTest} />
        )}
        {registration.ecmQuestionnaire == null ? null : (
          <EcmQuestionnaireLine
            registrationId={registration.id}
            questionnaire={registration.ecmQuestionnaire}
          />
        )}
        {registration.ecmCredits == null ? null : (
          <EcmCreditsPanel registrationId={registration.id} credits={registration.ecmCredits} />
        )}
        <NextStep registration={registration} payment={payment} />
        {registration.cancellable ? (
          <CancelStep registration={registration} confirming={confirmingCancel} />
        ) : null}
      </div>
    </article>
  );
}

/**
 * "Le mie iscrizioni" (ADR 049): each registration with its event, type, add-ons, amount and
 * state, and by state what comes next: paying by its date (the payment panel the page gives),
 * taking an offered place, the waiting list's position, cancelling. A change's answer above.
 */
export function MyRegistrations({
  registrations,
  change,
  confirmingCancel,
  paymentOf,
}: {
  registrations: MyRegistration[];
  change: MyRegistrationChange | undefined;
  /** The registration whose cancellation is being asked (`?annulla=<id>`). */
  confirmingCancel: number | null;
  paymentOf: (registration: MyRegistration) => ReactNode;
}) {
  return (
    <>
      {change?.ok === true ? (
        <div className="alert alert-success" role="status" data-testid="registration-change">
          {change.message}
        </div>
      ) : null}
      {change?.ok === false ? (
        <ErrorSummary
          issues={change.issues}
          fieldIdOf={() => null}
          title="La richiesta non è stata eseguita"
          testId="registration-change-errors"
        />
      ) : null}
      {registrations.length === 0 ? (
        <p data-testid="no-registrations">
          Non hai iscrizioni agli eventi. Trovi i prossimi in <Link to="/eventi">Eventi</Link>.
        </p>
      ) : (
        registrations.map((registration) => (
          <RegistrationCard
            key={registration.id}
            registration={registration}
            confirmingCancel={confirmingCancel === registration.id}
            payment={registration.payment === null ? null : paymentOf(registration)}
          />
        ))
      )}
    </>
  );
}
