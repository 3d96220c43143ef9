/**
 * No import circle in any workspace, type imports included (issue 27): madge draws each workspace's imports with
 * its own tsconfig and the run fails on the first circle it lists. `npm run check:cycles`, part of `npm run lint`.
 */
import madge from 'madge';

const WORKSPACES = [
  ['packages/domain/src', 'packages/domain/tsconfig.json'],
  ['apps/server/src', 'apps/server/tsconfig.json'],
  ['apps/web/src', 'apps/web/tsconfig.json'],
  ['bench', 'bench/tsconfig.json'],
  ['e2e', 'e2e/tsconfig.json'],
];

let circles = 0;
for (const [dir, tsConfig] of WORKSPACES) {
  const graph = await madge(dir, {
    fileExtensions: ['ts', 'tsx'],
    tsConfig,
    excludeRegExp: [/node_modules/, /(^|\/)dist\//, /test-results/, /playwright-report/],
  });
  const found = graph.circular();
  circles += found.length;
  console.log(`${dir}: ${Object.keys(graph.obj()).length} files, ${found.length} circles`);
  for (const circle of found) console.log(`  ${circle.join(' > ')}`);
}
if (circles > 0) process.exit(1);
