import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { localPlugin } from './lint/own-tables.js';
import { noLiteralUiString } from './lint/ui-strings.js';
import { typedLanguageOptions, typedRules } from './lint/typed-rules.js';

export default tseslint.config(
  { ignores: ['node_modules', 'data', 'dist', 'coverage', 'scratch'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}', 'src/pda/**/*.{ts,tsx}', 'src/api/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Named exports only: a name is the same at every import, and "go to definition" finds it.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use a named export.' },
        { selector: 'ExportSpecifier[exported.name="default"]', message: 'Use a named export.' },
      ],
    },
  },
  {
    // One writer per table: a module changes another module's rows through its face (lint/own-tables.js).
    files: ['src/server/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { local: localPlugin },
    rules: { 'local/own-tables': 'error' },
  },
  {
    // What a screen shows comes from the locale files, in six languages (lint/ui-strings.js).
    files: ['src/admin/**/*.tsx', 'src/pda/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    plugins: { ui: { rules: { 'no-literal-ui-string': noLiteralUiString } } },
    rules: { 'ui/no-literal-ui-string': 'error' },
  },
  {
    // Type-checked rules: floating promises and unsafe any (lint/typed-rules.js).
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    languageOptions: typedLanguageOptions,
    rules: typedRules,
  },
  {
    files: ['scripts/**', 'bench/**', 'src/server/main.ts', 'src/server/seed-cli.ts', 'src/sandbox/main.ts'],
    rules: { 'no-console': 'off' },
  },
);
