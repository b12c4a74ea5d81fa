import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for rich text (setup elements, news subtitles, opinions…), applied before
 * it is stored and again before it is served (docs/architecture.md, "Security baseline"): formatting,
 * lists, headings, tables, images and links; no scripts, styles, event handlers, frames or
 * `javascript:` addresses. Links that open a new tab get `rel="noopener noreferrer"`.
 * Schemes are checked on `href` and `src` only (sanitize-html's default list), so no other
 * attribute that holds an address may be allowed (ADR 028: why 2.17.5 is safe here).
 */
export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'code',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'hr',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const attributes: Record<string, string> = { ...attribs };
      if (attributes.target !== undefined) {
        attributes.target = '_blank';
        attributes.rel = 'noopener noreferrer';
      } else {
        delete attributes.rel;
      }
      return { tagName, attribs: attributes };
    },
  },
};

/** Most sanitised texts remembered; the lists show the same few subtitles again and again. */
const SANITIZED_KEPT = 2_000;
/** Longer texts (whole pages) are sanitised each time rather than kept. */
const SANITIZED_KEPT_MAX_LENGTH = 16 * 1024;
const sanitized = new Map<string, string>();

/**
 * Rich text as the pages may show it (ADR 009). Sanitising is a pure function of the text and
 * costs more than the query that read it (ADR 020), so short texts' results are remembered,
 * oldest forgotten first.
 */
export function sanitizeRichText(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html, RICH_TEXT_OPTIONS);
  if (html.length <= SANITIZED_KEPT_MAX_LENGTH) {
    if (sanitized.size >= SANITIZED_KEPT) sanitized.delete(sanitized.keys().next().value as string);
    sanitized.set(html, clean);
  }
  return clean;
}
