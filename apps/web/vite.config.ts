import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { sourceWords, unusedRules } from './app/styles/unused-rules';

/** Text files of the client build worth compressing (ADR 020); images and PDFs already are. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;
/** The server's on-the-fly threshold: smaller files go out as they are. */
const PRECOMPRESS_MIN_BYTES = 1024;

function filesUnder(directory: string): string[] {
  return fs
    .readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Brotli (highest quality) and gzip siblings of every text file of the client build, written
 * once at build time and served by content negotiation (ADR 020), so a browser gets the smallest
 * bytes without the server compressing the same asset on every request.
 */
function precompressClientBuild(): Plugin {
  return {
    name: 'sodalis-precompress',
    apply: 'build',
    // Brotli's highest quality takes seconds for the whole build: the files are compressed side
    // by side on libuv's threads instead of one after the other on the main one.
    async writeBundle(options) {
      if (!options.dir || path.basename(options.dir) !== 'client') return;
      const brotli = promisify(brotliCompress);
      const gzipped = promisify(gzip);
      const compressible = filesUnder(options.dir).filter((file) => COMPRESSIBLE_FILE.test(file));
      await Promise.all(
        compressible.map(async (file) => {
          const content = await fs.promises.readFile(file);
          if (content.byteLength < PRECOMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
            }),
            gzipped(content, { level: 9 }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.br`, br),
            fs.promises.writeFile(`${file}.gz`, gz),
          ]);
        }),
      );
    },
  };
}

/**
 * TipTap's core as the back office's editor uses it (ADR 013): the registry's newest colour
 * extension pins an older core, which npm installs beside ours; every import of the core is sent
 * to the one StarterKit uses, so the editor has one copy.
 */
const tiptapCoreEntry = createRequire(
  createRequire(import.meta.url).resolve('@tiptap/starter-kit'),
).resolve('@tiptap/core');
const tiptapCore = tiptapCoreEntry.slice(
  0,
  tiptapCoreEntry.lastIndexOf(`${path.sep}dist${path.sep}`),
);

const APP = path.resolve(import.meta.dirname, 'app');
/** The staff screens' folders (ADR 013): their classes are the back office's, not the site's. */
const STAFF_SOURCE = /[\\/]admin[\\/]/;
/** The trimming's own code and tests name classes no page uses. */
const TRIMMING_SOURCE = /[\\/]unused-rules(?:\.test)?\.ts$/;
/**
 * Classes composed at run time from a variable (`news-item--${tone}`, `toast--${kind}`): their
 * full names are in no source, so they are kept by prefix.
 */
const COMPOSED_CLASS = /^(?:news-item|category-icon|toast)--/;

/**
 * The words each Bootstrap stylesheet is trimmed to (ADR 020), read once per build: the public
 * one to the site's sources, the back office's to all of them (its screens use the site's parts).
 */
function stylesheetWords(): (file: string) => ReadonlySet<string> | undefined {
  const readers = new Map<string, () => ReadonlySet<string>>([
    [
      path.join(APP, 'styles', 'app.scss'),
      () => sourceWords(APP, (file) => STAFF_SOURCE.test(file) || TRIMMING_SOURCE.test(file)),
    ],
    [
      path.join(APP, 'features', 'admin', 'admin-bootstrap.scss'),
      () => sourceWords(APP, (file) => TRIMMING_SOURCE.test(file)),
    ],
  ]);
  const read = new Map<string, ReadonlySet<string>>();
  return (file) => {
    const readWords = readers.get(file);
    if (readWords === undefined) return undefined;
    if (!read.has(file)) read.set(file, readWords());
    return read.get(file);
  };
}

export default defineConfig(({ command }) => ({
  plugins: [reactRouter(), precompressClientBuild()],
  // Workspace packages resolve to their TypeScript sources (no build step in between).
  resolve: {
    conditions: ['sodalis-source'],
    alias: [
      { find: /^@tiptap\/core$/, replacement: path.join(tiptapCore, 'dist', 'index.js') },
      {
        find: /^@tiptap\/core\/jsx-runtime$/,
        replacement: path.join(tiptapCore, 'jsx-runtime', 'index.js'),
      },
    ],
  },
  ssr: { resolve: { conditions: ['sodalis-source'], externalConditions: ['sodalis-source'] } },
  css: {
    // Only when building: in development the sources change under a running server.
    postcss:
      command === 'build'
        ? { plugins: [unusedRules({ stylesheetWords: stylesheetWords(), keep: COMPOSED_CLASS })] }
        : {},
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // React, its DOM renderer and React Router in one chunk every page shares: compressed
        // together they weigh less than apart (ADR 020). Nothing of react-admin is named here:
        // a manual chunk takes its dependencies along, and one of react-admin's would pull its
        // screens' code into the first admin screen.
        manualChunks(id) {
          return /\/node_modules\/(?:react|react-dom|scheduler|react-router)\//.test(id)
            ? 'react'
            : undefined;
        },
      },
    },
  },
}));
