import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { selectorMayMatch, unusedRules } from './unused-rules';

const USED = new Set(['btn', 'btn-primary', 'news-item', '--bs-link-color']);
const COMPOSED = /^news-item--/;

function trimmed(css: string, file = '/app/styles/app.scss'): string {
  const plugin = unusedRules({
    stylesheetWords: (stylesheet) => (stylesheet === '/app/styles/app.scss' ? USED : undefined),
    keep: COMPOSED,
  });
  return postcss([plugin])
    .process(css, { from: `${file}?inline` })
    .css.replace(/\s+/g, ' ');
}

describe('the trimming of unused stylesheet rules (ADR 020)', () => {
  it('keeps a selector only when every class it requires is used or composed at run time', () => {
    expect(selectorMayMatch('.btn.btn-primary:hover', USED, COMPOSED)).toBe(true);
    expect(selectorMayMatch('.btn-group > .btn', USED, COMPOSED)).toBe(false);
    expect(selectorMayMatch('.news-item--white .x', USED, COMPOSED)).toBe(false);
    expect(selectorMayMatch('.news-item--white', USED, COMPOSED)).toBe(true);
    // A class under :not() only widens what the selector matches.
    expect(selectorMayMatch('.btn:not(.disabled)', USED, COMPOSED)).toBe(true);
    expect(selectorMayMatch('body, a:hover, [hidden]', USED, COMPOSED)).toBe(true);
    expect(selectorMayMatch('[data-bs-theme=dark]', USED, COMPOSED)).toBe(false);
  });

  it('drops unused rules, emptied media queries, unread custom properties and keyframes', () => {
    const css = trimmed(`
      :root { --bs-link-color: red; --bs-unread: 1px; --bs-gap: 2px; }
      .btn, .btn-group { gap: var(--bs-gap); animation: spin 1s; }
      .carousel { animation: slide 1s; }
      @media (min-width: 1px) { .carousel-item { display: none; } }
      @keyframes spin { from { opacity: 0; } }
      @keyframes slide { from { opacity: 0; } }
    `);
    expect(css).toContain('--bs-link-color: red');
    expect(css).toContain('--bs-gap: 2px');
    expect(css).not.toContain('--bs-unread');
    expect(css).toContain('.btn {');
    expect(css).not.toMatch(/btn-group|carousel|@media|slide/);
    expect(css).toContain('@keyframes spin');
  });

  it('leaves the stylesheets it was not given words for as they are', () => {
    const css = '.carousel { color: red; }';
    expect(trimmed(css, '/app/features/sponsorship/sponsorship.scss')).toBe(css);
  });
});
