/**
 * `npm start`'s first step: build the web panel only when it is missing or what it is built from changed.
 *
 * The inputs (apps/web sources, public files, index.html, vite and tsconfig files, packages/domain sources,
 * package-lock.json …) are hashed by content — ~460 small files, a few tens of milliseconds — and compared with
 * the hash stored beside the build (`apps/web/dist/.build-inputs`). Content, not mtimes: a checkout or a copy
 * that only touches files does not cost a 45–70 s rebuild. The hash is taken before the build, so a source
 * edited while vite runs makes the next start build again rather than serve a stale panel.
 *
 * `npm run build` still builds unconditionally (vite empties dist, so the next `npm start` builds once more).
 * Usage: `tsx apps/server/scripts/webBuild.ts [--check]` (--check: print the decision, build nothing).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const INPUTS_FILE = '.build-inputs';

/** What the web build depends on, relative to the repository root (folders are walked). */
export const WEB_BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/build',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/package.json',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'packages/domain/src',
  // the dispatcher guide rendered beside the panel (apps/web/build/guide.ts) and its pictures
  'docs/prirucka-dispecera.md',
  'docs/prirucka',
  'packages/domain/package.json',
  'packages/domain/tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
] as const;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

function listFiles(root: string, rel: string, out: string[]): void {
  const full = path.join(root, rel);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return; // an optional input (e.g. no public folder): its absence is part of the hash through the list
  }
  if (stat.isFile()) {
    out.push(rel);
    return;
  }
  if (!stat.isDirectory()) return;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    listFiles(root, path.posix.join(rel, entry.name), out);
  }
}

/** sha256 over the sorted relative paths and contents of the inputs under `root`. */
export function hashInputs(root: string, inputs: readonly string[] = WEB_BUILD_INPUTS): string {
  const files: string[] = [];
  for (const input of inputs) listFiles(root, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel).update('\0');
    hash.update(readFileSync(path.join(root, rel))).update('\0');
  }
  return hash.digest('hex');
}

export type BuildDecision =
  { build: true; reason: 'missing' | 'changed'; hash: string } | { build: false; reason: 'unchanged'; hash: string };

/** Build when `dist/index.html` is missing or the stored inputs hash differs from the current one. */
export function decideWebBuild(
  root: string,
  dist: string,
  inputs: readonly string[] = WEB_BUILD_INPUTS,
): BuildDecision {
  const hash = hashInputs(root, inputs);
  if (!existsSync(path.join(dist, 'index.html'))) return { build: true, reason: 'missing', hash };
  let stored = '';
  try {
    stored = readFileSync(path.join(dist, INPUTS_FILE), 'utf8').trim();
  } catch {
    // no record (built by `npm run build` or an older start): build to know what is served
  }
  return stored === hash ? { build: false, reason: 'unchanged', hash } : { build: true, reason: 'changed', hash };
}

/** Records the inputs a finished build was made from. */
export function recordWebBuild(dist: string, hash: string): void {
  writeFileSync(path.join(dist, INPUTS_FILE), `${hash}\n`);
}

export interface WebBuildOutcome {
  /** false: the stored inputs hash matched, nothing was built */
  built: boolean;
  /** a message for the console */
  line: string;
}

/**
 * Builds the web panel of the repository at `root` into apps/web/dist when it is missing or its inputs changed
 * (`npm start` and `npm run release` share this); throws when the build fails.
 */
export function ensureWebBuild(root: string, opts: { check?: boolean } = {}): WebBuildOutcome {
  const dist = path.join(root, 'apps/web/dist');
  const started = performance.now();
  const decision = decideWebBuild(root, dist);
  const ms = (performance.now() - started).toFixed(0);
  if (!decision.build) {
    return {
      built: false,
      line: `[panel] webový panel je aktuální (vstupy beze změny, ${ms} ms), sestavení se přeskakuje`,
    };
  }
  const why = decision.reason === 'missing' ? 'chybí sestavení' : 'změnily se zdroje';
  if (opts.check) return { built: false, line: `[panel] webový panel by se sestavil (${why})` };
  console.log(`[panel] sestavuji webový panel (${why}) …`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // always a production build: called from a test (vitest sets NODE_ENV=test) Vite would otherwise build with
  // import.meta.env.PROD false — a panel without its service worker, kept by the content-hash skip for later runs
  const result = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('sestavení webového panelu selhalo');
  recordWebBuild(dist, decision.hash);
  return { built: true, line: '[panel] webový panel sestaven' };
}

function main(): number {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  try {
    const outcome = ensureWebBuild(root, { check: process.argv.includes('--check') });
    if (!outcome.built) console.log(outcome.line);
    return 0;
  } catch (error) {
    console.error(`[panel] ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main();
}
