import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from './components/nonce';
import { SiteStylesheetContext } from './components/site-stylesheet';
import './load-context';
import { withoutModulePreloads } from './module-preloads';
import { isBackOffice } from './shared/session/session';
import siteStylesheet from './styles/app.scss?inline';

/** How long a streamed render may take before it is cut short. */
export const streamTimeout = 10_000;

/**
 * Server rendering: bots and no-JavaScript clients get the whole document at once, browsers a
 * stream. Every inline script carries the CSP nonce the server put in the response's policy;
 * the public stylesheet goes inline in the pages' <head>, and their modules are not preloaded
 * from it: they load after the content (ADR 020). The back office, which shows nothing without
 * its scripts, keeps the preloads.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
  const sitePage = !isBackOffice(new URL(request.url).pathname);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <SiteStylesheetContext.Provider value={siteStylesheet}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </SiteStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          if (sitePage) {
            const filter = withoutModulePreloads();
            pipe(filter);
            // pipeline, not .pipe(): a reader who leaves destroys `body`, and the filter with it,
            // which React sees as its destination closing, so it stops rendering.
            pipeline(filter, body, () => {});
          } else pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are streamed to the error boundary; log them once here.
          if (shellRendered) loadContext.reportError(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
