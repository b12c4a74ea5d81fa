import type { DueStatus } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import {
  computeStanding,
  DEFAULT_STANDING_RULES,
  type StandingRules,
} from '../../../src/modules/membership/standing.js';

function standingOn(
  today: string,
  sinceYear: number,
  dues: Record<number, DueStatus>,
  rules: StandingRules = DEFAULT_STANDING_RULES,
) {
  const ledger = {
    sinceYear,
    dues: new Map(Object.entries(dues).map(([year, status]) => [Number(year), status])),
  };
  return computeStanding(ledger, today, rules);
}

describe('good standing from the ledger (ADR 024)', () => {
  it('a member with this year paid is in good standing all year', () => {
    for (const today of ['2026-01-01', '2026-03-31', '2026-04-01', '2026-12-31']) {
      expect(standingOn(today, 2025, { 2025: 'paid', 2026: 'paid' }), today).toMatchObject({
        standing: 'good',
        openYears: [],
      });
    }
  });

  it('the grace period keeps last year’s payer in good standing until 31 March, not a day more', () => {
    expect(standingOn('2026-03-31', 2025, { 2025: 'paid' })).toEqual({
      standing: 'good',
      openYears: [2026],
      missedYears: [],
    });
    expect(standingOn('2026-04-01', 2025, { 2025: 'paid' })).toEqual({
      standing: 'renewalDue',
      openYears: [2026],
      missedYears: [2026],
    });
  });

  it('a past year unpaid is arrears, from 1 January of the next year', () => {
    expect(standingOn('2025-12-31', 2024, { 2024: 'paid', 2025: 'paid' }).standing).toBe('good');
    expect(standingOn('2026-01-01', 2025, { 2026: 'paid' }).standing).toBe('arrears');
    expect(standingOn('2026-01-01', 2025, {}).standing).toBe('arrears');
    expect(standingOn('2026-01-01', 2025, {}).openYears).toEqual([2025, 2026]);
  });

  it('lapses the day after the grace period of the second consecutive unpaid year', () => {
    expect(standingOn('2026-03-31', 2025, {}).standing).toBe('arrears');
    expect(standingOn('2026-04-01', 2025, {}).standing).toBe('lapsed');
    expect(standingOn('2026-04-01', 2025, {}).missedYears).toEqual([2025, 2026]);
  });

  it('paying the arrears (or one year of the run) ends the lapse', () => {
    expect(standingOn('2026-04-01', 2025, { 2025: 'paid' }).standing).toBe('renewalDue');
    expect(standingOn('2026-04-01', 2025, { 2026: 'paid' }).standing).toBe('arrears');
    expect(standingOn('2026-04-01', 2025, { 2025: 'paid', 2026: 'paid' }).standing).toBe('good');
  });

  it('missed years must be consecutive to lapse', () => {
    const dues: Record<number, DueStatus> = { 2022: 'paid', 2024: 'paid', 2026: 'paid' };
    expect(standingOn('2026-06-01', 2021, dues)).toMatchObject({
      standing: 'arrears',
      openYears: [2021, 2023, 2025],
    });
    expect(standingOn('2026-06-01', 2021, { ...dues, 2022: 'unpaid' }).standing).toBe('lapsed');
  });

  it('exempt and reported years count as settled; unpaid rows as open', () => {
    expect(standingOn('2026-06-01', 2025, { 2025: 'exempt', 2026: 'reported' }).standing).toBe(
      'good',
    );
    expect(standingOn('2026-06-01', 2025, { 2025: 'unpaid', 2026: 'unpaid' }).standing).toBe(
      'lapsed',
    );
  });

  it('a new member owes nothing before the first year, and is in good standing while it is on time', () => {
    expect(standingOn('2026-02-10', 2027, {})).toEqual({
      standing: 'good',
      openYears: [],
      missedYears: [],
    });
    expect(standingOn('2026-02-10', 2026, {}).standing).toBe('good');
    expect(standingOn('2026-04-01', 2026, {}).standing).toBe('renewalDue');
  });

  it('follows the configured grace period and lapse', () => {
    const rules = { graceUntil: '01-31', lapseAfterYears: 3 };
    expect(standingOn('2026-01-31', 2025, { 2025: 'paid' }, rules).standing).toBe('good');
    expect(standingOn('2026-02-01', 2025, { 2025: 'paid' }, rules).standing).toBe('renewalDue');
    expect(standingOn('2026-02-01', 2025, {}, rules).standing).toBe('arrears');
    expect(standingOn('2027-01-31', 2025, {}, rules).standing).toBe('arrears');
    expect(standingOn('2027-02-01', 2025, {}, rules).standing).toBe('lapsed');
    const oneYear = { graceUntil: '12-31', lapseAfterYears: 1 };
    expect(standingOn('2026-12-31', 2026, {}, oneYear).standing).toBe('good');
    expect(standingOn('2027-01-01', 2026, {}, oneYear).standing).toBe('lapsed');
  });
});
