import { describe, expect, it, vi } from 'vitest';
import {
  italianDate,
  italianDateTime,
  italianDayOf,
  italianRomeDate,
  romeDate,
  romeYear,
} from './dates.js';

describe('Italian dates (spec §2.6)', () => {
  it('builds no formatter when loaded: every page loads this module, few show a time (ADR 020)', async () => {
    const original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = new Proxy(original, {
      construct(target, args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        built += 1;
        return new target(...args);
      },
    });
    vi.resetModules();
    try {
      const dates = await import('./dates.js');
      expect(built).toBe(0);
      expect(dates.romeTime(new Date('2025-07-05T08:05:00Z'))).toBe('10:05');
      expect(dates.romeTime(new Date('2025-07-05T09:05:00Z'))).toBe('11:05');
      expect(built).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });

  it('writes a date, or the date a timestamp starts with, as dd/MM/yyyy', () => {
    expect(italianDate('2025-01-05')).toBe('05/01/2025');
    expect(italianDate('2025-01-05T23:30:00.000Z')).toBe('05/01/2025');
    expect(italianDate('')).toBe('');
    expect(italianDate(null)).toBe('');
  });

  it('reads "today" and "this year" on Rome’s clock', () => {
    const newYearInRome = new Date('2025-12-31T23:30:00Z');
    expect(romeDate(newYearInRome)).toBe('2026-01-01');
    expect(romeYear(newYearInRome)).toBe(2026);
    expect(italianRomeDate(newYearInRome)).toBe('01/01/2026');
  });

  it('writes a receipt’s day of payment, a Rome day as is, a timestamp by its Rome day', () => {
    expect(italianDayOf('2025-12-31')).toBe('31/12/2025');
    expect(italianDayOf('2025-12-31T23:30:00.000Z')).toBe('01/01/2026');
  });

  it('writes a timestamp as Rome’s date and time', () => {
    expect(italianDateTime('2025-07-05T08:05:00Z')).toBe('05/07/2025, 10:05');
    expect(italianDateTime('non una data')).toBe('');
    expect(italianDateTime(undefined)).toBe('');
  });
});
