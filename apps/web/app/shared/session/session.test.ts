import { describe, expect, it } from 'vitest';
import {
  decodeClaims,
  firstPasswordChange,
  displayRole,
  homeOfToken,
  homeWithoutScripts,
  isExpiring,
  msUntilExpiring,
  RESERVED_HOME,
  safeReturnPath,
  signInReturningTo,
  STAFF_HOME,
} from './session';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('the session token (spec §3, §4, §8)', () => {
  it('counts a token as expiring 3000 s before exp', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const exp = now / 1000 + 3000;
    expect(isExpiring({ exp }, now)).toBe(true);
    expect(isExpiring({ exp: exp + 1 }, now)).toBe(false);
    expect(isExpiring({ exp: now / 1000 - 1 }, now)).toBe(true);
  });

  it('says when an open tab must sign out: 3000 s before exp, when isExpiring turns true', () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    // A 3-hour staff token (ADR 017): usable for 2 h 10 in the browser.
    const exp = now / 1000 + 3 * 3600;
    const remaining = msUntilExpiring({ exp }, now);
    expect(remaining).toBe((3 * 3600 - 3000) * 1000);
    expect(isExpiring({ exp }, now + remaining - 1000)).toBe(false);
    expect(isExpiring({ exp }, now + remaining)).toBe(true);
    expect(msUntilExpiring({ exp: now / 1000 + 60 }, now)).toBeLessThan(0);
  });

  it('decodes the claims and shows the role capitalised', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({ unique_name: 'Giulia', family_name: 'Ferri', role: 'socio', exp: 1 })}.firma`;
    expect(decodeClaims(token)).toMatchObject({
      unique_name: 'Giulia',
      family_name: 'Ferri',
      role: 'socio',
    });
    expect(displayRole('socio')).toBe('Socio');
  });

  it('reports undecodable tokens with jwt-decode messages', () => {
    expect(() => decodeClaims(undefined as unknown as string)).toThrow(
      'Invalid token specified: must be a string',
    );
    expect(() => decodeClaims('soloUnaParte')).toThrow(/Invalid token specified: missing part #2/);
    expect(() => decodeClaims('a.%%%.c')).toThrow(
      /Invalid token specified: invalid base64 for part #2/,
    );
    expect(() => decodeClaims(`a.${Buffer.from('non json').toString('base64url')}.c`)).toThrow(
      /Invalid token specified: invalid json for part #2/,
    );
  });

  it('goes back after signing in only to a page of this site (the dues panel’s “Accedi”)', () => {
    const far = Math.floor(Date.now() / 1000) + 86_400;
    const member = `${encode({ alg: 'HS256' })}.${encode({ unique_name: 'Giulia', family_name: 'Ferri', role: 'socio', exp: far })}.firma`;
    const staff = `${encode({ alg: 'HS256' })}.${encode({ unique_name: 'Sara', family_name: 'Neri', role: 'segreteria', exp: far })}.firma`;
    const tab = '/chi-siamo-iscrizione?scheda=pagamento';
    expect(signInReturningTo(tab)).toBe(
      '/area-riservata?ritorno=%2Fchi-siamo-iscrizione%3Fscheda%3Dpagamento',
    );
    expect(
      safeReturnPath(new URL(signInReturningTo(tab), 'https://x.it').searchParams.get('ritorno')),
    ).toBe(tab);
    expect(homeOfToken(member, tab)).toBe(tab);
    expect(homeOfToken(member)).toBe(RESERVED_HOME);
    expect(homeOfToken(staff)).toBe(STAFF_HOME);
    // An events' participant has no reserved home: their registrations (ADR 055).
    const participant = `${encode({ alg: 'HS256' })}.${encode({ unique_name: 'Paolo', family_name: 'Martinelli', role: 'partecipante', exp: far })}.firma`;
    expect(homeOfToken(participant)).toBe('/area-riservata-iscrizioni');
    expect(homeOfToken(participant, tab)).toBe(tab);
    // Without scripts staff land on the reserved home, which links to the back office.
    expect(homeWithoutScripts(staff)).toBe(RESERVED_HOME);
    expect(homeWithoutScripts(member)).toBe(RESERVED_HOME);
    expect(homeWithoutScripts(participant)).toBe('/area-riservata-iscrizioni');
    expect(homeWithoutScripts(participant, '//altro.example/')).toBe('/area-riservata-iscrizioni');
    for (const elsewhere of [
      'https://altro.example/',
      '//altro.example/',
      '/\\altro.example/',
      '/\t/altro.example/',
      '/ /altro.example/',
      '/€',
      '/caf\u00e9',
      '/x\u007f',
      'chi-siamo',
      '',
      null,
    ]) {
      expect(safeReturnPath(elsewhere)).toBeNull();
      expect(homeOfToken(member, elsewhere)).toBe(RESERVED_HOME);
      expect(firstPasswordChange('t0k', 'a@b.it', elsewhere)).toBe(
        '/area-riservata-resetpwd?token=t0k&username=a%40b.it',
      );
      expect(signInReturningTo(elsewhere)).toBe('/area-riservata');
    }
  });

  it('keeps the page to come back to through the password change of a first sign-in', () => {
    const tab = '/chi-siamo-iscrizione?scheda=pagamento';
    const change = new URL(firstPasswordChange('t0k', 'a@b.it', tab), 'https://x.it');
    expect(change.pathname).toBe('/area-riservata-resetpwd');
    expect(Object.fromEntries(change.searchParams)).toEqual({
      token: 't0k',
      username: 'a@b.it',
      ritorno: tab,
    });
    expect(signInReturningTo(change.searchParams.get('ritorno'))).toBe(
      '/area-riservata?ritorno=%2Fchi-siamo-iscrizione%3Fscheda%3Dpagamento',
    );
  });
});
