import { romeDate, romeTime, ROME_TIME_ZONE } from '@sodalis/contracts';

/**
 * iCalendar (RFC 5545) as the events' calendars write it (ADR 052): written here, a hundred
 * lines, rather than with a generator library, since the feeds need one component (VEVENT),
 * one time zone and the text rules below, all of which the tests read back with a parser.
 */

/** One event in a calendar; instants are UTC ISO text, written in Rome's local time. */
export interface CalendarEntry {
  /** Stable across edits and feeds: `evento-12@host`. */
  uid: string;
  /** Moves up with every edit (the event's version), so clients take the change. */
  sequence: number;
  /** The last change of what the entry says (UTC ISO); also its DTSTAMP. */
  lastModified: string;
  startsAt: string;
  endsAt: string;
  summary: string;
  description: string;
  location: string;
  url: string;
  status: 'CONFIRMED' | 'TENTATIVE';
}

export interface CalendarOptions {
  /** PRODID: `-//<society>//Sodalis//IT`. */
  productId: string;
  /** X-WR-CALNAME, in Italian. */
  name: string;
  /** X-WR-CALDESC. */
  description: string;
  entries: readonly CalendarEntry[];
}

const CRLF = '\r\n';
/** RFC 5545 §3.1: lines of at most 75 octets, CRLF excluded. */
const LINE_OCTETS = 75;

/**
 * Europe/Rome since 1996 (the EU's rule: summer time from the last Sunday of March at 02:00,
 * back on the last Sunday of October at 03:00). Events are in the future or the recent past,
 * so the rules from 1996 cover every instant the feeds write.
 */
const ROME_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${ROME_TIME_ZONE}`,
  `X-LIC-LOCATION:${ROME_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break
 * written `\n`, other control characters (not allowed in TEXT) dropped.
 */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- the control characters TEXT does not allow
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/**
 * A content line folded at 75 octets (RFC 5545 §3.1): each continuation starts with a space,
 * and a line never breaks inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character, 'utf8');
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      // The continuation's leading space is one of its 75 octets.
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** `20270128T090000`: an instant in Rome's local time, for `DTSTART;TZID=Europe/Rome`. */
export function romeLocalStamp(instant: string): string {
  const date = new Date(instant);
  return `${romeDate(date).replaceAll('-', '')}T${romeTime(date).replace(':', '')}00`;
}

/** `20261123T100000Z`: an instant in UTC (DTSTAMP, LAST-MODIFIED). */
export function utcStamp(instant: string): string {
  return `${new Date(instant).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;
}

function eventLines(entry: CalendarEntry): string[] {
  const modified = utcStamp(entry.lastModified);
  return [
    'BEGIN:VEVENT',
    `UID:${entry.uid}`,
    `DTSTAMP:${modified}`,
    `LAST-MODIFIED:${modified}`,
    `SEQUENCE:${entry.sequence}`,
    `DTSTART;TZID=${ROME_TIME_ZONE}:${romeLocalStamp(entry.startsAt)}`,
    `DTEND;TZID=${ROME_TIME_ZONE}:${romeLocalStamp(entry.endsAt)}`,
    `SUMMARY:${icsText(entry.summary)}`,
    `DESCRIPTION:${icsText(entry.description)}`,
    `LOCATION:${icsText(entry.location)}`,
    `URL:${entry.url}`,
    `STATUS:${entry.status}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
}

/** A whole calendar: CRLF line endings, folded lines, Rome's VTIMEZONE, the entries in order. */
export function icsCalendar(options: CalendarOptions): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${options.productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${icsText(options.name)}`,
    `X-WR-CALDESC:${icsText(options.description)}`,
    `X-WR-TIMEZONE:${ROME_TIME_ZONE}`,
    // How often a subscribed client should read the feed again (RFC 7986, and its older name).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...ROME_VTIMEZONE,
    ...options.entries.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
