import { Transform } from 'node:stream';

/** React Router's preload of a module, as React writes it into the head. */
const MODULE_PRELOAD_LINK = /<link rel="modulepreload"[^>]*>/g;
const HEAD_END = Buffer.from('</head>');

/**
 * A site page's document without React Router's `<link rel="modulepreload">` tags (ADR 020,
 * amendment of 2026-11-24). From the head, a phone fetched every module of the page (22 on
 * the home page, about 130 KB) at high priority while the document itself was still arriving,
 * so the first paint waited on JavaScript the page does not need to be read (ADR 022). Without
 * them the modules are fetched when the parser reaches React Router's inline module script,
 * at the end of the body: after the content, for hydration.
 *
 * The head is held until it ends (React writes it in one flush with the shell) and passed on
 * without the tags; the body passes as it comes. A document without a head passes unchanged.
 */
export function withoutModulePreloads(): Transform {
  const held: Buffer[] = [];
  // The last bytes held, where a `</head>` cut by the chunking begins.
  let tail = Buffer.alloc(0);
  let headEnded = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (headEnded) {
        done(null, chunk);
        return;
      }
      held.push(chunk);
      const recent = Buffer.concat([tail, chunk]);
      const at = recent.indexOf(HEAD_END);
      if (at === -1) {
        tail = recent.subarray(Math.max(0, recent.length - HEAD_END.length + 1));
        done();
        return;
      }
      headEnded = true;
      const document = Buffer.concat(held);
      held.length = 0;
      const headLength = document.length - recent.length + at + HEAD_END.length;
      const head = document.subarray(0, headLength).toString('utf8');
      done(
        null,
        Buffer.concat([
          Buffer.from(head.replace(MODULE_PRELOAD_LINK, '')),
          document.subarray(headLength),
        ]),
      );
    },
    flush(done) {
      done(null, headEnded ? undefined : Buffer.concat(held));
    },
  });
}
