/**
 * Which release this process is (issue 23): the version and the git commit it was built from, shown in
 * `/version.json`, `/readyz`, the first log line, the start banner and the panel's options menu.
 *
 * - A release (`npm run release`, scripts/release.ts) writes `build-info.json` beside the compiled server
 *   (`apps/server/dist/build-info.json`): the host it is installed on has no git and no sources.
 * - Otherwise (`npm start`, `npm run dev`, tests): the root package.json's `version` and `git rev-parse --short
 *   HEAD`, "unknown" outside a git checkout. Read once per process (git is asked once, at most 2 s).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildInfo {
  /** the root package.json's version, e.g. `1.0.0` */
  version: string;
  /** short git commit hash, `unknown` when built outside git */
  commit: string;
}

export const BUILD_INFO_FILE = 'build-info.json';
export const UNKNOWN_COMMIT = 'unknown';

// src/ and dist/ lie at the same depth: apps/server/{src,dist}/buildInfo.* → the repository (or release) root
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The short commit of the checkout at `dir`, or "unknown" (no git, not a repository, git hangs). */
export function gitCommit(dir: string): string {
  try {
    const out = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    });
    const hash = out.toString().trim();
    return /^[0-9a-f]{4,40}$/.test(hash) ? hash : UNKNOWN_COMMIT;
  } catch {
    return UNKNOWN_COMMIT;
  }
}

/** The version of the repository (or release) at `dir`: its package.json's `version`, `0.0.0` without one. */
export function packageVersion(dir: string): string {
  const version = readJson(path.join(dir, 'package.json'))?.version;
  return typeof version === 'string' && version ? version : '0.0.0';
}

let cached: BuildInfo | null = null;

export function buildInfo(): BuildInfo {
  if (cached) return cached;
  const recorded = readJson(path.join(here, BUILD_INFO_FILE));
  if (typeof recorded?.version === 'string' && typeof recorded.commit === 'string') {
    cached = { version: recorded.version, commit: recorded.commit };
  } else {
    cached = { version: packageVersion(root), commit: gitCommit(root) };
  }
  return cached;
}

/** `Panel 1.0.0 (abc1234)`: the first log line and the banner's head. */
export function releaseLabel(info: BuildInfo = buildInfo()): string {
  return `Panel ${info.version} (${info.commit})`;
}
