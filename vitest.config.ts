import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// One runner for the whole house: domain and server tests run in node, web tests in jsdom.

/**
 * The web test files that replace modules (`vi.mock`), found by reading them: they keep a module graph of their
 * own, because in a shared one the module may already be loaded, unmocked, by an earlier file.
 */
const WEB = fileURLToPath(new URL('./apps/web', import.meta.url));
const MOCKING_WEB_FILES = ['src', 'build']
  .flatMap((dir) =>
    readdirSync(path.join(WEB, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)),
  )
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(path.join(WEB, file), 'utf8')))
  .map((file) => file.split(path.sep).join('/'));

const web = {
  root: './apps/web',
  include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  // a jsdom render of a whole dialog takes ~1 s alone and 5 s+ when a 2-core CI machine runs the server
  // files beside it; the tests assert what renders, not how fast (speed is measured in bench/)
  testTimeout: 15000,
} as const;

export default defineConfig({
  test: {
    // Two test files at a time, also on a 2-core machine (vitest's default there is one): the server files spend
    // much of their time waiting on the processes, databases and timers they start, so two workers ran them in
    // 561 s instead of 760 s (issue 27 item 8). Every file has a database of its own (test/factory.ts, an
    // embedded one in memory; test/scratchDatabase.ts on PostgreSQL), temp folders and ports of its own, and each
    // worker its own Redis channel names (apps/server/src/test/redisPrefix.ts).
    maxWorkers: 2,
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
          // in one module graph per worker: a fresh graph per file imported the server and compiled PGlite's
          // WebAssembly again for each of the 158 files; shared, the same files take 540 s instead of ~1,000 (issue 27
          // item 8). Each file builds its own app and database (test/factory.ts) and the server's module caches are
          // kept per database (WeakMaps), so a file finds nothing of the one before it.
          isolate: false,
          // one migrated embedded cluster for the run, loaded by every test app (src/test/pgliteImage.ts); the
          // compiled server the server-process tests start, built when its sources changed (src/test/compiledServer.ts)
          globalSetup: ['./src/test/pgliteImage.ts', './src/test/compiledServer.ts'],
          // two files at a time (maxWorkers above) share the machine's Redis: each worker its own channel names
          setupFiles: ['./src/test/redisPrefix.ts'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: {
          ...web,
          name: 'web',
          exclude: MOCKING_WEB_FILES,
          // in one worker: a fresh worker per file took ~390 s, shared ~90 s (issue 27 item 8). After each file
          // src/test/sharedGraph.ts ends what it left running and has the app's modules evaluated anew
          isolate: false,
          setupFiles: [...web.setupFiles, './src/test/sharedGraph.ts'],
        },
      },
      {
        esbuild: { jsx: 'automatic' },
        test: { ...web, name: 'web-mocks', include: MOCKING_WEB_FILES },
      },
    ],
  },
});
