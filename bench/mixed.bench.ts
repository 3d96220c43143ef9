/**
 * Mixed benchmark (issue 23 item 11): the busiest hour of a national service, on one node (embedded PGlite) and
 * on two (PostgreSQL with a scratch database of its own + a redis-server of its own on a free port):
 *  - BENCH_TRACKERS (1,000) trackers reporting every 5 s through the real OsmAnd endpoint (lib/trackerLoad.ts,
 *    a worker thread; the fleet made before the servers start, lib/trackerFleet.ts);
 *  - BENCH_PANELS (2,000) panels as the web runs them (lib/mixedPanels.ts, in BENCH_CLIENTS forked processes):
 *    a socket.io connection taking deltas in the push, and POST /v2/app every 8 s at its own phase;
 *  - BENCH_DISPATCHERS (10) dispatchers writing messages, event changes and new events (lib/dispatcherLoad.ts);
 *  - GET /version.json probed 10 times a second in the same window: the ratio base.
 * Prints p50/p99 per kind of request with ratios to /version.json's p50/p99 of the same window, then — the load
 * still running, positions flowing — autocannon (50 connections) on GET /version.json, a panel's POST /v2/app
 * holding the newest uid it was answered, one a change behind and one 8 s behind (plain, then compressed as a
 * browser asks), each as a ratio of /version.json's throughput; CPU and RSS per node; the load generator's own
 * CPU; the load average at start and end.
 * Every panel and dispatcher is logged in for real with its device confirmed (lib/logins.ts), once the nodes
 * answer and before anything is measured. Prints figures; not a test.
 *
 *   npm run bench:mixed -w bench
 *   BENCH_SETUPS=one,two           which setups (one: embedded PGlite; two: PostgreSQL + Redis, two nodes)
 *   BENCH_TRACKERS=1000 BENCH_PERIOD_S=5 BENCH_PANELS=2000 BENCH_DISPATCHERS=10
 *   BENCH_DISPATCH_PERIOD_S=6      seconds between one dispatcher's writes (10 dispatchers: 1.7 writes/s);
 *   BENCH_NEW_EVENT_EVERY=20       every n-th write of a dispatcher is a new event, every 3rd an event change
 *   BENCH_RAMP_S=32                the panels arrive over this long (2,000 within 8 s saturated one node)
 *   BENCH_SECONDS=60 BENCH_WARMUP_S=20  measured window, after a warm-up at the same load
 *   BENCH_CANNON_SECONDS=10 BENCH_CANNON_CONNECTIONS=50   the throughput phases (0 seconds: none);
 *   BENCH_CANNON_SLICES=5          each phase in this many slices, the phases taking turns (1: one after another);
 *   BENCH_CANNON_FIXED=1 adds two phases with one fixed request body, as the issue measured
 *   BENCH_CLIENTS=2                panel processes; BENCH_CONNECTIONS=256 keep-alive connections each
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (two: a scratch database is made in it)
 *   BENCH_PROBE=1                  each server loads lib/loopProbe.mjs (event-loop delay, GC, stalls);
 *                                  BENCH_CPU_PROF=dir adds a V8 CPU profile per server
 *   BENCH_SOAK_MINUTES=N           the soak instead (issue 28 item 6): the mixed load for N minutes on each of
 *                                  BENCH_SETUPS (default: one), RSS and event-loop delay at start, middle and end,
 *                                  the RSS slope of the last third, then BENCH_IDLE_MINUTES (5) with every load
 *                                  stopped and each node's idle RSS against its goal (lib/soak.ts)
 *   BENCH_RUNTIME=tsx              the servers run the TypeScript sources under tsx; by default they run the build
 *                                  `npm start` runs (apps/server/dist, rebuilt from the sources at the start)
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer } from './lib/benchServer.js';
import { repoRoot, sleep, startCluster } from './lib/chaosCluster.js';
import { startDispatchers, type WriteKind } from './lib/dispatcherLoad.js';
import { percentiles, procSample, watchProcess } from './lib/fleet.js';
import { logInPanels } from './lib/logins.js';
import { panelHeaders, request, soundLibraryRendered, type BenchSession } from './lib/http.js';
import type { MixedPanelJob, MixedPanelReport } from './lib/mixedPanels.js';
import { printProbe } from './lib/probeReport.js';
import { runTrackers, seededWithFleet } from './lib/trackerFleet.js';
import type { TrackerSpec } from './lib/trackerLoad.js';
import { idleTail, rssSlope } from './lib/soak.js';
import { buildServer } from '../apps/server/scripts/serverBuild.js';
import type { ServerRuntime } from '../apps/server/src/test/serverProcess.js';
import { throughput, type CannonFigures } from './lib/throughput.js';
import { versionProbe } from './lib/versionProbe.js';
import { f1, kindRow, probeWindow, ratio, sumReports } from './lib/mixedReport.js';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TRACKERS = env('BENCH_TRACKERS', 1000);
const PERIOD_S = env('BENCH_PERIOD_S', 5);
const PANELS = env('BENCH_PANELS', 2000);
const DISPATCHERS = env('BENCH_DISPATCHERS', 10);
const DISPATCH_PERIOD_MS = env('BENCH_DISPATCH_PERIOD_S', 6) * 1000;
const NEW_EVENT_EVERY = env('BENCH_NEW_EVENT_EVERY', 20);
const SECONDS = env('BENCH_SECONDS', 60);
/** the panels arrive over this many seconds before the trackers start (their first poll and handshake) */
const RAMP_S = env('BENCH_RAMP_S', 32);
const WARMUP_S = env('BENCH_WARMUP_S', 20);
const CANNON_S = env('BENCH_CANNON_SECONDS', 10);
const CANNON_CONNECTIONS = env('BENCH_CANNON_CONNECTIONS', 50);
/** each phase's seconds in this many slices, the phases taking turns (lib/throughput.ts) */
const CANNON_SLICES = env('BENCH_CANNON_SLICES', 5);
/** also the issue's way: one fixed request body, whose uid falls behind as positions move the revision */
const FIXED_UID = process.env.BENCH_CANNON_FIXED === '1';
const CLIENTS = env('BENCH_CLIENTS', 2);
const CONNECTIONS = env('BENCH_CONNECTIONS', 256);
const SOAK_MINUTES = env('BENCH_SOAK_MINUTES', 0);
const IDLE_MINUTES = env('BENCH_IDLE_MINUTES', 5);
const SETUPS = (process.env.BENCH_SETUPS ?? (SOAK_MINUTES > 0 ? 'one' : 'one,two')).split(',');
const RUNTIME: ServerRuntime = process.env.BENCH_RUNTIME === 'tsx' ? 'tsx' : 'compiled';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PROBE = process.env.BENCH_PROBE === '1' || SOAK_MINUTES > 0;
/** the web's AUTO_REFRESH_PERIOD */
const POLL_PERIOD_MS = 8000;

/** NODE_OPTIONS as the bench was started: the probe added for the servers is left out of the generator's */
const OWN_NODE_OPTIONS = process.env.NODE_OPTIONS ?? '';
const here = path.dirname(fileURLToPath(import.meta.url));
const loadAverage = () =>
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores`;

interface Setup {
  name: string;
  /** the issue's idle RSS goal for a node of this setup (item 6) */
  idleGoalMb: number;
  urls: string[];
  pids: number[];
  trackers: TrackerSpec[];
  sessions: BenchSession[];
  stop(): Promise<void>;
}

/** Dispatchers are `dispecer` logins (BENCH_USERS[0], every 7th); the panels the first PANELS of the rest. */
async function logIn(url: string, label: string): Promise<BenchSession[]> {
  const all = await logInPanels(url, PANELS + DISPATCHERS * 7, { label });
  const dispatchers = all.filter((s) => s.username === 'dispecer').slice(0, DISPATCHERS);
  return [...dispatchers, ...all.filter((s) => !dispatchers.includes(s)).slice(0, PANELS)];
}

/** Processes this bench started: killed when it exits however it ends (an error must not leave servers running). */
const owned = new Set<number>();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.on('exit', () => {
  for (const pid of owned) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function startSetup(name: string): Promise<Setup> {
  if (name === 'one') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-mixed-bench-'));
    const trackers = await seededWithFleet({ dataDir }, TRACKERS);
    const server = await startBenchServer(dataDir, { WEB_DIST: path.join(dataDir, 'no-web-build') }, RUNTIME);
    const sessions = await logIn(server.url, 'one').catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
    return {
      name: 'one node, embedded PGlite',
      idleGoalMb: 300,
      urls: [server.url],
      pids: [server.child.pid!],
      trackers,
      sessions,
      async stop() {
        // SIGTERM first: a CPU profile (BENCH_CPU_PROF) is written then
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, sleep(15_000)]);
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  let prepared: TrackerSpec[] | null = null;
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'panel-mixed-bench-'));
  const cluster = await startCluster({
    databaseUrl: DATABASE_URL,
    direct: true,
    runtime: RUNTIME,
    prepare: async (databaseUrl) =>
      void (prepared = await seededWithFleet({ databaseUrl, dataDir: scratchDir }, TRACKERS)),
  });
  const trackers = prepared!;
  const sessions = await logIn(cluster.nodes[0].url, 'two');
  return {
    name: 'two nodes, PostgreSQL + Redis',
    idleGoalMb: 200,
    urls: cluster.nodes.map((n) => n.url),
    pids: cluster.nodes.map((n) => n.child!.pid!),
    trackers,
    sessions,
    async stop() {
      await cluster.close();
      rmSync(scratchDir, { recursive: true, force: true });
    },
  };
}

function startPanelClient(): Promise<ChildProcess> {
  const child = fork(path.join(here, 'lib/mixedPanels.ts'), [], {
    execArgv: ['--import', 'tsx'],
    // the servers' probe (NODE_OPTIONS) is not the generator's
    env: { ...process.env, NODE_OPTIONS: OWN_NODE_OPTIONS, PANEL_LOOP_PROBE: '', PANEL_CPU_PROF: '' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  owned.add(child.pid!);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`panel client exited with ${code}`)));
  });
}

/** Tells each panel process still there to close its sockets and exit, and waits until it has. */
async function stopClients(children: ChildProcess[]) {
  await Promise.all(
    children
      .filter((child) => child.exitCode === null && child.signalCode === null && child.connected)
      .map((child) => {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.send({ type: 'stop' });
        return Promise.race([gone, sleep(15_000)]);
      }),
  );
}

/** Asks every panel process for its figures since the last ask, and sums them. */
async function panelReports(children: ChildProcess[]): Promise<MixedPanelReport> {
  const reports = await Promise.all(
    children.map(
      (child) =>
        new Promise<MixedPanelReport>((resolve) => {
          const on = (m: { type: string; report?: MixedPanelReport }) => {
            if (m.type !== 'report') return;
            child.off('message', on);
            resolve(m.report!);
          };
          child.on('message', on);
          child.send({ type: 'report' });
        }),
    ),
  );
  // sockets connected now: summed over the processes (a sum over minutes keeps the last minute's)
  return { ...sumReports(reports), connected: reports.reduce((a, r) => a + r.connected, 0) };
}

async function runSetup(name: string, probeDir: string | null) {
  console.log(`\n== ${name}: ${loadAverage()} (start)`);
  const setup = await startSetup(name);
  for (const pid of setup.pids) owned.add(pid);
  const dispatcherSessions = setup.sessions.slice(0, DISPATCHERS);
  const panelSessions = setup.sessions.slice(DISPATCHERS);
  const clients: ChildProcess[] = [];
  try {
    console.log(
      `${setup.name}: ${setup.trackers.length} trackers every ${PERIOD_S} s, ${panelSessions.length} panels ` +
        `(poll every ${POLL_PERIOD_MS / 1000} s + sockets taking deltas), ${dispatcherSessions.length} dispatchers ` +
        `(a write every ${DISPATCH_PERIOD_MS / 1000} s each), ${SOAK_MINUTES ? `soak ${SOAK_MINUTES} min` : `${SECONDS} s`} ` +
        `after ${WARMUP_S} s warm-up`,
    );
    const headers = panelHeaders(setup.sessions[0]);
    for (const url of setup.urls) await soundLibraryRendered(url, headers);
    const bundle = await request(new http.Agent(), `${setup.urls[0]}/v2/app`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ uid: null }),
    });
    const uid = (JSON.parse(bundle.body.toString()) as { uid: string }).uid;

    for (let c = 0; c < CLIENTS; c++) clients.push(await startPanelClient());
    const per = Math.ceil(panelSessions.length / CLIENTS);
    await Promise.all(
      clients.map(
        (child, c) =>
          new Promise<void>((resolve) => {
            child.once('message', () => resolve());
            const job: MixedPanelJob = {
              urls: setup.urls,
              sessions: panelSessions.slice(c * per, (c + 1) * per),
              offset: c * per,
              total: panelSessions.length,
              uid,
              periodMs: POLL_PERIOD_MS,
              rampMs: RAMP_S * 1000,
              timeoutMs: POLL_PERIOD_MS * 4,
              connections: CONNECTIONS,
            };
            child.send({ type: 'job', job });
          }),
      ),
    );
    const dispatchers = await startDispatchers({
      urls: setup.urls,
      sessions: dispatcherSessions,
      periodMs: DISPATCH_PERIOD_MS,
      newEventEvery: NEW_EVENT_EVERY,
    });
    const probe = versionProbe(setup.urls[0]);

    // the measured window starts when the trackers' warm-up ends: every counter is reset then
    let windowStart = 0;
    let watches: ReturnType<typeof watchProcess>[] = [];
    let generator0 = { main: process.cpuUsage(), children: [] as number[] };
    let startMeasuring: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      startMeasuring = () => {
        windowStart = Date.now();
        void panelReports(clients);
        dispatchers.take();
        probe.take();
        watches = setup.pids.map((pid) => watchProcess(pid));
        generator0 = { main: process.cpuUsage(), children: clients.map((c) => procSample(c.pid!).cpuMs) };
        resolve();
      };
    });
    const seconds = SOAK_MINUTES > 0 ? SOAK_MINUTES * 60 : SECONDS;
    const trackers = runTrackers(
      { trackers: setup.trackers, urls: setup.urls, periodS: PERIOD_S, seconds, warmupS: WARMUP_S },
      () => startMeasuring(),
    );
    trackers.catch(() => undefined); // awaited below; a failure before then must not end the process unhandled
    await Promise.race([started, trackers.then(() => Promise.reject(new Error('trackers ended before the window')))]);

    const soakRows: Record<string, unknown>[] = [];
    const soakPanels: MixedPanelReport[] = [];
    const soakVersion: number[] = [];
    const rss: { t: number; mb: number }[][] = setup.pids.map(() => []);
    const rssNow = () => setup.pids.map((pid) => procSample(pid).rssMb);
    if (SOAK_MINUTES > 0) {
      // every 10 s each node's RSS; every minute the panels' polls and the loop delay of that minute
      const end = windowStart + seconds * 1000;
      let minute = 0;
      while (Date.now() < end - 500) {
        const minuteEnd = Math.min(end, windowStart + (minute + 1) * 60_000);
        while (Date.now() < minuteEnd - 100) {
          const t = (Date.now() - windowStart) / 60_000;
          rssNow().forEach((mb, i) => rss[i].push({ t, mb }));
          await sleep(Math.min(10_000, Math.max(0, minuteEnd - Date.now())));
        }
        const polls = await panelReports(clients);
        const versionMinute = probe.take();
        soakPanels.push(polls);
        soakVersion.push(...versionMinute);
        const loop = probeWindow(probeDir!, minuteEnd - 60_000, minuteEnd);
        soakRows.push({
          minute: minute + 1,
          'RSS MB': rssNow()
            .map((mb) => mb.toFixed(0))
            .join(' / '),
          'heap MB': loop.heapMb,
          'loop delay p99 ms (median s / worst s)': `${f1(loop.loopP99Median)} / ${f1(loop.loopP99Worst)}`,
          'poll p99 ms': f1(percentiles(polls.pollMs).p99),
          'poll errors': polls.errors + polls.timeouts,
          'version.json p99 ms': f1(percentiles(versionMinute).p99),
        });
        console.log(JSON.stringify(soakRows[soakRows.length - 1]));
        minute++;
      }
    } else {
      await sleep(Math.max(0, windowStart + seconds * 1000 - Date.now()));
    }
    const elapsedS = (Date.now() - windowStart) / 1000;
    const nodes = watches.map((w) => w.stop());
    const mainCpu = process.cpuUsage(generator0.main);
    const childCpu = clients.map((c, i) => procSample(c.pid!).cpuMs - generator0.children[i]);
    // the soak read the panels and the probe minute by minute: the run's figures are those minutes together
    const panels = sumReports([...soakPanels, await panelReports(clients)]);
    const writes = dispatchers.take();
    const versionMs = [...soakVersion, ...probe.take()];
    const load = await trackers;

    // the throughput phases, positions still flowing: a second tracker worker carries on (its figures unused)
    let phases: Awaited<ReturnType<typeof throughput>> | null = null;
    if (CANNON_S > 0 && SOAK_MINUTES === 0) {
      const flowing = runTrackers(
        {
          trackers: setup.trackers,
          urls: setup.urls,
          periodS: PERIOD_S,
          // every phase, the 8 s behind panel's 8 s lead (lib/throughput.ts uidsAgo), and a margin
          seconds: CANNON_S * (FIXED_UID ? 7 : 5) + 8 + 3,
          warmupS: 0,
        },
        () => undefined,
      );
      phases = await throughput(setup.urls[0], setup.sessions[0], {
        seconds: CANNON_S,
        slices: CANNON_SLICES,
        connections: CANNON_CONNECTIONS,
        fixed: FIXED_UID,
      });
      await flowing;
    }
    await dispatchers.stop();
    await probe.stop();
    console.log(`${loadAverage()} (end)`);

    const base = percentiles(versionMs);
    const failed = load.failed + load.refused;
    console.table([
      kindRow('GET /version.json (probe, 10/s)', versionMs, base),
      kindRow('tracker report (OsmAnd GET)', load.ingestMs, base, failed),
      kindRow('panel POST /v2/app (poll or pull)', panels.pollMs, base, panels.errors + panels.timeouts),
      ...(['message', 'event change', 'new event'] as WriteKind[]).map((k) =>
        kindRow(`dispatcher: ${k}`, writes.ms[k], base, 0),
      ),
    ]);
    if (writes.errors) console.log(`dispatcher write errors: ${writes.errors}`, writes.errorSamples);
    if (panels.errorSamples.length) console.log('panel errors:', panels.errorSamples);
    if (load.statuses.length) console.log('tracker failures:', Object.fromEntries(load.statuses));
    console.table([
      {
        'reports/s': f1(load.reports / seconds),
        'polls/s': f1(panels.pollMs.length / elapsedS),
        'pushes per panel per s': f1(panels.pushes / Math.max(1, panelSessions.length) / elapsedS),
        'pushes applied %': f1((100 * panels.applied) / Math.max(1, panels.pushes)),
        'sockets connected at end': panels.connected,
      },
    ]);
    if (phases) {
      const v = phases.version.perSecond;
      const row = (k: string, c: CannonFigures) => ({
        [`autocannon, ${CANNON_CONNECTIONS} connections, ${CANNON_S} s in ${CANNON_SLICES} turns`]: k,
        'req/s': Math.round(c.perSecond),
        'ratio to /version.json': ratio(c.perSecond, v),
        'p50 ms': c.p50,
        'p99 ms': c.p99,
        'errors + non-2xx': c.errors + c.non2xx,
      });
      console.table([
        row('GET /version.json', phases.version),
        row('POST /v2/app, up to date (newest uid)', phases.upToDate),
        row('POST /v2/app, one change behind', phases.behind),
        row('POST /v2/app, 8 s behind', phases.eightBehind),
        row('POST /v2/app, 8 s behind, compressed as a browser asks', phases.eightBehindBr),
        ...(phases.fixedUpToDate ? [row('POST /v2/app, fixed uid: newest at start', phases.fixedUpToDate)] : []),
        ...(phases.fixedBehind ? [row('POST /v2/app, fixed uid: one behind at start', phases.fixedBehind)] : []),
      ]);
    }
    console.table(
      nodes.map((n, i) => ({
        node: setup.urls[i],
        'CPU % of one core': f1(n.cpuPercent),
        'RSS MB (peak)': `${n.rssMb.toFixed(0)} (${n.peakRssMb.toFixed(0)})`,
      })),
    );
    const genMain = ((mainCpu.user + mainCpu.system) / 1000 / (elapsedS * 1000)) * 100;
    const genPanels = (childCpu.reduce((a, b) => a + b, 0) / (elapsedS * 1000)) * 100;
    console.log(
      `load generator CPU (% of one core): trackers + dispatchers + probe ${genMain.toFixed(0)} %, ` +
        `${CLIENTS} panel processes ${genPanels.toFixed(0)} % (their tick lag p99 ${panels.lagP99} ms); ` +
        `trackers' worker loop delay p99 ${load.loop.p99.toFixed(1)} ms`,
    );
    if (SOAK_MINUTES > 0) {
      const pick = [soakRows[0], soakRows[Math.floor((soakRows.length - 1) / 2)], soakRows[soakRows.length - 1]];
      console.table(pick.map((r, i) => ({ at: ['start', 'middle', 'end'][i], ...r })));
      rss.forEach((samples, i) => {
        const slope = rssSlope(samples);
        console.log(
          `${setup.urls[i]}: RSS slope of the last third: ${slope.lastThird.toFixed(2)} MB/min (whole run ` +
            `${slope.whole.toFixed(2)} MB/min; ${samples.length} samples): ` +
            `${slope.levelsOff ? 'levels off' : 'still growing'}`,
        );
      });
      // then every load stops: the panels close their sockets and exit, trackers and dispatchers are done
      await stopClients(clients);
      await idleTail(setup.pids, setup.urls, IDLE_MINUTES, setup.idleGoalMb);
    }
    if (probeDir && PROBE && SOAK_MINUTES === 0) printProbe(probeDir, windowStart, windowStart + seconds * 1000);
  } finally {
    await stopClients(clients);
    await setup.stop();
  }
}

async function main() {
  // several nodes on one machine: the metrics listener (127.0.0.1:9464 by default) would be taken by the first
  process.env.METRICS_PORT = 'off';
  let probeDir: string | null = null;
  if (PROBE) {
    probeDir = mkdtempSync(path.join(os.tmpdir(), 'panel-mixed-probe-'));
    const probe = fileURLToPath(new URL('./lib/loopProbe.mjs', import.meta.url));
    process.env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${probe}`.trim();
    process.env.PANEL_LOOP_PROBE = path.join(probeDir, 'probe');
    if (process.env.BENCH_CPU_PROF) process.env.PANEL_CPU_PROF = path.join(process.env.BENCH_CPU_PROF, 'server');
  }
  if (RUNTIME === 'compiled') await buildServer({ root: repoRoot }); // what `npm start` runs, from these sources
  try {
    for (const name of SETUPS) {
      if (probeDir) for (const f of readdirSync(probeDir)) rmSync(path.join(probeDir, f));
      await runSetup(name, probeDir);
    }
  } finally {
    if (probeDir) rmSync(probeDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
