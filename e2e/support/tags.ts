/**
 * The tag of a test that opens a PDF in the browser's own viewer: it runs in the full Chromium
 * (the project "sito-visore-pdf", playwright.config.ts); the headless shell the other tests run in
 * has no PDF viewer and downloads every PDF.
 */
export const PDF_VIEWER_TAG = '@visore-pdf';
