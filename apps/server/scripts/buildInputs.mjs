/**
 * What `npm start` compares before it builds anything: the web panel and the compiled server are rebuilt only
 * when what they are built from changed (issue 11 for the web, issue 28 item 5 for the server: a restart on
 * unchanged sources reaches `/version.json` in ≤ 3 s).
 *
 * The inputs are hashed by content — a few hundred small files, tens of milliseconds — and compared with the
 * hash stored beside the build (`<dist>/.build-inputs`). Content, not mtimes: a checkout or a copy that only
 * touches files does not cost a rebuild. Plain JavaScript so `start.mjs` can decide without the TypeScript loader,
 * whose start alone costs ~0.4 s; `webBuild.ts` and `serverBuild.ts` use the same functions.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const INPUTS_FILE = '.build-inputs';

/** What the web build depends on, relative to the repository root (folders are walked). */
export const WEB_BUILD_INPUTS = Object.freeze([
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
]);

/** What the compiled server (`apps/server/dist`) depends on: its sources, the domain package and the builder. */
export const SERVER_BUILD_INPUTS = Object.freeze([
  'apps/server/src',
  'apps/server/tsconfig.json',
  'apps/server/scripts/serverBuild.ts',
  'apps/server/scripts/buildInputs.mjs',
  'packages/domain/src',
  'packages/domain/package.json',
  'tsconfig.base.json',
  'package-lock.json',
]);

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git']);

/** @param {string} root @param {string} rel @param {string[]} out */
function listFiles(root, rel, out) {
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
export function hashInputs(root, inputs = WEB_BUILD_INPUTS) {
  /** @type {string[]} */
  const files = [];
  for (const input of inputs) listFiles(root, input, files);
  files.sort();
  const hash = createHash('sha256');
  for (const rel of files) {
    hash.update(rel).update('\0');
    hash.update(readFileSync(path.join(root, rel))).update('\0');
  }
  return hash.digest('hex');
}

/**
 * Build when `<dist>/<entry>` is missing or the stored inputs hash differs from the current one.
 * @returns {{build: true, reason: 'missing' | 'changed', hash: string} | {build: false, reason: 'unchanged', hash: string}}
 */
export function decideBuild(root, dist, inputs, entry) {
  const hash = hashInputs(root, inputs);
  if (!existsSync(path.join(dist, entry))) return { build: true, reason: 'missing', hash };
  let stored = '';
  try {
    stored = readFileSync(path.join(dist, INPUTS_FILE), 'utf8').trim();
  } catch {
    // no record (built by `npm run build`, a release or an older start): build to know what is served
  }
  return stored === hash ? { build: false, reason: 'unchanged', hash } : { build: true, reason: 'changed', hash };
}

/** Records the inputs a finished build was made from. */
export function recordBuild(dist, hash) {
  writeFileSync(path.join(dist, INPUTS_FILE), `${hash}\n`);
}
