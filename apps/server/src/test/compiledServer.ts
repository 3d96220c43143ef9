/**
 * vitest global setup of the server project: the tests that start a server process run the compiled server
 * (`apps/server/dist/server.js`, test/serverProcess.ts), the one `npm start` and a release run. It is built here
 * once, before any test file, when its inputs changed (scripts/serverBuild.ts `ensureServerBuild`), so an edited
 * source is what those processes run. Why compiled: a start under the tsx loader cost ~7 CPU-s against ~4 for the
 * build on a loaded 2-core machine, and the suite starts a few dozen servers (issue 27 item 8).
 */
import { ensureServerBuild } from '../../scripts/serverBuild.js';
import { repoRoot } from './deployKit.js';

export default async function setup(): Promise<void> {
  console.log(await ensureServerBuild(repoRoot));
}
