import { romeDate, romeInstant, romeTime, type Attendance } from '@sodalis/contracts';

/**
 * Minutes present from the check-in's scans (ADR 051), the one computation of attendance: the
 * certificates print it and the ECM rules will read it.
 */

/** One day of the event: the Rome date and the span its hours run, as instants. */
export interface DaySpan {
  day: string;
  start: Date;
  end: Date;
}

const DAY_MS = 24 * 60 * 60_000;

/** The Rome date after `day` (`YYYY-MM-DD`). */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * The event's days and their hours (ADR 051). One day: from its start to its end. Several
 * days: each day runs from the start's clock time to the end's ("dal 21 al 23 gennaio, 9–18"),
 * the way a congress is announced; an event whose end's clock time is not after its start's
 * (it runs through the night) runs on from its start to its end, each day cut at midnight.
 */
export function eventDaySpans(event: { startsAt: string; endsAt: string }): DaySpan[] {
  const start = new Date(event.startsAt);
  const end = new Date(event.endsAt);
  const first = romeDate(start);
  const last = romeDate(end);
  if (first === last) return [{ day: first, start, end }];
  const opens = romeTime(start);
  const closes = romeTime(end);
  const daily = opens < closes;
  const spans: DaySpan[] = [];
  for (let day = first; day <= last; day = nextDay(day)) {
    const midnight = romeInstant(day, '00:00');
    const nextMidnight = romeInstant(nextDay(day), '00:00');
    spans.push(
      daily
        ? { day, start: romeInstant(day, opens), end: romeInstant(day, closes) }
        : {
            day,
            start: day === first ? start : midnight,
            end: day === last ? end : nextMidnight,
          },
    );
  }
  return spans;
}

/** The minutes of the span from `from` to `to` inside `span`. */
function minutesWithin(span: DaySpan, from: number, to: number): number {
  const start = Math.max(from, span.start.getTime());
  const end = Math.min(to, span.end.getTime());
  return end > start ? (end - start) / 60_000 : 0;
}

/**
 * A person's attendance from their scans (any order): per day, entries paired with the exits
 * after them; a second entry while inside changes nothing (two desks scanned the same
 * badge), an exit while outside is ignored, an entry left open is closed at the day's end.
 * Only time inside the day's hours counts. Minutes are whole, rounded down per day.
 */
export function attendanceOf(
  scans: readonly { direction: 'in' | 'out'; scanned_at: string; day: string }[],
  spans: readonly DaySpan[],
): Attendance {
  const ordered = [...scans].sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
  const days = spans.map((span) => {
    let inside: number | null = null;
    let minutes = 0;
    for (const scan of ordered) {
      if (scan.day !== span.day) continue;
      const at = Date.parse(scan.scanned_at);
      if (scan.direction === 'in') {
        inside ??= at;
      } else if (inside !== null) {
        minutes += minutesWithin(span, inside, at);
        inside = null;
      }
    }
    if (inside !== null) minutes += minutesWithin(span, inside, span.end.getTime());
    return {
      day: span.day,
      minutesPresent: Math.floor(minutes),
      eventMinutes: Math.floor((span.end.getTime() - span.start.getTime()) / 60_000),
    };
  });
  const minutesPresent = days.reduce((sum, day) => sum + day.minutesPresent, 0);
  const eventMinutes = days.reduce((sum, day) => sum + day.eventMinutes, 0);
  return {
    days,
    minutesPresent,
    eventMinutes,
    percent: eventMinutes === 0 ? 0 : Math.round((1000 * minutesPresent) / eventMinutes) / 10,
  };
}
