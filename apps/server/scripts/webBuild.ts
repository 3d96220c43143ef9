/**
 * `npm start`'s first step: build the web panel only when it is missing or what it is built from changed.
 *
 * The inputs (apps/web sources, public files, index.html, vite and tsconfig files, packages/domain sources,
 * package-lock.json …; `WEB_BUILD_INPUTS` in buildInputs.mjs) are hashed by content — ~460 small files, a few
 * tens of milliseconds — and compared with the hash stored beside the build (`apps/web/dist/.build-inputs`).
 * Content, not mtimes: a checkout or a copy that only touches files does not cost a 45–70 s rebuild. The hash is
 * taken before the build, so a source edited while vite runs makes the next start build again rather than serve
 * a stale panel. `npm start` (scripts/start.mjs) takes the same decision first and runs this only to build.
 *
 * `npm run build` still builds unconditionally (vite empties dist, so the next `npm start` builds once more).
 * Usage: `tsx apps/server/scripts/webBuild.ts [--check]` (--check: print the decision, build nothing).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideBuild, recordBuild, WEB_BUILD_INPUTS, type BuildDecision } from './buildInputs.mjs';

export { hashInputs, INPUTS_FILE, WEB_BUILD_INPUTS, type BuildDecision } from './buildInputs.mjs';

/** Build when `dist/index.html` is missing or the stored inputs hash differs from the current one. */
export function decideWebBuild(
  root: string,
  dist: string,
  inputs: readonly string[] = WEB_BUILD_INPUTS,
): BuildDecision {
  return decideBuild(root, dist, inputs, 'index.html');
}

/** Records the inputs a finished build was made from. */
export const recordWebBuild = recordBuild;

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
