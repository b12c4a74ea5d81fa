import { describe, expect, it } from 'vitest';
import {
  foldLine,
  icsCalendar,
  icsText,
  romeLocalStamp,
  utcStamp,
} from '../../../src/modules/events/calendar/icalendar.js';

/** The iCalendar writer's text rules (RFC 5545 §3.1, §3.3.11), to the byte (ADR 052). */
describe('iCalendar text', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops control characters', () => {
    expect(icsText('a\\b;c,d\ne\r\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng' + 'h\ti');
  });

  it('folds at 75 octets with a leading space, never inside a character', () => {
    const ascii = `SUMMARY:${'x'.repeat(100)}`;
    expect(foldLine(ascii)).toBe(`SUMMARY:${'x'.repeat(67)}\r\n ${'x'.repeat(33)}`);
    // "è" is two octets in UTF-8: 8 + 2 × 33 = 74, the next would make 76.
    const accented = `SUMMARY:${'è'.repeat(40)}`;
    const [first, second] = foldLine(accented).split('\r\n');
    expect(first).toBe(`SUMMARY:${'è'.repeat(33)}`);
    expect(second).toBe(` ${'è'.repeat(7)}`);
    const emoji = foldLine(`DESCRIPTION:${'🩸'.repeat(30)}`);
    for (const line of emoji.split('\r\n')) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      expect(line).not.toContain('\ufffd');
    }
    expect(emoji.replaceAll('\r\n ', '')).toBe(`DESCRIPTION:${'🩸'.repeat(30)}`);
    expect(foldLine('SHORT:ok')).toBe('SHORT:ok');
  });

  it('writes instants in Rome’s local time, winter and summer, and stamps in UTC', () => {
    expect(romeLocalStamp('2027-01-28T08:00:00.000Z')).toBe('20270128T090000');
    expect(romeLocalStamp('2027-07-10T07:30:00.000Z')).toBe('20270710T093000');
    expect(utcStamp('2026-11-23T10:00:00.123Z')).toBe('20261123T100000Z');
  });

  it('writes a calendar with CRLF endings, the time zone and the entries', () => {
    const text = icsCalendar({
      productId: '-//SIMTI//Sodalis//IT',
      name: 'Eventi SIMTI',
      description: 'Gli eventi della società',
      entries: [
        {
          uid: 'evento-7@example.org',
          sequence: 3,
          lastModified: '2026-11-20T09:15:00.000Z',
          startsAt: '2027-01-28T08:00:00.000Z',
          endsAt: '2027-01-30T12:00:00.000Z',
          summary: 'Congresso; sangue, plasma',
          description: 'Riga uno\nRiga due',
          location: 'Centro congressi, Bologna',
          url: 'https://example.org/eventi/7-congresso',
          status: 'CONFIRMED',
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    const lines = text.split('\r\n');
    expect(lines).toContain('X-WR-CALNAME:Eventi SIMTI');
    expect(lines).toContain('TZID:Europe/Rome');
    expect(lines).toContain('DTSTART;TZID=Europe/Rome:20270128T090000');
    expect(lines).toContain('DTEND;TZID=Europe/Rome:20270130T130000');
    expect(lines).toContain('DTSTAMP:20261120T091500Z');
    expect(lines).toContain('LAST-MODIFIED:20261120T091500Z');
    expect(lines).toContain('SEQUENCE:3');
    expect(lines).toContain('SUMMARY:Congresso\\; sangue\\, plasma');
    expect(lines).toContain('DESCRIPTION:Riga uno\\nRiga due');
    expect(lines).toContain('LOCATION:Centro congressi\\, Bologna');
    expect(lines).toContain('URL:https://example.org/eventi/7-congresso');
  });
});
