import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from '../../src/modules/index.js';
import type { AnyServerModule } from '../../src/modules/module.js';
import { inListOrder, SEARCH_SOURCES } from '../../src/services.js';

/** The modules describe themselves once and the composition loops over their list (ADR 046). */
describe('the list of server modules', () => {
  const modules: readonly AnyServerModule[] = SERVER_MODULES;

  it('names each module once', () => {
    const names = modules.map((module) => module.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives the home its pending work in the order the secretariat reads it (ADR 023)', () => {
    const withWork = modules.filter((module) => (module.pendingWork ?? []).length > 0);
    expect(withWork.map((module) => module.name)).toEqual([
      'sponsorship',
      'payments',
      'outbox',
      'news',
      'reserved-area',
      'magazine',
      'membership',
      'events',
      'transparency',
      'search',
    ]);
  });

  it('gathers the search sources of the modules that have them', () => {
    expect(SEARCH_SOURCES.length).toBe(
      modules.reduce((count, module) => count + (module.searchSources ?? []).length, 0),
    );
  });

  it('refuses, while the list is built, a need read before a module builds it', () => {
    const built: Record<string, unknown> = { db: 'database' };
    const order = inListOrder(built);
    const early: AnyServerModule = { name: 'congress', services: () => ({}) };
    expect(() => order.build(early, (view) => (view as Record<string, unknown>).payments)).toThrow(
      'composizione dei moduli: congress usa «payments» prima che un modulo lo costruisca',
    );
    expect(order.build(early, (view) => (view as Record<string, unknown>).db)).toBe('database');
    // Once built, what a module kept reads as it is (later modules' services included).
    let kept: Record<string, unknown> = {};
    order.build(early, (view) => (kept = view as Record<string, unknown>));
    built.payments = 'payments';
    expect(kept.payments).toBe('payments');
    expect(kept.later).toBeUndefined();
  });
});
