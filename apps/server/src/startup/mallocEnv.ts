/**
 * How the server's process allocates native memory (issue 28 item 6: idle ≤ 300 MB on the embedded database
 * after an hour of load). Most of an idle node's RSS above the JS heap was glibc's malloc, not the database
 * (PGlite's WebAssembly memory stays near 32 MB resident):
 * - one arena per thread that ever allocated (libuv's pool compresses answers), up to 8 per core, each keeping
 *   what it freed: 16 arenas held 110 MB after five minutes of the mixed load → at most 2;
 * - the dynamic mmap threshold: once a large block (brotli's window, a big Buffer) is freed, glibc raises the
 *   threshold and serves later large blocks from the heap, where they fragment it and are never returned → a
 *   fixed threshold of 128 kB, so large blocks are mapped and unmapped whole.
 * glibc reads both when the process starts, so whatever starts the server sets them: `npm start` (package.json),
 * the release's start script (scripts/release.ts), the systemd unit (deploy/systemd/panel@.service) and the
 * servers tests and benchmarks start (test/serverProcess.ts). deploySystemd.test.ts keeps the four the same.
 * Other C libraries ignore them.
 */
export const MALLOC_ENV: Readonly<Record<string, string>> = Object.freeze({
  MALLOC_ARENA_MAX: '2',
  GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072',
});

/** The variables as the prefix of a shell command (an npm script): `MALLOC_ARENA_MAX=2 GLIBC_TUNABLES=… `. */
export function mallocEnvPrefix(): string {
  return Object.entries(MALLOC_ENV)
    .map(([key, value]) => `${key}=${value} `)
    .join('');
}
