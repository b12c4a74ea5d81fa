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

/** A session of the event (ADR 054) as the computation needs it: its span and its Rome day. */
export interface SessionSpan {
  id: number;
  name: string;
  day: string;
  start: Date;
  end: Date;
  /** Only the holders of this add-on are admitted; null: everyone. */
  addonId: number | null;
}

/** The event's sessions (rows) as spans. */
export function sessionSpans(
  rows: readonly {
    id: number;
    name: string;
    starts_at: string;
    ends_at: string;
    addon_id: number | null;
  }[],
): SessionSpan[] {
  return rows.map((row) => {
    const start = new Date(row.starts_at);
    return {
      id: row.id,
      name: row.name,
      day: romeDate(start),
      start,
      end: new Date(row.ends_at),
      addonId: row.addon_id,
    };
  });
}

/** The sessions a registration is admitted to: those for everyone and its add-ons'. */
export function admittedSessions(
  sessions: readonly SessionSpan[],
  addonIds: ReadonlySet<number>,
): SessionSpan[] {
  return sessions.filter((session) => session.addonId === null || addonIds.has(session.addonId));
}

/** A scan as the computation reads it: its direction, moment, Rome day and session. */
export interface MeasuredScan {
  direction: 'in' | 'out';
  scanned_at: string;
  day: string;
  session_id?: number | null;
}

/** A person's attendance at one event from their scans (`AttendanceService.attendanceMeasure`). */
export type AttendanceMeasure = (
  registrationId: number,
  scans: readonly MeasuredScan[],
) => Attendance;

/** A stretch of time, in milliseconds, `from` included and `to` not. */
type Stretch = [from: number, to: number];

/** The stretches as disjoint ones in order (their union). */
function union(stretches: readonly Stretch[]): Stretch[] {
  const sorted = stretches.filter(([from, to]) => to > from).sort((a, b) => a[0] - b[0]);
  const merged: Stretch[] = [];
  for (const [from, to] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The milliseconds two unions have in common. */
function overlap(a: readonly Stretch[], b: readonly Stretch[]): number {
  let total = 0;
  for (const [from, to] of a) {
    for (const [start, end] of b) total += Math.max(0, Math.min(to, end) - Math.max(from, start));
  }
  return total;
}

const length = (stretches: readonly Stretch[]) =>
  stretches.reduce((sum, [from, to]) => sum + (to - from), 0);

/**
 * The stretches a stream of scans (one day's, or one session's) says the person was inside:
 * each entry paired with the next exit; a second entry while inside changes nothing (two desks
 * scanned the same badge), an exit while outside is ignored, an entry left open runs to `close`.
 */
function stretchesOf(
  ordered: readonly { direction: 'in' | 'out'; scanned_at: string }[],
  close: number,
): Stretch[] {
  const stretches: Stretch[] = [];
  let inside: number | null = null;
  for (const scan of ordered) {
    const at = Date.parse(scan.scanned_at);
    if (scan.direction === 'in') {
      inside ??= at;
    } else if (inside !== null) {
      stretches.push([inside, at]);
      inside = null;
    }
  }
  if (inside !== null) stretches.push([inside, close]);
  return stretches;
}

const minutesOf = (ms: number) => Math.floor(ms / 60_000);

/**
 * A person's attendance from their scans (any order), the one computation (ADR 051, 054).
 *
 * - **What counts as the event's time**, day by day: the day's sessions open to everyone if it
 *   has some (the programme: a lunch break is not the event's time), else the day's hours
 *   (`eventDaySpans`); plus the add-on sessions the person is admitted to. Parallel sessions
 *   count once (their union).
 * - **When the person was inside**: the whole day's scans (no session) give the day's stretches,
 *   an entry left open closed at the end of the day's last hour; each session's scans give that
 *   session's stretches, clipped to the session and an entry left open closed at its end. A
 *   person scanned both at the door and at a session is inside once (the union).
 * - Minutes present are the event's time the person was inside, whole minutes rounded down
 *   per day; each admitted session's minutes are given apart.
 */
export function attendanceOf(
  scans: readonly MeasuredScan[],
  spans: readonly DaySpan[],
  sessions: readonly SessionSpan[] = [],
): Attendance {
  const ordered = [...scans].sort((a, b) => a.scanned_at.localeCompare(b.scanned_at));
  const open = sessions.filter((session) => session.addonId === null);
  // Each day's time: its sessions open to everyone if it has some, else the day's hours.
  const counted = [
    ...spans.flatMap((day) => {
      const programme = open.filter((session) => session.day === day.day);
      return programme.length > 0 ? programme : [day];
    }),
    ...sessions.filter((session) => session.addonId !== null),
  ];
  const span = (item: { start: Date; end: Date }): Stretch => [
    item.start.getTime(),
    item.end.getTime(),
  ];
  const inside: Stretch[] = [];
  for (const day of spans) {
    const close = Math.max(
      day.end.getTime(),
      ...counted.filter((item) => item.day === day.day).map((item) => item.end.getTime()),
    );
    const own = ordered.filter(
      (scan) => (scan.session_id ?? null) === null && scan.day === day.day,
    );
    inside.push(...stretchesOf(own, close));
  }
  for (const session of sessions) {
    const [start, end] = span(session);
    // A session's scans of another day (refused when sent, ADR 054) say nothing of it.
    const own = ordered.filter(
      (scan) => scan.session_id === session.id && scan.day === session.day,
    );
    for (const [from, to] of stretchesOf(own, end)) {
      inside.push([Math.max(from, start), Math.min(to, end)]);
    }
  }
  const present = union(inside);
  const days = spans.map((day) => {
    const time = union(counted.filter((item) => item.day === day.day).map(span));
    return {
      day: day.day,
      minutesPresent: minutesOf(overlap(present, time)),
      eventMinutes: minutesOf(length(time)),
    };
  });
  const minutesPresent = days.reduce((sum, day) => sum + day.minutesPresent, 0);
  const eventMinutes = days.reduce((sum, day) => sum + day.eventMinutes, 0);
  return {
    days,
    sessions: sessions.map((session) => ({
      sessionId: session.id,
      name: session.name,
      minutesPresent: minutesOf(overlap(present, [span(session)])),
      sessionMinutes: minutesOf(length([span(session)])),
    })),
    minutesPresent,
    eventMinutes,
    percent: eventMinutes === 0 ? 0 : Math.round((1000 * minutesPresent) / eventMinutes) / 10,
  };
}
