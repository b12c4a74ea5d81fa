import { describe, expect, it } from 'vitest';
import { RICH_TEXT_OPTIONS, sanitizeRichText } from '../../src/text/rich-text.js';

/** A corpus of XSS payloads (OWASP filter-evasion cheat sheet and friends). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//example.org/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<iframe src="https://example.org"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="x.swf"></object>',
  '<embed src="x.swf">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="x:expression(alert(1))">x</p>',
  '<input autofocus onfocus=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<a href="#" onclick="alert(1)">x</a>',
  '<p onmouseover="alert(1)">x</p>',
  '<img src="https://example.org/a.png" onload="alert(1)">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
];

describe('rich text sanitising', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const clean = sanitizeRichText(`<p>prima</p>${payload}<p>dopo</p>`);
    expect(clean).not.toMatch(
      /<script|<iframe|<object|<embed|<svg|<math|<style|<form|<input|<base|<meta|<link|<template/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/javascript:|vbscript:|data:text/i);
    expect(clean).not.toMatch(/style=/i);
    expect(clean).toContain('<p>prima</p>');
  });

  it('keeps formatting, lists, tables and safe links', () => {
    const html =
      '<h2>Titolo</h2><p><strong>Grassetto</strong> e <em>corsivo</em></p><ul><li>uno</li></ul>' +
      '<table><tr><th scope="col">A</th></tr><tr><td colspan="2">B</td></tr></table>' +
      '<p><a href="https://www.example.org/pagina">sito</a> <a href="mailto:segreteria@example.org">posta</a></p>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2>Titolo</h2>');
    expect(clean).toContain('<strong>Grassetto</strong>');
    expect(clean).toContain('<td colspan="2">B</td>');
    expect(clean).toContain('<a href="https://www.example.org/pagina">sito</a>');
    expect(clean).toContain('<a href="mailto:segreteria@example.org">posta</a>');
  });

  it('keeps inline code, which the editor\'s "Codice" button writes', () => {
    expect(sanitizeRichText('<p>Usa <code>npm test</code></p>')).toBe(
      '<p>Usa <code>npm test</code></p>',
    );
  });

  it('makes links that open a new tab safe', () => {
    expect(sanitizeRichText('<a href="https://example.org" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://example.org" rel="opener">x</a>')).toBe(
      '<a href="https://example.org">x</a>',
    );
  });

  // sanitize-html checks schemes only on href, src and cite; 2.17.6 widens that, but needs
  // Node 22.12 (ADR 028). Until then no attribute holding an address is allowed but those two.
  const ADDRESS_ATTRIBUTES = [
    'action',
    'formaction',
    'poster',
    'background',
    'ping',
    'xlink:href',
    'href',
    'src',
    'srcset',
    'data',
    'cite',
    'longdesc',
    'usemap',
    'codebase',
    'manifest',
    'lowsrc',
    'dynsrc',
    'profile',
    'itemtype',
  ];

  it('allows no attribute holding an address but href and src, whose schemes are checked', () => {
    const allowed = Object.values(RICH_TEXT_OPTIONS.allowedAttributes || {}).flat();
    const addressBearing = allowed.filter((attribute) =>
      ADDRESS_ATTRIBUTES.includes(typeof attribute === 'string' ? attribute : attribute.name),
    );
    expect(new Set(addressBearing)).toEqual(new Set(['href', 'src']));
    expect(RICH_TEXT_OPTIONS.allowedSchemesAppliedToAttributes ?? ['href', 'src', 'cite']).toEqual(
      expect.arrayContaining(['href', 'src']),
    );
  });

  it.each(
    ADDRESS_ATTRIBUTES.flatMap((attribute) =>
      ['a', 'img', 'div', 'p', 'td', 'table', 'span', 'blockquote'].map((tag) => [tag, attribute]),
    ),
  )('strips javascript: from <%s %s>', (tag, attribute) => {
    const clean = sanitizeRichText(`<${tag} ${attribute}="javascript:alert(1)">x</${tag}>`);
    expect(clean).not.toMatch(/javascript:/i);
  });
});
