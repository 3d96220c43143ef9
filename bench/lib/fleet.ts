/**
 * What the load and push benchmarks share: server processes with the demo data (embedded PGlite or a
 * PostgreSQL database, optionally two nodes with a redis-server of their own), and the server's CPU and memory
 * read from /proc. Panels log in for real (lib/logins.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type http from 'node:http';
import pg from 'pg';
import { startRedisServer } from '../../apps/server/src/test/localServices.js';
import { startServer, type ServerProcess } from '../../apps/server/src/test/serverProcess.js';
import { freePort } from './chaosCluster.js';
import { request } from './http.js';

export { panelHeaders, request, type BenchSession } from './http.js';
export { BENCH_USERS } from './logins.js';

/** Empties a PostgreSQL database the benchmark owns (BENCH_DATABASE_URL must be a throwaway one). */
export async function wipeDatabase(url: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('drop schema if exists public cascade; drop schema if exists drizzle cascade; create schema public');
  } finally {
    await c.end();
  }
}

export interface NodeEnv {
  dataDir: string;
  databaseUrl: string;
  redisUrl?: string;
}

/** the token the benchmark's nodes serve /metrics with on their main port (never a real one) */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/**
 * Nodes and redis-servers still running, ended with the benchmark's process however it ends: a benchmark that
 * died of an uncaught error left its node serving (its timers and its memory) under every run after it.
 */
const leftBehind = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of leftBehind) child.kill('SIGKILL');
});
function endWithBenchmark(child: ChildProcess): void {
  leftBehind.add(child);
  child.once('exit', () => leftBehind.delete(child));
}

export async function startNode(env: NodeEnv, port?: number): Promise<ServerProcess> {
  const server = await startServer(
    {
      PORT: String(port ?? (await freePort())),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl ?? '',
      SEED: 'demo',
      ENVIRONMENT: 'test',
      LOG_LEVEL: 'warn',
      // /metrics on the main port (lib/pushSpans.ts); no loopback listener: several nodes share this host
      METRICS_PORT: 'off',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    180_000,
    'tsx', // the figures in bench/RESULTS.md were taken under tsx; the compiled build only where a bench says so
  );
  endWithBenchmark(server.child);
  return server;
}

/** A clean stop (SIGTERM: the node drains and closes its database), SIGKILL after 15 s. */
export async function stopNode(server: ServerProcess): Promise<void> {
  if (server.exitCode() !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  await server.exited;
  clearTimeout(killer);
}

/** Cumulative CPU time (ms, user + system) and resident memory (MB) of a process, from /proc. */
export function procSample(pid: number): { cpuMs: number; rssMb: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // fields after the command name (which may contain spaces) — utime is field 14, stime 15, rss 24
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const rssPages = Number(fields[21]);
  return { cpuMs: ticks * 10, rssMb: (rssPages * 4096) / 1048576 }; // CLK_TCK 100, 4 kB pages (Linux x86-64)
}

/** Samples a process every second while running: CPU % of one core over the window, RSS peak and last. */
export function watchProcess(pid: number) {
  const start = procSample(pid);
  const t0 = performance.now();
  let peakRss = start.rssMb;
  let last = start;
  const timer = setInterval(() => {
    try {
      last = procSample(pid);
      peakRss = Math.max(peakRss, last.rssMb);
    } catch {
      // the process ended: keep the last sample
    }
  }, 1000);
  return {
    stop() {
      clearInterval(timer);
      try {
        last = procSample(pid);
      } catch {
        // ended
      }
      const wall = performance.now() - t0;
      return {
        cpuPercent: ((last.cpuMs - start.cpuMs) / wall) * 100,
        rssMb: last.rssMb,
        peakRssMb: Math.max(peakRss, last.rssMb),
      };
    },
  };
}

/** Sorted-sample percentiles. */
export function percentiles(samples: number[]) {
  const s = Float64Array.from(samples).sort();
  const p = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { n: s.length, p50: p(0.5), p99: p(0.99), max: s.length ? s[s.length - 1] : NaN };
}

export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '–');

/** A redis-server of the benchmark's own on a free port (never the machine's shared one). */
export async function startRedis(): Promise<{ url: string; stop(): void }> {
  const redis = await startRedisServer();
  endWithBenchmark(redis.child);
  return { url: redis.url, stop: () => void redis.child.kill('SIGKILL') };
}

/** GET /version.json as fast as `concurrency` callers can for `seconds`: the ratio base of the run. */
export async function versionCapacity(agent: http.Agent, url: string, seconds: number, concurrency = 32) {
  const end = performance.now() + seconds * 1000;
  const samples: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          const res = await request(agent, `${url}/version.json`);
          if (res.status !== 200) errors++;
          else samples.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { perSecond: samples.length / seconds, errors, ...percentiles(samples) };
}
