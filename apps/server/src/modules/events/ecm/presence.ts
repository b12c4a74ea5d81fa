import type { Attendance, EcmAdjustmentKind, EcmPresence } from '@sodalis/contracts';

/**
 * A person's attendance for ECM (ADR 056): the check-in's measure (`attendanceOf`, ADR 051,
 * 054) with the staff's corrections applied in the order made (a replacement sets the minutes,
 * a later addition adds to it), kept within 0 and the event's minutes, against the threshold.
 */
export function ecmPresence(
  measured: Pick<Attendance, 'minutesPresent' | 'eventMinutes'>,
  adjustments: readonly { kind: EcmAdjustmentKind; minutes: number }[],
  threshold: number,
): EcmPresence {
  const minutesPresent = Math.min(
    measured.eventMinutes,
    Math.max(0, adjustedMinutes(measured.minutesPresent, adjustments)),
  );
  const { eventMinutes } = measured;
  const percent = eventMinutes === 0 ? 0 : Math.round((1000 * minutesPresent) / eventMinutes) / 10;
  return {
    measuredMinutes: measured.minutesPresent,
    minutesPresent,
    eventMinutes,
    percent,
    threshold,
    reached: eventMinutes > 0 && percent >= threshold,
    corrected: adjustments.length > 0,
  };
}

/** The minutes after the corrections, before they are kept within the event's. */
export function adjustedMinutes(
  measured: number,
  adjustments: readonly { kind: EcmAdjustmentKind; minutes: number }[],
): number {
  return adjustments.reduce(
    (minutes, adjustment) =>
      adjustment.kind === 'replace' ? adjustment.minutes : minutes + adjustment.minutes,
    measured,
  );
}
