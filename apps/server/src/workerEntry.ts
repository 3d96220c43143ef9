/**
 * How a worker thread of the server starts (the speech renderer's, the embedded database's): the compiled file
 * itself when the server runs as JavaScript (`apps/server/dist`, where every source file has its `.js` beside the
 * others); a TypeScript file (tsx, vitest) is loaded through tsx's `tsImport` inside the worker — `--import tsx`
 * in the worker's execArgv does not reach worker threads on Node 20, and the main thread's execArgv may be
 * vitest's, not tsx's.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface WorkerEntry {
  /** the file, or the code that imports it (then `eval: true`) */
  entry: URL | string;
  eval: boolean;
}

/**
 * The entry of the worker file `name` (without extension) beside the module at `fromUrl` (its `import.meta.url`):
 * `.js` beside a `.js`, `.ts` beside a `.ts`.
 */
export function workerEntry(fromUrl: string, name: string): WorkerEntry {
  const ext = path.extname(fileURLToPath(fromUrl));
  const file = new URL(`./${name}${ext}`, fromUrl);
  if (ext !== '.ts') return { entry: file, eval: false };
  const tsxRoot = path.dirname(createRequire(fromUrl).resolve('tsx/package.json'));
  const api = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const code =
    `import(${JSON.stringify(api)}).then((tsx) => tsx.tsImport(${JSON.stringify(file.href)}, ` +
    `${JSON.stringify(fromUrl)})).catch((error) => { console.error(error); process.exit(1); });`;
  return { entry: code, eval: true };
}
