import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [reactRouter()],
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
    preprocessorOptions: {
      scss: {
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  build: { target: 'es2022' },
});
