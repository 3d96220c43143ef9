import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/**
 * The server's floors, bottom to top (issue 27): a file imports its own floor or lower ones, never higher. Test
 * support (tests, test/, testkit, fixtures, test setups) stands above them all. `integrations/…/defaults.ts` are
 * constants with no imports, read by the configuration: they count as the base floor.
 */
const SERVER = 'apps/server/src';
const SERVER_FLOORS = [
  ['base', ['{config,configMapServices,mapLayersConfig,errors,texts,buildInfo,dzinUrl,workerEntry}.ts', 'logging/**']],
  ['db', ['db/**', '{context,nullHub}.ts']],
  ['integrations', ['integrations/**']],
  ['http and the sync core', ['http/**', 'sync/**']],
  ['modules', ['modules/**']],
  ['realtime and metrics', ['realtime/**', 'metrics/**']],
  ['seeding, demo, backup, cli', ['demo/**', 'startup/**', 'backup/**', 'cli/**']],
  ['composition roots and the process guards', ['{app,server,processGuards}.ts']],
];
const serverFloorZones = SERVER_FLOORS.slice(0, -1).map(([name, globs], i) => ({
  target: globs.map((g) => `${SERVER}/${g}`),
  from: SERVER_FLOORS.slice(i + 1).flatMap(([, higher]) => higher.map((g) => `${SERVER}/${g}`)),
  except: name === 'base' ? ['**/integrations/**/defaults.ts'] : [],
  message: `The ${name} floor imports only its own floor or lower ones (eslint.config.js SERVER_FLOORS).`,
}));

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
    // how import-x resolves the TypeScript imports its rules read (the server's floors below). Circles are not
    // looked for here: madge (`npm run check:cycles`, in `npm run lint` and the checks) draws every workspace
    // with type imports; import-x/no-cycle found the same circles at ~11 s of each CI run's ESLint (issue 27)
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
    // floors that only go down (SERVER_FLOORS above); type imports count too
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts', `${SERVER}/test/**`, '**/testkit.ts', '**/*.fixtures.ts', '**/*TestSetup.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverFloorZones }] },
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
