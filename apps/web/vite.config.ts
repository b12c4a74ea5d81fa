import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // Workspace packages resolve to their TypeScript sources (no build step in between).
  resolve: { conditions: ['sodalis-source'] },
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
