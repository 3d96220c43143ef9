/**
 * Response-time reports benchmark (issue 26 item 2): 10,000 and 100,000 past jobs (each with its five status
 * rows) in a scratch PostgreSQL database, a real server on it, and GET /v2/reports/response-times as the
 * management user (every base: the largest report) for the default 90 days grouped by base, by vehicle, by month,
 * and by category for one unit — each timed sequentially, median and max of BENCH_RUNS calls, printed as a
 * ratio to GET /version.json timed the same way in the same run (the machine's speed cancels out). The same
 * statement is also timed in-process on PostgreSQL and on PGlite (10,000 jobs; 100,000 with BENCH_PGLITE_100K=1).
 * Goal: < 500 ms at 100,000 jobs. Prints figures; not a test. Run: `npm run bench:reports -w bench`.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   the server whose scratch databases are used
 *   BENCH_REPORT_JOBS=10000,100000                         the sizes
 *   BENCH_RUNS=15                                          calls per figure
 *
 * BENCH-ONLY fill (lib/reportsFill.ts): events and jobs by generate_series over the demo's vehicles, spread over
 * the last 89 days, moved through their statuses by bulk updates (the trigger writes history and per-job times).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { responseTimes } from '../apps/server/src/modules/reports/queries.js';
import { createScratchDatabase } from '../apps/server/src/test/scratchDatabase.js';
import { ms, startNode, stopNode } from './lib/fleet.js';
import { fillJobHistory as fill } from './lib/reportsFill.js';
import { panelLogin, request, soundLibraryRendered } from './lib/http.js';

const pgUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_REPORT_JOBS ?? '10000,100000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 15);
const pglite100k = process.env.BENCH_PGLITE_100K === '1';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

const QUERIES: [name: string, query: string][] = [
  ['90 dní, podle jednotek', ''],
  ['90 dní, podle techniky', 'groupBy=resource'],
  ['90 dní, podle měsíců', 'groupBy=month'],
  ['PHA, podle kategorií', 'groupBy=category&baseId=3'],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timed(fn: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  await fn();
  await fn(); // warm: plans, caches, the JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return { median: median(samples), max: Math.max(...samples) };
}

async function get(url: string, headers?: Record<string, string>) {
  const res = await request(agent, url, { headers });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.body.toString().slice(0, 200)}`);
  return res.body.length;
}

async function onPostgres(jobs: number) {
  const scratch = await createScratchDatabase(pgUrl, 'panel_bench');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-bench-reports-'));
  try {
    const handle = await openDatabase({ databaseUrl: scratch.url, dataDir });
    await migrate(handle);
    await seedDemo(handle.db);
    const fillS = await fill(handle.db, jobs);
    const inProcess = await timed(() => responseTimes(handle.db, { groupBy: 'base' }, null));
    await handle.close();
    const server = await startNode({ dataDir, databaseUrl: scratch.url });
    try {
      const session = await panelLogin(server.url, 'mng');
      // a fresh server renders its tones on a worker first: not inside the measured window
      await soundLibraryRendered(server.url, session.headers);
      const version = await timed(() => get(`${server.url}/version.json`));
      console.log(`\nPostgreSQL, ${jobs.toLocaleString('cs-CZ')} jobs (fill ${fillS.toFixed(1)} s)`);
      console.log(`  GET /version.json                     median ${ms(version.median)} ms  max ${ms(version.max)} ms`);
      console.log(
        `  statement in-process (by base)        median ${ms(inProcess.median)} ms  max ${ms(inProcess.max)} ms`,
      );
      for (const [name, query] of QUERIES) {
        let bytes = 0;
        const r = await timed(async () => {
          bytes = await get(`${server.url}/v2/reports/response-times?${query}`, session.headers);
        });
        console.log(
          `  ${name.padEnd(36)}  median ${ms(r.median)} ms  max ${ms(r.max)} ms  ` +
            `ratio ${(r.median / version.median).toFixed(1)}× version.json  (${(bytes / 1024).toFixed(1)} kB)`,
        );
      }
      return version.median;
    } finally {
      await stopNode(server);
    }
  } finally {
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPglite(jobs: number, versionMs: number | undefined) {
  const handle = await openDatabase({ dataDir: ':memory:' });
  try {
    await migrate(handle);
    await seedDemo(handle.db);
    const fillS = await fill(handle.db, jobs);
    console.log(`\nPGlite (in-process), ${jobs.toLocaleString('cs-CZ')} jobs (fill ${fillS.toFixed(1)} s)`);
    for (const groupBy of ['base', 'resource', 'month'] as const) {
      const r = await timed(() => responseTimes(handle.db, { groupBy }, null));
      const ratio = versionMs ? `  ratio ${(r.median / versionMs).toFixed(1)}× version.json (PostgreSQL run)` : '';
      console.log(`  statement by ${groupBy.padEnd(10)}  median ${ms(r.median)} ms  max ${ms(r.max)} ms${ratio}`);
    }
  } finally {
    await handle.close();
  }
}

let versionMs: number | undefined;
for (const jobs of sizes) versionMs = await onPostgres(jobs);
for (const jobs of sizes.filter((n) => n <= 10_000 || pglite100k)) await onPglite(jobs, versionMs);
agent.destroy();
