import { defineConfig } from 'vitest/config';

// One runner for the whole house: domain and server tests run in node, web tests in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          root: './packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
          // one file at a time: the files are CPU-bound (embedded PostgreSQL in WebAssembly), and two side by side
          // on this 2-core CI machine finished no sooner (events, map and messages: 120 s against 124 s)
          fileParallelism: false,
          // and in one module graph: a fresh graph per file imported the server and compiled PGlite's WebAssembly
          // again for each of the 158 files; shared, the same files take 540 s instead of ~1,000 (issue 27 item 8).
          // Each file builds its own app and database (test/factory.ts) and the server's module caches are kept per
          // database (WeakMaps), so a file finds nothing of the one before it.
          isolate: false,
          // one migrated embedded cluster for the run, loaded by every test app (src/test/pgliteImage.ts)
          globalSetup: ['./src/test/pgliteImage.ts'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // a jsdom render of a whole dialog takes ~1 s alone and 5 s+ when a 2-core CI machine runs the server
          // files beside it; the tests assert what renders, not how fast (speed is measured in bench/)
          testTimeout: 15000,
        },
      },
    ],
  },
});
