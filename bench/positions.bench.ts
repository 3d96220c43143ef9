/**
 * Position ingest benchmark (issue 14 item 3): 500 vehicles reporting through the OsmAnd protocol every 5 s
 * (100 positions a second, each vehicle's navigation unit with its own secret, a random walk in Czechia) while
 * 200 panels are connected the way the web panel is (socket.io with the handshake `pushDeltas: true`, their base
 * and group channels; each pushed `delta` applied when the panel is at its `from`, else a POST /v2/app pull —
 * lib/panelSync.ts, as apps/web/src/features/sync/syncEngine.ts). The panels log in as 7 demo users of several bases and
 * visibility classes in turn (one session each), so a server builds at most 7 answers per push, as it would for
 * real panels; the bench prints the distinct answers it received per push. Prints the ingest latency
 * (p50/p99/max), how long a move took to be visible on the panels (from the report to the first push or pull
 * that carries the vehicle's new position, over every panel that got it), pushes and invalidations a panel
 * received per second, how many pushes were applied / came compressed / carried no data / were followed by a
 * pull, the pushed bytes, and the server processes' CPU and memory. Not a test.
 * The trackers run in a worker thread (lib/trackerLoad.ts): on the main thread, beside the panels' sockets and
 * deltas, their timing waited for the client's own event loop. Both threads' event-loop delays are printed.
 *
 *   npm run bench:positions -w bench                 one server, embedded PGlite
 *   BENCH_CLUSTER=1 npm run bench:positions -w bench  two servers on PostgreSQL + Redis (bench/lib/chaosCluster.ts)
 *
 *   BENCH_VEHICLES=500  BENCH_PERIOD_S=5  BENCH_PANELS=200  BENCH_SECONDS=30  BENCH_WARMUP_S=10 (reports at the
 *     same rate before the measured window, their figures printed apart: a server's first seconds under load
 *     run code V8 has not optimised yet and statements PGlite meets for the first time — answers of up to
 *     150 ms in the first 2–3 s, then 1–2 ms, seen with 10 panels; 0 measures from the first report)
 *   BENCH_PUSH_DELTAS=0  the panels as before the push: no `pushDeltas`, a pull after every `invalidate`
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (cluster: a scratch database is made in it)
 *   BENCH_DATABASE_NAME=wt_b  (cluster: this database, dropped and made afresh, instead of a random scratch one)
 *   BENCH_PROBE=1  each server loads lib/loopProbe.mjs: its event-loop delay, busy share, ingest time inside the
 *     server, delta pulls and longest stalls are printed; BENCH_SQL_PROF=1 adds PGlite's SQL time by statement;
 *     BENCH_CPU_PROF=dir writes a V8 CPU profile of each server there (one server: ended with SIGTERM), and the
 *     probe's lines beside it (its stalls carry `endUs`: the samples of a stall are found by time)
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { startBenchServer } from './lib/benchServer.js';
import { sleep, startCluster } from './lib/chaosCluster.js';
import { BENCH_USERS as USERS } from './lib/fleet.js';
import { panelLogin, soundLibraryRendered } from './lib/http.js';
import { createPanelSync, emptyCounts, listen, type PanelSync } from './lib/panelSync.js';
import { printProbe } from './lib/probeReport.js';
import { prepareFleet, queryOf } from './lib/trackerFleet.js';
import type { TrackerLoadInput, TrackerLoadMessage, TrackerSpec } from './lib/trackerLoad.js';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 500);
const PERIOD_S = Number(process.env.BENCH_PERIOD_S ?? 5);
const PANELS = Number(process.env.BENCH_PANELS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
/** reports before the measured window: the server's first seconds under load run cold code and cold SQL */
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 10);
const CLUSTER = process.env.BENCH_CLUSTER === '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROBE = process.env.BENCH_PROBE === '1';
const PUSH_DELTAS = process.env.BENCH_PUSH_DELTAS !== '0';

type Tracker = TrackerSpec;

interface Panel {
  sync: PanelSync;
  socket: Socket | null;
  /** pushes or invalidations heard */
  told: number;
  /** per vehicle, the newest latitude this panel was shown: a move counts once, from whichever brought it first */
  shown: Map<number, number>;
}

/** the panels' sync counters summed (pushes, applied, data null, compressed, pulls, pushed bytes) */
function totals(panels: Panel[]) {
  const t = emptyCounts();
  for (const { sync } of panels) {
    t.pushes += sync.counts.pushes;
    t.applied += sync.counts.applied;
    t.pushNull += sync.counts.pushNull;
    t.compressed += sync.counts.compressed;
    t.pulls += sync.counts.pulls;
    for (const b of sync.counts.pushBytes) t.pushBytes.push(b);
    for (const b of sync.counts.gzBytes) t.gzBytes.push(b);
    for (const b of sync.counts.inflatedBytes) t.inflatedBytes.push(b);
  }
  return t;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const max = (xs: number[]) => xs.reduce((m, x) => (x > m ? x : m), -Infinity);
const pct = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

/** CPU seconds (user+sys) and RSS of a process, from /proc. */
function processStats(pid: number): { cpuS: number; rssMb: number } {
  const stat = execFileSync('cat', [`/proc/${pid}/stat`])
    .toString()
    .split(') ')[1]
    .split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]);
  const status = execFileSync('cat', [`/proc/${pid}/status`]).toString();
  const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { cpuS: ticks / 100, rssMb: rss / 1024 };
}

async function main() {
  // BENCH_PROBE=1: each server process loads loopProbe.mjs (event-loop delay, request times, stalls per second)
  const probeDir = PROBE ? mkdtempSync(path.join(os.tmpdir(), 'panel-loop-probe-')) : null;
  if (probeDir) {
    const probe = fileURLToPath(new URL('./lib/loopProbe.mjs', import.meta.url));
    process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim();
    process.env.PANEL_LOOP_PROBE = path.join(probeDir, 'probe');
    if (process.env.BENCH_SQL_PROF === '1') process.env.PANEL_SQL_PROF = '1';
  }
  // BENCH_SERVER_NODE_OPTIONS: V8 or Node flags for the server processes only (GC tuning experiments)
  const serverFlags = process.env.BENCH_SERVER_NODE_OPTIONS;
  if (serverFlags) process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} ${serverFlags}`.trim();
  // BENCH_CPU_PROF=dir (with BENCH_PROBE=1): the servers write a V8 CPU profile there when they get SIGTERM
  const profDir = process.env.BENCH_CPU_PROF;
  if (profDir && probeDir) process.env.PANEL_CPU_PROF = path.join(profDir, 'server');
  let urls: string[];
  let pids: () => number[];
  let stop: () => Promise<void>;
  let trackers: Tracker[];
  if (CLUSTER) {
    // direct: no fault is injected here, and the chaos proxies would pipe every query through this process's
    // main thread, which also plays the 200 panels
    let fleet: Tracker[] = [];
    const cluster = await startCluster({
      databaseUrl: DATABASE_URL,
      databaseName: process.env.BENCH_DATABASE_NAME,
      direct: true,
      // the fleet exists before the nodes start, as in a running service: each node loads every tracker at
      // start (`warm`), so no tracker's first report waits for a lookup (made after the start, every one did)
      prepare: async (databaseUrl) => {
        const handle = await openDatabase({ databaseUrl, dataDir: os.tmpdir() });
        try {
          await migrate(handle);
          await seedDemo(handle.db);
          fleet = await prepareFleet(queryOf(handle), VEHICLES);
        } finally {
          await handle.close();
        }
      },
    });
    trackers = fleet;
    urls = cluster.nodes.map((n) => n.url);
    pids = () => cluster.nodes.map((n) => n.child?.pid ?? 0).filter(Boolean);
    stop = () => cluster.close();
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-positions-bench-'));
    const handle = await openDatabase({ dataDir });
    await migrate(handle);
    await seedDemo(handle.db);
    trackers = await prepareFleet(queryOf(handle), VEHICLES);
    await handle.close();
    const server = await startBenchServer(dataDir, { WEB_DIST: path.join(dataDir, 'no-web-build') });
    urls = [server.url];
    pids = () => [server.child.pid!];
    stop = async () => {
      if (profDir) {
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, sleep(15_000)]);
      }
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  console.log(
    `positions bench: ${trackers.length} vehicles every ${PERIOD_S} s (${(trackers.length / PERIOD_S).toFixed(0)}/s), ` +
      `${PANELS} panels (${USERS.length} users), ${SECONDS} s, ` +
      `${CLUSTER ? 'two servers, PostgreSQL + Redis' : 'one server, embedded PGlite'}, ` +
      `${PUSH_DELTAS ? 'deltas in the push (pushDeltas: true, as the web)' : 'a pull after every invalidate (BENCH_PUSH_DELTAS=0)'}`,
  );
  try {
    // panels: log in, full bundle, socket subscribed to their base and groups; then as the web's sync engine
    const sentAt = new Map<string, number>(); // `${resourceId}:${lat}` → when reported
    const visible: number[] = [];
    let visibleByPush = 0;
    const deltaMs: number[] = [];
    // sizes of the pulled answers (JSON characters): what a push of the same span would weigh
    const pulledBytes: number[] = [];
    const panels: Panel[] = [];
    // distinct pushed answers per (server, revision): at most the groups that server built for that push
    const answers = new Map<string, Set<string>>();
    /** a move is visible when the first answer carrying the vehicle's new position reaches the panel */
    const shown = (p: Panel, data: Record<string, unknown>, source: 'push' | 'pull') => {
      const now = Date.now();
      for (const r of (data.resources ?? []) as { id: number; pnt: { latitude: number } | null }[]) {
        if (!r.pnt || p.shown.get(r.id) === r.pnt.latitude) continue;
        p.shown.set(r.id, r.pnt.latitude);
        const at = sentAt.get(`${r.id}:${r.pnt.latitude}`);
        if (at === undefined) continue;
        visible.push(now - at);
        if (source === 'push') visibleByPush++;
      }
    };
    for (let i = 0; i < PANELS; i++) {
      const url = urls[i % urls.length];
      const { headers, token, instance, user } = await panelLogin(url, USERS[i % USERS.length]);
      const full = await fetch(`${url}/v2/app`, { method: 'POST', headers, body: JSON.stringify({ uid: null }) });
      const bundle = (await full.json()) as { uid: string; bases: { id: number; uid: string }[] };
      const baseUid = bundle.bases.find((b) => b.id === user.baseId)?.uid;
      const panel: Panel = {
        socket: null,
        told: 0,
        shown: new Map(),
        sync: createPanelSync({
          uid: bundle.uid,
          pull: async (uid) => {
            const t = performance.now();
            const res = await fetch(`${url}/v2/app`, { method: 'POST', headers, body: JSON.stringify({ uid }) });
            const text = await res.text();
            pulledBytes.push(text.length);
            const body = JSON.parse(text) as { uid: string } & Record<string, unknown>;
            deltaMs.push(performance.now() - t);
            return res.ok ? body : null;
          },
          onData: (data, source) => shown(panel, data, source),
        }),
      };
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token, instance, appCode: 'panel', pushDeltas: PUSH_DELTAS },
      });
      socket.on('connect', () => {
        for (const channel of [...(baseUid ? [`base.${baseUid}`] : []), ...user.groups.map((g) => `group.${g}`)]) {
          socket.emit('subscribe', { channel });
        }
      });
      listen(socket, panel.sync, (revision, pushed) => {
        panel.told++;
        if (!pushed) return;
        const key = `${url}|${revision}`;
        const seen = answers.get(key) ?? new Set<string>();
        seen.add(pushed.gz ?? JSON.stringify(pushed.data));
        answers.set(key, seen);
      });
      panel.socket = socket;
      panels.push(panel);
      // each server's start-up rendering is over before the measured window (one panel per server asks)
      if (i < urls.length) await soundLibraryRendered(url, headers);
    }
    await sleep(1000);

    // trackers: in a worker thread (lib/trackerLoad.ts), so their timing does not wait for the panels' loop here
    const measured = pids();
    let cpu0 = measured.map(processStats);
    // the panels' side of the client: its event-loop delay says how late it sees what the server sent
    const clientLoop = monitorEventLoopDelay({ resolution: 5 });
    let told0 = 0;
    /** the measured window starts (after the warm-up): counters, CPU and pushed answers from here on only */
    const startMeasuring = () => {
      cpu0 = measured.map(processStats);
      clientLoop.enable();
      told0 = 0;
      for (const p of panels) told0 += p.told;
      for (const { sync } of panels) Object.assign(sync.counts, emptyCounts());
      answers.clear();
      pulledBytes.length = 0;
      visible.length = 0;
      visibleByPush = 0;
      deltaMs.length = 0;
    };
    // a worker does not inherit tsx's loader on Node 20: a small entry registers it, then loads the TypeScript
    const entry = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register();
      return import(${JSON.stringify(new URL('./lib/trackerLoad.ts', import.meta.url).href)}); });`;
    const worker = new Worker(entry, {
      eval: true,
      workerData: {
        trackers,
        urls,
        periodS: PERIOD_S,
        seconds: SECONDS,
        warmupS: WARMUP_S,
      } satisfies TrackerLoadInput,
    });
    let started = Date.now();
    const load = await new Promise<Extract<TrackerLoadMessage, { type: 'done' }>>((resolve, reject) => {
      worker.on('message', (m: TrackerLoadMessage) => {
        if (m.type === 'sent') sentAt.set(m.key, m.at);
        else if (m.type === 'started') {
          started = m.at;
          startMeasuring();
        } else resolve(m);
      });
      worker.once('error', reject);
    });
    await worker.terminate();
    const { reports: n, ingestMs, refused, failed } = load;
    const statuses = new Map(load.statuses);
    const sendingEnded = load.sendingEndedAt;
    clientLoop.disable();
    await sleep(2500); // the last coalesced invalidations and deltas
    const elapsed = (Date.now() - started) / 1000;
    // the machine is shared: the figures mean little when the load is far above its cores
    console.log(
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    const cpu1 = measured.map(processStats);
    let told = -told0;
    for (const p of panels) told += p.told;
    const counts = totals(panels);
    const { pushes } = counts;

    console.table([
      {
        reports: n,
        'per s': +(n / SECONDS).toFixed(1),
        'ingest p50 ms': +pct(ingestMs, 0.5).toFixed(1),
        'ingest p99 ms': +pct(ingestMs, 0.99).toFixed(1),
        'ingest max ms': +max(ingestMs).toFixed(1),
        [`warm-up ${WARMUP_S} s p50 / p99 / max ms`]: load.warmupMs.length
          ? `${pct(load.warmupMs, 0.5).toFixed(1)} / ${pct(load.warmupMs, 0.99).toFixed(1)} / ${max(load.warmupMs).toFixed(0)}` +
            (load.warmupFailed ? ` (${load.warmupFailed} failed)` : '')
          : '—',
        refused,
        failed,
      },
    ]);
    if (statuses.size > 0) console.log('failures:', Object.fromEntries(statuses));
    console.table([
      {
        'moves seen (panel × move)': visible.length,
        'visible p50 ms': +pct(visible, 0.5).toFixed(0),
        'visible p99 ms': +pct(visible, 0.99).toFixed(0),
        'visible max ms': +max(visible).toFixed(0),
        'delta p50 ms': +pct(deltaMs, 0.5).toFixed(1),
        'delta p99 ms': +pct(deltaMs, 0.99).toFixed(1),
        'pulled kB p50 / max': `${(pct(pulledBytes, 0.5) / 1024).toFixed(1)} / ${(max(pulledBytes) / 1024).toFixed(1)}`,
        'moves first by push %': +((100 * visibleByPush) / Math.max(1, visible.length)).toFixed(0),
        [`${PUSH_DELTAS ? 'pushes' : 'invalidations'} per panel per s`]: +(told / PANELS / elapsed).toFixed(2),
      },
    ]);
    if (PUSH_DELTAS) {
      const bytes = counts.pushBytes;
      const perPush = [...answers.values()].map((a) => a.size);
      console.table([
        {
          pushes,
          'applied %': +((100 * counts.applied) / Math.max(1, pushes)).toFixed(0),
          'compressed %': +((100 * counts.compressed) / Math.max(1, pushes)).toFixed(0),
          'data null %': +((100 * counts.pushNull) / Math.max(1, pushes)).toFixed(0),
          'pulls per push': +(counts.pulls / Math.max(1, pushes)).toFixed(2),
          'pushed kB p50 / max': `${(pct(bytes, 0.5) / 1024).toFixed(1)} / ${(max(bytes) / 1024).toFixed(1)}`,
          // the compressed ones alone: the attachment, and the JSON it inflated to
          'gz kB p50 / max (JSON p50)': counts.gzBytes.length
            ? `${kb(pct(counts.gzBytes, 0.5))} / ${kb(max(counts.gzBytes))} (${kb(pct(counts.inflatedBytes, 0.5))})`
            : '—',
          'distinct answers per push (server)': `${pct(perPush, 0.5)} / max ${max(perPush)}`,
        },
      ]);
    }
    console.table(
      cpu1.map((c, i) => ({
        server: urls[i],
        'CPU % of one core': +((100 * (c.cpuS - cpu0[i].cpuS)) / elapsed).toFixed(0),
        'RSS MB': +c.rssMb.toFixed(0),
      })),
    );
    const ms = (ns: number) => (ns / 1e6).toFixed(1);
    console.log(
      `bench client event-loop delay — trackers' worker: p50 ${load.loop.p50.toFixed(1)} ms, p99 ` +
        `${load.loop.p99.toFixed(1)} ms, max ${load.loop.max.toFixed(1)} ms; panels' thread: p50 ` +
        `${ms(clientLoop.percentile(50))} ms, p99 ${ms(clientLoop.percentile(99))} ms, max ${ms(clientLoop.max)} ms`,
    );
    if (probeDir) printProbe(probeDir, started, sendingEnded + 1000);
    for (const p of panels) p.socket?.close();
  } finally {
    await stop();
    // with a CPU profile the probe's lines stay beside it: its stalls carry their end on the profile's clock
    if (probeDir && profDir) cpSync(probeDir, profDir, { recursive: true });
    if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
