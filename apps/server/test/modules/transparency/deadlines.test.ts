import { describe, expect, it } from 'vitest';
import {
  transparencyWarnings,
  type YearlyFacts,
} from '../../../src/modules/transparency/deadlines.js';

const NOTHING: YearlyFacts = { publications: [], contributionYears: [] };

/** The warnings' keys and states at an instant. */
const stateAt = (instant: string, facts: YearlyFacts = NOTHING) =>
  transparencyWarnings(new Date(instant), facts).map(({ key, state }) => `${key}:${state}`);

describe('the yearly transparency deadlines (ADR 026)', () => {
  it('before 1 June in Rome (CEST: UTC+2) keeps the previous cycle’s missing items late', () => {
    const late2024 = ['contributi-2024:in-ritardo', 'bilancio-consuntivo-2024:in-ritardo'];
    expect(stateAt('2026-01-01T00:00:00Z')).toEqual(late2024);
    expect(stateAt('2026-05-31T21:59:59Z')).toEqual(late2024);
    const published2024: YearlyFacts = {
      publications: [{ type: 'bilancio-consuntivo', year: 2024 }],
      contributionYears: [2024],
    };
    expect(stateAt('2026-05-31T21:59:59Z', published2024)).toEqual([]);
  });

  it('warns of last year’s contributions and final accounts from 1 June to 30 June', () => {
    const dueSoon = ['contributi-2025:in-scadenza', 'bilancio-consuntivo-2025:in-scadenza'];
    expect(stateAt('2026-05-31T22:00:00Z')).toEqual(dueSoon);
    expect(stateAt('2026-06-15T12:00:00Z')).toEqual(dueSoon);
    expect(stateAt('2026-06-30T21:59:59Z')).toEqual(dueSoon);
  });

  it('marks them late from 1 July until the next cycle opens on 1 June', () => {
    const late = ['contributi-2025:in-ritardo', 'bilancio-consuntivo-2025:in-ritardo'];
    expect(stateAt('2026-06-30T22:00:00Z')).toEqual(late);
    expect(stateAt('2026-12-31T22:59:59Z')).toEqual(late);
    // New Year in Rome: still missing, still late.
    expect(stateAt('2026-12-31T23:00:00Z')).toEqual(late);
    expect(stateAt('2027-05-31T21:59:59Z')).toEqual(late);
    expect(stateAt('2027-05-31T22:00:00Z')).toEqual([
      'contributi-2026:in-scadenza',
      'bilancio-consuntivo-2026:in-scadenza',
    ]);
  });

  it('clears an item once published: contributions of the year, or the declaration of none', () => {
    expect(
      stateAt('2026-06-15T12:00:00Z', { publications: [], contributionYears: [2025] }),
    ).toEqual(['bilancio-consuntivo-2025:in-scadenza']);
    expect(
      stateAt('2026-07-01T12:00:00Z', {
        publications: [
          { type: 'assenza-contributi', year: 2025 },
          { type: 'bilancio-consuntivo', year: 2025 },
        ],
        contributionYears: [],
      }),
    ).toEqual([]);
    // Another year's items do not count.
    expect(
      stateAt('2026-07-01T12:00:00Z', {
        publications: [{ type: 'bilancio-consuntivo', year: 2024 }],
        contributionYears: [2026],
      }),
    ).toEqual(['contributi-2025:in-ritardo', 'bilancio-consuntivo-2025:in-ritardo']);
  });

  it('tells the staff what to publish and by when, in Italian', () => {
    const [contributions, accounts] = transparencyWarnings(
      new Date('2026-06-01T08:00:00Z'),
      NOTHING,
    );
    expect(contributions).toMatchObject({ year: 2025, dueOn: '2026-06-30' });
    expect(contributions?.message).toBe(
      'Contributi pubblici ricevuti nel 2025: la tabella (o la dichiarazione di nessun contributo) va pubblicata entro il 30/06/2026 (L. 124/2017, art. 1, c. 125).',
    );
    expect(accounts?.message).toBe('Bilancio consuntivo 2025: va pubblicato entro il 30/06/2026.');
  });
});
