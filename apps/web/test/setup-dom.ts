import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { consoleCalls } from './console';

/**
 * The setup of the web app's component tests (the `web` project of vitest.config.ts), run before
 * each test file in its own happy-dom document.
 *
 * - Testing Library unmounts what a test rendered only where the runner's globals exist; ours are
 *   imported, so the cleanup is registered here.
 * - A test fails on a console.error or console.warn it did not expect (STYLE.md #8): React says
 *   there what a component test most needs to hear (a hydration mismatch, an update outside
 *   `act`, a missing key). A test that expects one (a list that cannot load logs why, spec §7)
 *   takes it with `expectConsole` (console.ts).
 * - Browser storage, cookies and the fake network of one test do not reach the next.
 * - A `Request` made from a form's FormData reads it back as it was, as a browser's does:
 *   happy-dom's multipart reader drops files and empty fields, so a form posted through React
 *   Router (which makes such a Request for the route's action) lost its CV and empty fields.
 */
class FormKeepingRequest extends Request {
  readonly #form: FormData | null;

  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init);
    this.#form =
      init?.body instanceof FormData
        ? init.body
        : input instanceof FormKeepingRequest
          ? input.#form
          : null;
  }

  override formData(): Promise<FormData> {
    return this.#form === null ? super.formData() : Promise.resolve(this.#form);
  }
}
globalThis.Request = FormKeepingRequest;

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(consoleCalls.error);
  vi.spyOn(console, 'warn').mockImplementation(consoleCalls.warn);
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  const strays = [...consoleCalls.error.mock.calls, ...consoleCalls.warn.mock.calls];
  consoleCalls.error.mockClear();
  consoleCalls.warn.mockClear();
  expect(strays, 'messaggi inattesi sulla console').toEqual([]);
});
