import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/build/**', '**/node_modules/**', '**/.react-router/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'error',
    },
  },
  {
    // The web app and contracts never import server code (DESIGN.md: dependencies point one way).
    files: ['packages/contracts/**', 'apps/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@sodalis/server', '**/apps/server/**'],
              message: 'Il codice web/contracts non importa il server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The rules of hooks and React Compiler's checks (no setState in effects, pure renders).
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Spec §7: failures loading lists and files are logged in the browser, not shown.
    files: ['apps/web/app/**'],
    rules: { 'no-console': ['error', { allow: ['warn'] }] },
  },
  {
    files: ['apps/server/src/cli/**', 'apps/server/bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
