import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import boundaries from './scripts/eslint-import-boundaries.mjs';
import comments from './scripts/eslint-comments.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-e2e/**', 'node_modules/**', 'data/**', 'generated/**/*.js', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries, comments },
    rules: {
      'boundaries/import-boundaries': 'error',
      'comments/no-tracker-references': 'error',
      'boundaries/no-import-cycles': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
      // Types come in as types: `import type` (or inline `type`) vanishes at build time, so a type
      // never drags a module (and its side effects) into a bundle or an import cycle.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // The server's promises: every store call is async, and a Promise where a value was
    // meant is always truthy — `if (isAllowed(x))` without await lets everyone through. Type-aware,
    // so only for server/ (about 10 s).
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Small modules: a file says one thing and a function does one job (a page's fetching,
    // finishing and drawing are hooks and components of their own; SQL and policy live outside
    // the route). Every line counts, comments included; tests and generated code aside.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'renderer/**/*.{ts,tsx}', 'common/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Types written by json-schema-to-typescript: an open object schema comes out as `{}`.
    files: ['generated/**/*.ts'],
    rules: { '@typescript-eslint/no-empty-object-type': 'off' },
  },
  {
    // Hooks live in .ts files too (useSettings, useAvailability, useJourneyBounce…): the hook rules
    // apply to every file of the app and the renderer.
    files: ['src/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
);
