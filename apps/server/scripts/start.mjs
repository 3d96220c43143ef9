/**
 * `npm start`: build what changed, then run the compiled server in this same process.
 *
 * 1. The web panel (`apps/web/dist`) and the compiled server (`apps/server/dist`) are each rebuilt only when the
 *    hash of their inputs differs from the one stored beside the build (buildInputs.mjs); a build runs in a child
 *    process under the TypeScript loader (webBuild.ts, serverBuild.ts) and takes 45–70 s (web) or ~1 s (server).
 * 2. `apps/server/dist/server.js` is imported here. This file is plain JavaScript, so the server still runs
 *    without the loader's isolate (issue 13, memory), and a restart on unchanged sources pays for one Node
 *    process and two hashes, not three processes and a compile (issue 28 item 5: ≤ 3 s to `/version.json`).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { decideBuild, SERVER_BUILD_INPUTS, WEB_BUILD_INPUTS } from './buildInputs.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverDist = path.join(root, 'apps/server/dist');

/** Runs a builder script under tsx; exits with its failure. */
function runBuilder(script) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts', script)], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Builds when the inputs changed, or says the build is current. */
function ensure(what, dist, inputs, entry, builder) {
  const started = performance.now();
  const decision = decideBuild(root, dist, inputs, entry);
  const ms = (performance.now() - started).toFixed(0);
  if (decision.build) runBuilder(builder);
  else console.log(`[panel] ${what} je aktuální (vstupy beze změny, ${ms} ms), sestavení se přeskakuje`);
}

ensure('webový panel', path.join(root, 'apps/web/dist'), WEB_BUILD_INPUTS, 'index.html', 'webBuild.ts');
ensure('přeložený server', serverDist, SERVER_BUILD_INPUTS, 'server.js', 'serverBuild.ts');
await import(pathToFileURL(path.join(serverDist, 'server.js')).href);
