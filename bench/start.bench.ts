/**
 * Start benchmark (issue 28 item 5): seconds from `npm start`, as a user types it, to the first answer of
 * `/version.json` — goals ≤ 3 s on existing data and ≤ 20 s on an empty data directory. The living demo runs
 * (SIMULATE is left as the user has it). Prints figures; not a test. Run: `npm run bench:start -w bench`.
 *
 *   BENCH_RESTARTS=5     restarts measured over the data directory the first start created
 *
 * Before measuring, the web panel and the compiled server are brought up to date (as the first `npm start` after
 * a checkout does), so the figures are the starts of a machine where nothing changed. `/version.json`'s own
 * answer time on the started server is printed beside them, the yardstick of the other benchmarks.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decideBuild, SERVER_BUILD_INPUTS } from '../apps/server/scripts/buildInputs.mjs';
import { buildServer } from '../apps/server/scripts/serverBuild.js';
import { ensureWebBuild } from '../apps/server/scripts/webBuild.js';
import { freePort, repoRoot } from './lib/chaosCluster.js';
import { versionMedianMs } from './lib/http.js';

const restarts = Number(process.env.BENCH_RESTARTS ?? 5);
const GOAL_EXISTING_S = 3;
const GOAL_EMPTY_S = 20;

interface Start {
  seconds: number;
  /** median answer time of `/version.json` right after the start, ms */
  versionMs: number;
}

/** `npm start` in its own process group; resolves once `/version.json` answered, after stopping it. */
async function npmStart(dataDir: string): Promise<Start> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), METRICS_PORT: 'off' };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'NODE_OPTIONS']) delete env[key];
  const started = performance.now();
  const child = spawn('npm', ['start'], { cwd: repoRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
      if (performance.now() - started > 120_000) throw new Error(`no /version.json within 120 s:\n${output}`);
      const ok = await fetch(`${url}/version.json`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, versionMs: await versionMedianMs(url, 50) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM'); // the drain path: the embedded database closes cleanly for the restart
    const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}

async function main(): Promise<void> {
  const web = ensureWebBuild(repoRoot);
  console.log(web.built ? 'web panel built first' : 'web panel current');
  const dist = path.join(repoRoot, 'apps/server/dist');
  if (decideBuild(repoRoot, dist, SERVER_BUILD_INPUTS, 'server.js').build) {
    await buildServer({ root: repoRoot });
    console.log('server compiled first');
  } else console.log('compiled server current');

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-start-bench-'));
  try {
    const empty = await npmStart(dataDir);
    console.log(`empty data directory: ${empty.seconds.toFixed(2)} s`);
    const again: Start[] = [];
    for (let i = 0; i < restarts; i++) {
      again.push(await npmStart(dataDir));
      console.log(`restart ${i + 1}: ${again[i].seconds.toFixed(2)} s`);
    }
    const seconds = again.map((s) => s.seconds).sort((a, b) => a - b);
    const median = seconds[Math.floor(seconds.length / 2)];
    const max = seconds[seconds.length - 1];
    const versionMs = again.map((s) => s.versionMs).sort((a, b) => a - b)[Math.floor(again.length / 2)];
    console.log('\n| start (`npm start` → /version.json) | goal | measured | ratio to goal |');
    console.log('|---|---|---|---|');
    console.log(
      `| empty data directory | ≤ ${GOAL_EMPTY_S} s | ${empty.seconds.toFixed(1)} s | ${(empty.seconds / GOAL_EMPTY_S).toFixed(2)} |`,
    );
    console.log(
      `| existing data, median of ${restarts} (max) | ≤ ${GOAL_EXISTING_S} s | ${median.toFixed(2)} s (${max.toFixed(2)} s) | ${(median / GOAL_EXISTING_S).toFixed(2)} |`,
    );
    console.log(`\n/version.json right after a start: median ${versionMs.toFixed(1)} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
