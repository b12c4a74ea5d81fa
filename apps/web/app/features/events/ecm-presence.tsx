import {
  ECM_TEST_STATE_LABELS,
  ecmTestPath,
  italianDateTime,
  percentText,
  type EcmPresence,
  type EcmTestLink,
} from '@sodalis/contracts';
import { Link } from 'react-router';

/**
 * A participant's attendance for ECM in "Le mie iscrizioni" (ADR 056): minutes present over the
 * event's, the percentage against the threshold, and whether the staff corrected it. Plain
 * text: it reads the same without JavaScript.
 */
export function EcmPresenceLine({ presence }: { presence: EcmPresence }) {
  return (
    <p data-testid="ecm-presence">
      <strong>Presenza ai fini ECM:</strong> {presence.minutesPresent} minuti su{' '}
      {presence.eventMinutes} ({percentText(presence.percent)}); soglia richiesta{' '}
      {presence.threshold}%: {presence.reached ? 'raggiunta' : 'non ancora raggiunta'}.
      {presence.corrected ? ' Il dato comprende una correzione della segreteria.' : ''}
    </p>
  );
}

/**
 * The learning test's link in "Le mie iscrizioni" (ADR 057), when it is open to the person: its
 * state, the attempts left, until when.
 */
export function EcmTestLine({
  registrationId,
  test,
}: {
  registrationId: number;
  test: EcmTestLink;
}) {
  const left =
    test.attemptsLeft === 1 ? '1 tentativo rimasto' : `${test.attemptsLeft} tentativi rimasti`;
  return (
    <p data-testid="ecm-test-link">
      <strong>Test di apprendimento ECM:</strong> {ECM_TEST_STATE_LABELS[test.state].toLowerCase()}
      {test.state === 'superato' ? '' : `, ${left}`} (entro il {italianDateTime(test.closesAt)}).{' '}
      <Link to={ecmTestPath(registrationId)}>
        {test.state === 'superato' ? 'Vedi il risultato' : 'Vai al test'}
      </Link>
    </p>
  );
}
