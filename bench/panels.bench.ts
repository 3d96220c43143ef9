/**
 * Load benchmark (issue 13 item 3): N simulated panels, each polling POST /v2/app every 8 s at its own phase
 * (spread evenly over the period, as real panels are), while a dispatcher changes one event a second
 * (PUT /v2/events/:id). Prints per N: poll latency p50/p99/max, errors, timeouts and skipped ticks, the server
 * process's CPU (% of one core) and RSS (from /proc), the writes' commit latency, the load generator's CPU and
 * lag, and GET /version.json of the same run as the ratio base (its capacity before the load, and its latency
 * probed every 100 ms during the load). Prints figures; not a test. Run: `npm run bench:panels -w bench`.
 *
 *   BENCH_PANELS=1000,5000,10000   panel counts, run in turn against the same server
 *   BENCH_SECONDS=30               measured seconds per N (after BENCH_WARMUP_SECONDS=8: one period, every
 *                                  panel's first poll and the first session reads are not measured)
 *   BENCH_DATABASE_URL=postgres://…   also run on PostgreSQL (this database is WIPED: use a throwaway one)
 *   BENCH_DATABASES=embedded,postgres which to run (default: embedded, and postgres when the URL is given)
 *   BENCH_CLIENTS=2                load-generator processes
 *   BENCH_CONNECTIONS=512          keep-alive connections, all generator processes together
 *   BENCH_TIMEOUT_MS=32000         a poll unanswered this long is a timeout (the panel's HTTP timeout, 001: 32 s;
 *                                  a tick that finds its poll still pending is skipped, as the panel skips it)
 *   BENCH_PERIOD_MS=8000           the panels' refresh period (001: 8 s)
 *
 * As users do (issue 28 item 8): every panel is logged in for real, its device confirmed (lib/logins.ts; ~40 s
 * per 1,000 on two cores, before anything is measured), and the dispatcher's event is shared with the base of
 * every measured user (lib/sharedEvent.ts), so every visibility class polls a changing event. Panels start from
 * the uid of a full bundle read once (a panel's first full bundle is not what this measures).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ms,
  panelHeaders,
  percentiles,
  procSample,
  request,
  startNode,
  stopNode,
  versionCapacity,
  watchProcess,
  wipeDatabase,
  type BenchSession,
  type NodeEnv,
} from './lib/fleet.js';
import type { PollJob, PollResult } from './lib/pollClient.js';
import { sleep } from './lib/chaosCluster.js';
import { logInPanels } from './lib/logins.js';
import { eventEveryoneSees } from './lib/sharedEvent.js';
import { versionProbe } from './lib/versionProbe.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const levels = (process.env.BENCH_PANELS ?? '1000,5000,10000').split(',').map(Number);
const seconds = Number(process.env.BENCH_SECONDS ?? 30);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const periodMs = Number(process.env.BENCH_PERIOD_MS ?? 8000);
const timeoutMs = Number(process.env.BENCH_TIMEOUT_MS ?? 32_000);
const clients = Number(process.env.BENCH_CLIENTS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 512);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const databases = (process.env.BENCH_DATABASES ?? (databaseUrl ? 'embedded,postgres' : 'embedded')).split(',');
const GOAL_P99_MS = 50;

interface Row {
  database: string;
  panels: number;
  'polls/s': string;
  'p50 ms': string;
  'p99 ms': string;
  'max ms': string;
  errors: number;
  timeouts: number;
  skipped: number;
  'server CPU %': string;
  'server RSS MB': string;
  'commit p50/p99 ms': string;
  'version.json p99 ms (under load)': string;
  'p99 ÷ version.json p99': string;
  'polls/s ÷ version.json capacity': string;
  'client CPU %': string;
  'client lag p99 ms': string;
}

function startClient(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'lib/pollClient.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`poll client exited with ${code}`)));
  });
}

async function fullBundle(agent: http.Agent, url: string, s: BenchSession) {
  const res = await request(agent, `${url}/v2/app`, {
    method: 'POST',
    headers: panelHeaders(s),
    body: JSON.stringify({ uid: null }),
  });
  if (res.status !== 200) throw new Error(`full bundle: ${res.status} ${res.body.toString().slice(0, 200)}`);
  return JSON.parse(res.body.toString()) as { uid: string; events: { id: number; code: string }[] };
}

async function runLevel(
  db: string,
  url: string,
  serverPid: number,
  sessions: BenchSession[],
  n: number,
  versionPerSecond: number,
): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const writer = sessions[0]; // dispecer
  const event = { id: await eventEveryoneSees(agent, url, writer, sessions.slice(0, n)) };
  const bundle = await fullBundle(agent, url, writer);

  const procs = await Promise.all(Array.from({ length: clients }, () => startClient()));
  const startAt = Date.now() + 500;
  const measureFrom = startAt + warmupSeconds * 1000;
  const endAt = measureFrom + seconds * 1000;
  const per = Math.ceil(n / clients);
  const results = procs.map(
    (child, c) =>
      new Promise<PollResult>((resolve, reject) => {
        child.once('message', (r: PollResult) => resolve(r));
        child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`poll client exited ${code}`))));
        const job: PollJob = {
          url,
          sessions: sessions.slice(c * per, Math.min(n, (c + 1) * per)),
          offset: c * per,
          total: n,
          uid: bundle.uid,
          periodMs,
          timeoutMs,
          startAt,
          measureFrom,
          endAt,
          connections: Math.max(1, Math.floor(connections / clients)),
        };
        child.send(job);
      }),
  );

  // the dispatcher: one event change a second, for the whole run; only measured-window commits count
  const commits: number[] = [];
  let writeErrors = 0;
  const writer$ = (async () => {
    let i = 0;
    for (let at = startAt; at < endAt; at += 1000) {
      await sleep(Math.max(0, at - Date.now()));
      const t = performance.now();
      try {
        const res = await request(agent, `${url}/v2/events/${event.id}`, {
          method: 'PUT',
          headers: panelHeaders(writer),
          body: JSON.stringify({ description: `bench ${n} ${i++}` }),
          timeoutMs: 30_000,
        });
        if (res.status !== 200) {
          writeErrors++;
          if (writeErrors === 1) console.error(`write: ${res.status} ${res.body.toString().slice(0, 200)}`);
        } else if (at >= measureFrom) commits.push(performance.now() - t);
      } catch {
        writeErrors++;
      }
    }
  })();

  await sleep(Math.max(0, measureFrom - Date.now()));
  // /version.json under the same load, ten times a second
  const probe$ = versionProbe(url, timeoutMs);
  const watch = watchProcess(serverPid);
  const clientCpuAtMeasure = procs.map((p) => procSample(p.pid!).cpuMs);
  await sleep(Math.max(0, endAt - Date.now()));
  const probes = probe$.take();
  const server = watch.stop();
  // before anything is awaited: the poll processes end at endAt
  const clientCpuAtEnd = procs.map((p) => procSample(p.pid!).cpuMs);
  await probe$.stop();
  const all = await Promise.all(results);
  await writer$;
  agent.destroy();

  const latencies = all.flatMap((r) => r.latencies);
  const lat = percentiles(latencies);
  const commit = percentiles(commits);
  const probe = percentiles(probes);
  const errors = all.reduce((a, r) => a + r.errors, 0);
  const timeouts = all.reduce((a, r) => a + r.timeouts, 0);
  const skipped = all.reduce((a, r) => a + r.skipped, 0);
  const clientCpuMs = clientCpuAtEnd.reduce((a, v, i) => a + v - clientCpuAtMeasure[i], 0);
  const samples = all.flatMap((r) => r.errorSamples).slice(0, 3);
  if (samples.length) console.error(`${db} ${n}: error samples: ${samples.join(' | ')}`);
  if (writeErrors) console.error(`${db} ${n}: ${writeErrors} writes failed`);
  const pollsPerSecond = (latencies.length + errors + timeouts) / seconds;
  return {
    database: db,
    panels: n,
    'polls/s': pollsPerSecond.toFixed(0),
    'p50 ms': ms(lat.p50),
    'p99 ms': ms(lat.p99),
    'max ms': ms(lat.max),
    errors,
    timeouts,
    skipped,
    'server CPU %': server.cpuPercent.toFixed(0),
    'server RSS MB': `${server.rssMb.toFixed(0)} (peak ${server.peakRssMb.toFixed(0)})`,
    'commit p50/p99 ms': `${ms(commit.p50)} / ${ms(commit.p99)}`,
    'version.json p99 ms (under load)': ms(probe.p99),
    'p99 ÷ version.json p99': (lat.p99 / probe.p99).toFixed(2),
    'polls/s ÷ version.json capacity': (pollsPerSecond / versionPerSecond).toFixed(2),
    'client CPU %': ((clientCpuMs / (seconds * 1000)) * 100).toFixed(0),
    'client lag p99 ms': Math.max(...all.map((r) => r.lagP99)).toFixed(0),
  };
}

async function main() {
  const rows: Row[] = [];
  const capacities: string[] = [];
  const max = Math.max(...levels);
  console.log(
    `panels bench: N = ${levels.join(', ')}, ${seconds} s measured after ${warmupSeconds} s, period ${periodMs} ms, ` +
      `${clients} client processes, ${connections} connections, timeout ${timeoutMs} ms; ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  for (const db of databases) {
    if (db === 'postgres' && !databaseUrl) throw new Error('BENCH_DATABASE_URL is needed for postgres');
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-panels-bench-'));
    const env: NodeEnv = { dataDir, databaseUrl: db === 'postgres' ? databaseUrl : '' };
    if (env.databaseUrl) await wipeDatabase(env.databaseUrl);
    const server = await startNode(env);
    try {
      const sessions = await logInPanels(server.url, max, { label: db });
      const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
      const version = await versionCapacity(agent, server.url, 3);
      agent.destroy();
      capacities.push(
        `${db}: GET /version.json ${version.perSecond.toFixed(0)} req/s, p99 ${ms(version.p99)} ms (32 in flight, idle server)`,
      );
      for (const n of levels) {
        const row = await runLevel(db, server.url, server.child.pid!, sessions, n, version.perSecond);
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    } finally {
      await stopNode(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const c of capacities) console.log(c);
  console.table(rows);
  for (const db of databases) {
    const held = rows
      .filter((r) => r.database === db && Number(r['p99 ms']) < GOAL_P99_MS && r.errors === 0 && r.timeouts === 0)
      .map((r) => r.panels);
    console.log(
      `${db}: largest N measured at p99 < ${GOAL_P99_MS} ms without errors: ${held.length ? Math.max(...held) : 'none'}`,
    );
  }
}

await main();
