// The login screen's script budget (issue 13): the entry and every chunk index.html preloads with it, gzipped,
// at most 250 kB. The map, the main panel, the dialogs and the session's machinery load after login. Run after
// `npm run build` (`npm test` does); exits 1 above the limit and prints the figures either way.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const LIMIT_KB = 250;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map(
  (m) => m[1],
);
if (scripts.length === 0) {
  console.error('checkBundle: no script found in dist/index.html');
  process.exit(1);
}
let total = 0;
for (const src of scripts) {
  const gz = zlib.gzipSync(readFileSync(path.join(dist, src.replace(/^\//, ''))), { level: 9 }).length;
  total += gz;
  console.log(`  ${src.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} kB gz`);
}
const kb = total / 1024;
console.log(`login screen script: ${kb.toFixed(1)} kB gzipped (limit ${LIMIT_KB} kB)`);
if (kb > LIMIT_KB) {
  console.error(`checkBundle: the login screen loads ${kb.toFixed(1)} kB of gzipped script, over ${LIMIT_KB} kB`);
  process.exit(1);
}
