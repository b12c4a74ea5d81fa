import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { withoutModulePreloads } from './module-preloads';

/** The document as the transform passes it on, written in chunks of `size` bytes. */
async function passThrough(document: string, size: number): Promise<string> {
  const bytes = Buffer.from(document);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += size)
    chunks.push(bytes.subarray(start, start + size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(withoutModulePreloads()))
    out.push(chunk as Buffer);
  return Buffer.concat(out).toString('utf8');
}

const HEAD =
  '<!DOCTYPE html><html lang="it"><head><meta charSet="utf-8"/><title>Società</title>' +
  '<link rel="icon" href="/favicon.svg"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-A1.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/react-B2.js" nonce="n0"/>' +
  '<style id="site-stylesheet">.è{color:red}</style></head>';
const BODY =
  '<body><p>Perché sì</p><script type="module" nonce="n0">import "/assets/root-C3.js";</script>' +
  '<p>&lt;link rel="modulepreload"&gt;</p></body></html>';

describe('withoutModulePreloads', () => {
  it.each([1, 7, 64, 100_000])(
    'drops the head’s module preloads, whatever the chunks (%i bytes)',
    async (size) => {
      const sent = await passThrough(HEAD + BODY, size);
      expect(sent.slice(0, sent.indexOf('</head>'))).not.toContain('modulepreload');
      // Only the tags go: the body, and a text naming them in it, pass as written.
      expect(sent).toBe(HEAD.replace(/<link rel="modulepreload"[^>]*>/g, '') + BODY);
      // The icon, the stylesheet and the body's module script stay.
      expect(sent).toContain('<link rel="icon" href="/favicon.svg"/>');
      expect(sent).toContain('<style id="site-stylesheet">.è{color:red}</style></head>');
      expect(sent).toContain('import "/assets/root-C3.js"');
    },
  );

  it('passes a document without a head unchanged', async () => {
    const fragment = '<p>è</p><link rel="modulepreload" href="/assets/x.js"/>';
    expect(await passThrough(fragment, 3)).toBe(fragment);
  });
});
