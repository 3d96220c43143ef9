/**
 * Reconnect storm benchmark (issue 28 item 7): N panels, each logged in for real (POST /v2/auth/login with the
 * demo password, its device confirmed — lib/logins.ts) and holding a socket as the web holds it
 * (websocket, pushDeltas, its channels subscribed), while BENCH_TRACKERS trackers report every 5 s through the
 * OsmAnd endpoint (lib/trackerLoad.ts, in a worker: the load a live service is under), then the node is restarted on its port (SIGTERM: it drains
 * and tells the sockets to go, as `systemctl restart` does) and every panel comes back at once, as the web does
 * (features/sync/realtime.ts: a server disconnect is retried after 1–3 s, an `unavailable` refusal likewise,
 * socket.io's own backoff for a lost transport), then pulls its delta (POST /v2/app from the uid it held, the
 * panel's 32 s timeout). Per panel, from the moment the new node answers `/version.json`: when its socket is
 * back, when it holds its delta. Refusals (`connect_error` unavailable / unauthorized, pulls answered other
 * than 200) are counted. Goal: every panel back with its delta within 10 s, nobody refused.
 * GET /version.json of the restarted node, measured before the storm ends, is the ratio base.
 * Prints figures; not a test. Run: `npm run bench:storm -w bench`.
 *
 *   BENCH_PANELS=1000
 *   BENCH_TRACKERS=1000                  0: the storm on an idle service
 *   BENCH_SETUPS=embedded,postgres       postgres needs BENCH_DATABASE_URL, which is WIPED (a throwaway one)
 *   BENCH_DATABASE_URL=postgres://…
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { runTrackers, seededWithFleet } from './lib/trackerFleet.js';
import {
  ms,
  panelHeaders,
  percentiles,
  request,
  startNode,
  stopNode,
  wipeDatabase,
  type BenchSession,
} from './lib/fleet.js';
import { freePort, sleep } from './lib/chaosCluster.js';
import { logInPanels } from './lib/logins.js';

const count = Number(process.env.BENCH_PANELS ?? 1000);
const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 1000);
/** seconds the trackers report once the panels are connected: through the restart and the storm */
const TRACKER_SECONDS = 75;
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const setups = (process.env.BENCH_SETUPS ?? (databaseUrl ? 'embedded,postgres' : 'embedded')).split(',');
const GOAL_S = 10;
/** the panel's HTTP timeout (001: 32 s) */
const PANEL_TIMEOUT_MS = 32_000;
/** features/sync/realtime.ts SERVER_DISCONNECT_RETRY_MS */
const RETRY = { min: 1000, spread: 2000 };

interface Panel {
  session: BenchSession;
  socket: Socket;
  uid: string;
  /** connect errors once the new node answered, by message (`unavailable`, `unauthorized`: refused) */
  refusals: Record<string, number>;
  /** after the restart: socket back, delta held (performance.now(); made relative to the new node's start) */
  backAt: number | null;
  heldAt: number | null;
  pullErrors: number;
}

/** before the restart; the old node gone, the new one not answering yet; the new one answering */
type Phase = 'before' | 'down' | 'up';

/** A connect after the old node is gone is the storm's; a connect error counts once the new node answers. */
function connect(panel: Omit<Panel, 'socket'>, url: string, agent: http.Agent, phase: () => Phase): Panel {
  const { session } = panel;
  const socket = io(url, {
    path: '/socket.io',
    auth: { token: session.token, instance: session.instance, appCode: 'panel', pushDeltas: true },
    transports: ['websocket', 'polling'],
  });
  const p = panel as Panel;
  p.socket = socket;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const retryLater = () => {
    if (retry) return;
    retry = setTimeout(
      () => {
        retry = null;
        if (!socket.connected) socket.connect();
      },
      RETRY.min + Math.random() * RETRY.spread,
    );
  };
  socket.on('connect', () => {
    for (const channel of p.session.channels) socket.emit('subscribe', { channel });
    if (phase() === 'before') return;
    p.backAt ??= performance.now();
    void pull(p, url, agent).then((ok) => {
      if (ok) p.heldAt ??= performance.now();
    });
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') retryLater();
  });
  socket.on('connect_error', (error) => {
    if (phase() === 'up') p.refusals[error.message] = (p.refusals[error.message] ?? 0) + 1;
    if (error.message === 'unavailable' && !socket.active) retryLater();
  });
  return p;
}

/** The panel's pull after a reconnect: POST /v2/app from the uid it holds. */
async function pull(p: Panel, url: string, agent: http.Agent): Promise<boolean> {
  for (;;) {
    try {
      const res = await request(agent, `${url}/v2/app`, {
        method: 'POST',
        headers: { ...panelHeaders(p.session), 'accept-encoding': 'identity' },
        body: JSON.stringify({ uid: p.uid }),
        timeoutMs: PANEL_TIMEOUT_MS,
      });
      if (res.status === 200) {
        p.uid = (JSON.parse(res.body.toString('utf8')) as { uid: string }).uid;
        return true;
      }
      p.pullErrors++;
    } catch {
      p.pullErrors++;
    }
    await sleep(RETRY.min + Math.random() * RETRY.spread);
  }
}

async function run(setup: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-storm-'));
  const env = { dataDir, databaseUrl: setup === 'postgres' ? databaseUrl : '' };
  if (env.databaseUrl) await wipeDatabase(env.databaseUrl);
  const trackers = await seededWithFleet(env, TRACKERS);
  const port = await freePort();
  let server = await startNode(env, port);
  const url = server.url;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let phase: Phase = 'before';
  const panels: Panel[] = [];
  try {
    const sessions = await logInPanels(url, count, { label: setup });
    // each user's full bundle read once: its panels start from that uid (a full bundle each is not the figure)
    const starts = new Map<string, string>();
    for (const session of sessions) {
      if (starts.has(session.username)) continue;
      const res = await request(agent, `${url}/v2/app`, {
        method: 'POST',
        headers: panelHeaders(session),
        body: '{"uid":null}',
      });
      starts.set(session.username, (JSON.parse(res.body.toString('utf8')) as { uid: string }).uid);
    }
    for (const session of sessions) {
      const panel = {
        session,
        uid: starts.get(session.username)!,
        backAt: null,
        heldAt: null,
        refusals: {},
        pullErrors: 0,
      };
      panels.push(connect(panel, url, agent, () => phase));
    }
    const connectedBy = performance.now() + 60_000;
    while (panels.some((p) => !p.socket.connected) && performance.now() < connectedBy) await sleep(100);
    console.log(`${setup}: ${panels.filter((p) => p.socket.connected).length} sockets connected before the restart`);
    const trackerLoad =
      trackers.length > 0
        ? runTrackers({ trackers, urls: [url], periodS: 5, seconds: TRACKER_SECONDS, warmupS: 5 }, () => undefined)
        : null;
    await sleep(8000); // the trackers' warm-up and a few seconds of reports before the restart

    await stopNode(server);
    phase = 'down';
    server = await startNode(env, port);
    phase = 'up';
    const stormStart = performance.now(); // the new node answers: the storm is measured from here
    const end = stormStart + PANEL_TIMEOUT_MS + 10_000;
    while (panels.some((p) => p.heldAt === null) && performance.now() < end) await sleep(100);
    const version = await versionLatency(agent, url);
    const load = await trackerLoad;
    if (load) {
      console.log(`${setup}: ${load.reports} tracker reports during the run, ${load.failed} failed (node down)`);
    }

    const since = (at: number | null) => (at === null ? [] : [Math.max(0, at - stormStart)]);
    const back = panels.flatMap((p) => since(p.backAt));
    const held = panels.flatMap((p) => since(p.heldAt));
    const refused: Record<string, number> = {};
    for (const p of panels) for (const [k, v] of Object.entries(p.refusals)) refused[k] = (refused[k] ?? 0) + v;
    const pullErrors = panels.reduce((s, p) => s + p.pullErrors, 0);
    const b = percentiles(back);
    const h = percentiles(held);
    const worst = h.max / 1000;
    return (
      `| ${setup} | ${count} | ${back.length} | ${ms(b.p50 / 1000)} / ${ms(b.max / 1000)} s | ${held.length} | ` +
      `${ms(h.p50 / 1000)} / ${ms(h.p99 / 1000)} / ${ms(worst)} s | ${JSON.stringify(refused)} | ${pullErrors} | ` +
      `${ms(version.p50)} / ${ms(version.p99)} ms | ${held.length === count && worst <= GOAL_S ? 'met' : 'MISSED'} |`
    );
  } finally {
    for (const p of panels) {
      p.socket.removeAllListeners();
      p.socket.disconnect();
    }
    agent.destroy();
    await stopNode(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `/version.json` of the same node, one call at a time for 2 s: the yardstick of the other figures. */
async function versionLatency(agent: http.Agent, url: string) {
  const samples: number[] = [];
  const end = performance.now() + 2000;
  while (performance.now() < end) {
    const t = performance.now();
    await request(agent, `${url}/version.json`);
    samples.push(performance.now() - t);
  }
  return percentiles(samples);
}

const rows: string[] = [];
for (const setup of setups) rows.push(await run(setup));
console.log(
  `\n| setup | panels | sockets back | back p50 / max | deltas held | held p50 / p99 / max | refused | failed pulls | /version.json p50 / p99 | goal ≤ ${GOAL_S} s |`,
);
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
process.exit(0);
