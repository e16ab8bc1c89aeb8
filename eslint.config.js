// Lint for the hand-written code (generators, templates, tests, bench, scripts): ESLint's and
// typescript-eslint's recommended rules, without type information so it stays fast (the type
// checker, `npm run typecheck`, does the typed checks). Generated output is checked by building it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['generated/**', 'generators/.bundle/**', 'test/.output/**', 'dist/**', '**/node_modules/**'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore names what is left out on purpose (a rest sibling, an unused parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The validator compiler hands itself to keyword emitters under the interfaces they see.
      '@typescript-eslint/no-this-alias': ['error', { allowedNames: ['compiler', 'hoist'] }],
    },
  },
  // Tests read parsed JSON and YAML documents as `any`; shipped and generating code may not.
  { files: ['test/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The plain-JavaScript scripts run on Node.
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
