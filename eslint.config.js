import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '.cluster/**', // releases the cluster test installs (e2e/cluster/nodes.ts)
      '**/migrations/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // type-aware rules: each file is checked with the tsconfig of its package
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
      // a promise nobody awaits loses its failure: await it, or say `void` where fire-and-forget is meant
      '@typescript-eslint/no-floating-promises': 'error',
      // `typeof import('./x')` stays allowed: vitest's `importOriginal<typeof import(…)>` idiom needs it
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'multi-line'],
    },
  },
  {
    // plain JavaScript (configs, scripts) and the root vitest config are outside the TypeScript projects: no
    // type information there
    files: ['**/*.{js,mjs,cjs}', 'vitest.config.ts'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // no import circles inside a package (the web's api → sync → alerts → api circle was one)
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // drizzle tables reference each other through lazy callbacks (`() => users.id`): a circle of table files is
    // how the schema is written, resolved at run time, not an import order problem
    files: ['apps/server/src/db/schema/**/*.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // one-way arrows: web and server never import each other
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@panel/server', '**/apps/server/**'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@panel/web', '**/apps/web/**'] }] },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@panel/server', '@panel/web', 'react', 'node:*', 'fs', 'path', 'drizzle-orm*'] },
      ],
    },
  },
);
