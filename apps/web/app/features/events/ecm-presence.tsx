import { percentText, type EcmPresence } from '@sodalis/contracts';

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
