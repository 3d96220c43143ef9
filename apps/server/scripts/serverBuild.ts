/**
 * `npm start`'s second step: the server compiled to plain JavaScript (`apps/server/dist`), so the running server
 * is `node apps/server/dist/server.js` — no TypeScript loader in the process.
 *
 * Why (issue 13, memory): under `node --import tsx` Node 20 runs the loader's hooks in a second V8 isolate that
 * every module's source passes through; the idle server paid ~80 MB of resident memory for it (measured by
 * `npm run bench:memory -w bench`, docs/ARCHITECTURE.md "Start and memory"). The server processes of the tests and
 * journeys run this build too (`ensureServerBuild`); `npm run dev` and most benchmarks run the TypeScript directly.
 *
 * Layout (what the code's `import.meta.url`-relative paths expect):
 * - `apps/server/src/**` → `apps/server/dist/**` file by file, not bundled: `app.ts` finds `modules/<area>/
 *   routes.js` by reading its folder, `renderPool.ts` starts `renderWorker.js` beside it, `migrate.ts` reads
 *   `db/migrations`, `config.ts` finds the web build at `../../web/dist`. Files other than `.ts` (migrations)
 *   are copied. Tests (`*.test.ts`) are left out.
 * - `@panel/domain` (TypeScript with extensionless imports) bundled per export (`.`, `./<folder>`) with shared
 *   chunks — one instance of each module, as under tsx — into `dist/node_modules/@panel/domain`, which Node's
 *   resolution finds from `dist/**` before the workspace link in the root node_modules. Other packages resolve
 *   from the root node_modules as before.
 *
 * The build takes about a second (esbuild, which tsx brings), into a fresh folder that then replaces the old one.
 * It records the hash of its inputs (`SERVER_BUILD_INPUTS`, taken before it compiles) in `dist/.build-inputs`:
 * `npm start` (scripts/start.mjs) runs it only when that hash changed (issue 28 item 5, start ≤ 3 s). Source maps are written beside the files (`--enable-source-maps` to use them).
 * Usage: `tsx apps/server/scripts/serverBuild.ts [--changed]` (`--changed`: only when the inputs changed).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { decideBuild, hashInputs, recordBuild, SERVER_BUILD_INPUTS } from './buildInputs.mjs';

export interface ServerBuildOptions {
  /** the repository root */
  root: string;
  /** where the compiled server goes (default `apps/server/dist`); must lie inside `root` so packages resolve */
  outDir?: string;
}

export interface ServerBuildResult {
  outDir: string;
  /** compiled server files */
  files: number;
  ms: number;
}

/** `.ts` files to compile and other files to copy under `dir` (relative to it), tests left out. */
function sourceFiles(dir: string, rel = '', out = { ts: [] as string[], other: [] as string[] }) {
  for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const file = path.join(rel, entry.name);
    if (entry.isDirectory()) sourceFiles(dir, file, out);
    else if (entry.name.endsWith('.test.ts')) continue;
    else if (entry.name.endsWith('.ts')) out.ts.push(file);
    else out.other.push(file);
  }
  return out;
}

/** `@panel/domain`'s export map with `.ts` targets as `.js`, and the entry files it names. */
function domainExports(domainDir: string): { exports: Record<string, string>; entries: string[] } {
  const pkg = JSON.parse(readFileSync(path.join(domainDir, 'package.json'), 'utf8')) as {
    exports: Record<string, string>;
  };
  const exports: Record<string, string> = {};
  const entries: string[] = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    exports[key] = target.replace(/\.ts$/, '.js');
    if (!target.includes('*')) {
      entries.push(path.join(domainDir, target));
      continue;
    }
    // "./*": "./src/*/index.ts" — every folder that has the file
    const [before, after] = target.split('*');
    const base = path.join(domainDir, before);
    for (const d of readdirSync(base, { withFileTypes: true })) {
      const file = path.join(base, d.name, after);
      if (d.isDirectory() && existsSync(file)) entries.push(file);
    }
  }
  return { exports, entries };
}

export async function buildServer(opts: ServerBuildOptions): Promise<ServerBuildResult> {
  const started = performance.now();
  const { root } = opts;
  const outDir = path.resolve(opts.outDir ?? path.join(root, 'apps/server/dist'));
  const srcDir = path.join(root, 'apps/server/src');
  const domainDir = path.join(root, 'packages/domain');
  // a fresh folder, swapped in at the end: a failed build leaves the previous one whole
  const tmp = `${outDir}.tmp-${process.pid}`;
  const inputsHash = hashInputs(root, SERVER_BUILD_INPUTS); // before compiling: an edit meanwhile builds again
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  try {
    const files = sourceFiles(srcDir);
    const common = {
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
      tsconfig: path.join(root, 'apps/server/tsconfig.json'),
    } as const;
    await build({
      ...common,
      entryPoints: files.ts.map((f) => path.join(srcDir, f)),
      outdir: tmp,
      outbase: srcDir,
      bundle: false,
    });
    for (const f of files.other) cpSync(path.join(srcDir, f), path.join(tmp, f));

    const domainOut = path.join(tmp, 'node_modules/@panel/domain');
    const { exports, entries } = domainExports(domainDir);
    await build({
      ...common,
      entryPoints: entries,
      outdir: path.join(domainOut, 'src'),
      outbase: path.join(domainDir, 'src'),
      bundle: true,
      splitting: true,
      packages: 'external',
    });
    writeFileSync(
      path.join(domainOut, 'package.json'),
      JSON.stringify({ name: '@panel/domain', private: true, type: 'module', exports }, null, 2) + '\n',
    );
    // the compiled files are ES modules whatever package.json sits above them
    writeFileSync(path.join(tmp, 'package.json'), JSON.stringify({ type: 'module', private: true }) + '\n');
    recordBuild(tmp, inputsHash);

    const old = `${outDir}.old-${process.pid}`;
    if (existsSync(outDir)) renameSync(outDir, old);
    renameSync(tmp, outDir);
    rmSync(old, { recursive: true, force: true });
    return { outDir, files: files.ts.length, ms: performance.now() - started };
  } catch (error) {
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Builds `apps/server/dist` only when its inputs changed, as `npm start` decides (scripts/start.mjs). The test
 * runners call it once before they start any server process (test/compiledServer.ts, e2e/playwright.config.ts):
 * those processes run the compiled server, so an edited source must not meet a stale build.
 * @returns a line for the console
 */
export async function ensureServerBuild(root: string): Promise<string> {
  const outDir = path.join(root, 'apps/server/dist');
  if (!decideBuild(root, outDir, SERVER_BUILD_INPUTS, 'server.js').build) return '[panel] přeložený server je aktuální';
  return builtLine(root, await buildServer({ root, outDir }));
}

const builtLine = (root: string, result: ServerBuildResult) =>
  `[panel] server přeložen do ${path.relative(root, result.outDir)} (${result.ms.toFixed(0)} ms)`;

async function main(): Promise<number> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  try {
    const changedOnly = process.argv.includes('--changed');
    console.log(changedOnly ? await ensureServerBuild(root) : builtLine(root, await buildServer({ root })));
    return 0;
  } catch (error) {
    console.error('[panel] překlad serveru selhal:', error instanceof Error ? error.message : error);
    return 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
