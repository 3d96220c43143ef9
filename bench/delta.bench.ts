/**
 * Delta benchmark (issue 13): what panels polling POST /v2/app cost the server after a change, as a ratio of
 * GET /version.json measured in the same run (ratios hold on a faster machine too). The server runs as its own
 * process (server.ts, demo data), so the load generator does not share its event loop. Prints figures; not a
 * test. Run: `npm run bench:delta -w bench`.
 *
 *   BENCH_PANELS=300        sessions polling (logged in as the demo users in turn, each with its device)
 *   BENCH_CONCURRENCY=32    requests in flight at once
 *   BENCH_SECONDS=5         length of each throughput phase (in total over its slices)
 *   BENCH_SLICES=5          the phases run interleaved in this many slices (load from others hits all alike)
 *   BENCH_DATABASE_URL=postgres://…   PostgreSQL instead of the embedded database (wiped: use a throwaway one)
 *   BENCH_URL=http://127.0.0.1:…       a server already running with the demo seed (e.g. started under
 *                                      `node --cpu-prof` to profile the delta path); nothing is started or wiped
 *
 * Phases: (1) GET /version.json, (2) POST /v2/app with nothing changed, (3) after one change: a dispatcher's
 * message, then every panel asks for its delta (what a push makes them do), repeated for BENCH_SECONDS.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { startBenchServer } from './lib/benchServer.js';
import { panelLogin, request } from './lib/http.js';

const panelsCount = Number(process.env.BENCH_PANELS ?? 300);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const slices = Number(process.env.BENCH_SLICES ?? 5);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const externalUrl = process.env.BENCH_URL ?? '';
const USERS = ['dispecer', 'jednotka', 'mng', 'admin', 'brno', 'ostrava', 'udrp'];

interface Panel {
  headers: Record<string, string>;
  uid: string | null;
}

async function login(url: string, username: string): Promise<Panel> {
  const { headers } = await panelLogin(url, username);
  return { headers: { ...headers, 'accept-encoding': 'gzip, br' }, uid: null };
}

/**
 * The load generator shares the machine's cores with the server, so it is kept cheap: keep-alive connections
 * through one `http.Agent` (not fetch), headers built once per panel. Answers are still decoded and parsed as
 * a panel does (it needs the uid).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function decode(body: Buffer, encoding: string | string[] | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

async function poll(url: string, panel: Panel): Promise<number> {
  const t = performance.now();
  const res = await request(agent, `${url}/v2/app`, {
    method: 'POST',
    headers: panel.headers,
    body: `{"uid":${JSON.stringify(panel.uid)}}`,
  });
  if (res.status !== 200) throw new Error(`POST /v2/app: ${res.status}`);
  panel.uid = (JSON.parse(decode(res.body, res.headers['content-encoding'])) as { uid: string }).uid;
  return performance.now() - t;
}

/** Runs `task` with `concurrency` in flight for `ms`; the latency of each call. */
async function throughput(ms: number, task: () => Promise<number>): Promise<number[]> {
  const end = performance.now() + ms;
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) samples.push(await task());
    }),
  );
  return samples;
}

/** A phase's latencies, wall time and server CPU time (null when the server is not our child), over its slices. */
interface Phase {
  samples: number[];
  ms: number;
  cpuMs: number | null;
  /** this process's CPU time (the load generator) */
  generatorCpuMs: number;
}
const phase = (): Phase => ({ samples: [], ms: 0, cpuMs: 0, generatorCpuMs: 0 });

/** The server's user + system CPU time in ms (Linux /proc, USER_HZ 100), or null when unknown. */
function serverCpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    // fields after the command name: state is field 3, utime 14, stime 15
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function measure(into: Phase, pid: number | undefined, run: () => Promise<number[]>): Promise<void> {
  const cpu = serverCpuMs(pid);
  const own = process.cpuUsage();
  const t = performance.now();
  into.samples.push(...(await run()));
  into.ms += performance.now() - t;
  const spent = process.cpuUsage(own);
  into.generatorCpuMs += (spent.user + spent.system) / 1000;
  const after = serverCpuMs(pid);
  into.cpuMs = cpu === null || after === null || into.cpuMs === null ? null : into.cpuMs + after - cpu;
}

function figures({ samples: raw, ms }: Phase) {
  const samples = [...raw].sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { perSecond: (samples.length * 1000) / ms, p50: p(0.5), p99: p(0.99), n: samples.length };
}

/** Every panel at once (limited to `concurrency` in flight), as after a push. */
async function allPanels(url: string, panels: Panel[]): Promise<number[]> {
  const queue = [...panels];
  const samples: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let p = queue.shift(); p; p = queue.shift()) samples.push(await poll(url, p));
    }),
  );
  return samples;
}

/** The server under test: the one at BENCH_URL, or a child process of our own on a fresh data directory. */
async function serverUnderTest(): Promise<{ url: string; pid?: number; stop(): Promise<void> }> {
  if (externalUrl) return { url: externalUrl, stop: async () => undefined };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-delta-bench-'));
  const server = await startBenchServer(dataDir, { DATABASE_URL: databaseUrl });
  return {
    url: server.url,
    pid: server.child.pid,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const server = await serverUnderTest();
  try {
    const url = server.url;
    console.log(
      `delta bench: ${panelsCount} panels, ${concurrency} in flight, ${seconds} s phases, ${externalUrl ? externalUrl : databaseUrl ? 'PostgreSQL' : 'embedded PGlite'}`,
    );
    const panels: Panel[] = [];
    for (let i = 0; i < panelsCount; i++) panels.push(await login(url, USERS[i % USERS.length]));
    await allPanels(url, panels); // full bundles: every panel holds a uid
    const writer = panels[0]; // dispecer
    const [fire] = (
      (await (
        await fetch(`${url}/v2/app`, {
          method: 'POST',
          headers: writer.headers,
          body: JSON.stringify({ uid: null }),
        })
      ).json()) as { events: { id: number; code: string }[] }
    ).events.filter((e) => e.code === 'PHA-2025-0412');

    // The phases run interleaved in BENCH_SLICES slices, so that load from other work on a shared machine hits
    // all of them alike; the server's own CPU time per request (/proc, when the server is our child) is a
    // second ratio that other load does not move.
    const phases = { version: phase(), unchanged: phase(), delta: phase() };
    const writes: number[] = [];
    const sliceMs = (seconds * 1000) / slices;
    let rounds = 0;
    let next = 0;
    for (let slice = 0; slice < slices; slice++) {
      await measure(phases.version, server.pid, () =>
        throughput(sliceMs, async () => {
          const t = performance.now();
          const res = await request(agent, `${url}/version.json`);
          if (res.status !== 200) throw new Error(`version.json: ${res.status}`);
          JSON.parse(res.body.toString());
          return performance.now() - t;
        }),
      );
      await allPanels(url, panels); // every panel at the newest revision
      await measure(phases.unchanged, server.pid, () =>
        throughput(sliceMs, () => poll(url, panels[next++ % panels.length])),
      );
      await measure(phases.delta, server.pid, async () => {
        const samples: number[] = [];
        const started = performance.now();
        while (performance.now() - started < sliceMs) {
          const t = performance.now();
          const res = await fetch(`${url}/v2/messages`, {
            method: 'POST',
            headers: writer.headers,
            body: JSON.stringify({
              uuid: randomUUID(),
              eventId: fire.id,
              messageCategoryId: 1,
              content: `bench ${rounds}`,
            }),
          });
          if (!res.ok) throw new Error(`message: ${res.status} ${await res.text()}`);
          writes.push(performance.now() - t);
          const roundStart = performance.now();
          samples.push(...(await allPanels(url, panels)));
          if (rounds === 0) {
            console.log(
              `first round: last of ${panels.length} panels had the change ${(performance.now() - roundStart).toFixed(0)} ms after the write`,
            );
          }
          rounds++;
        }
        return samples;
      });
    }

    const version = figures(phases.version);
    const cpuPerRequest = (f: Phase) => (f.cpuMs === null ? null : f.cpuMs / f.samples.length);
    const row = (name: string, ph: Phase) => {
      const f = figures(ph);
      const cpu = cpuPerRequest(ph);
      const versionCpu = cpuPerRequest(phases.version);
      return {
        phase: name,
        'req/s': Math.round(f.perSecond),
        'ratio to /version.json': (f.perSecond / version.perSecond).toFixed(2),
        'p50 ms': f.p50.toFixed(1),
        'p99 ms': f.p99.toFixed(1),
        requests: f.n,
        'server CPU µs/req': cpu === null ? '–' : Math.round(cpu * 1000),
        'CPU ratio (version/this)': cpu === null || versionCpu === null ? '–' : (versionCpu / cpu).toFixed(2),
        'generator CPU µs/req': Math.round((ph.generatorCpuMs * 1000) / f.n),
      };
    };
    console.table([
      row('GET /version.json', phases.version),
      row('POST /v2/app, nothing changed', phases.unchanged),
      row(`POST /v2/app after one change (${rounds} changes)`, phases.delta),
    ]);
    const w = figures({ samples: writes, ms: 1000, cpuMs: null, generatorCpuMs: 0 });
    console.log(`writes: p50 ${w.p50.toFixed(1)} ms, p99 ${w.p99.toFixed(1)} ms`);
  } finally {
    await server.stop();
  }
}

await main();
