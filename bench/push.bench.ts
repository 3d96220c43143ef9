/**
 * Push fan-out benchmark (issue 13 item 3): N socket.io panels connected and subscribed as the web subscribes
 * (base.{uid}, group.{name}), a dispatcher's write (PUT /v2/events/:id, one event change), and per round:
 *  - told: when each panel's socket hears of it (`invalidate`, or `delta` when the change rides in the push),
 *    from the write's answer (as issue 13 measured it) and from the write's start;
 *  - holding: when each told panel holds the new revision — at once from a pushed delta it can apply (its uid
 *    is the delta's `from`), else after its pull of POST /v2/app (one request at a time per panel, like the
 *    web's sync engine) — from the write's start; the last panel is the figure (goal: within 1 s).
 * Setups: one server on the embedded database, one on PostgreSQL, and two server processes sharing a
 * PostgreSQL database and a redis-server of the benchmark's own (panels split between them, writes to the
 * first, so half the panels hear through Redis). GET /version.json of the same run is the ratio base.
 * Prints figures; not a test. Run: `npm run bench:push -w bench`.
 *
 *   BENCH_SOCKETS=1000       connected panels
 *   BENCH_ROUNDS=10          writes (one at a time: the next starts when every told panel holds the last)
 *   BENCH_SETUPS=embedded,postgres,two   (postgres and two need BENCH_DATABASE_URL, which is WIPED)
 *   BENCH_DATABASE_URL=postgres://…
 *   BENCH_PUSH_DELTAS=1      panels ask for deltas in the push as the web does (0: invalidations only, as before)
 *
 * Sessions are written straight into the database (bench-only, lib/fleet.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import {
  ms,
  panelHeaders,
  percentiles,
  request,
  seedSessions,
  serverWithSessions,
  startNode,
  startRedis,
  stopNode,
  versionCapacity,
  watchProcess,
  wipeDatabase,
  type BenchSession,
  type NodeEnv,
} from './lib/fleet.js';
import type { ServerProcess } from '../apps/server/src/test/serverProcess.js';
import { sleep } from './lib/chaosCluster.js';
import { createPanelSync, listen, pushedBytes as wireBytes, type PanelSync } from './lib/panelSync.js';

const socketsCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const setups = (process.env.BENCH_SETUPS ?? (databaseUrl ? 'embedded,postgres,two' : 'embedded')).split(',');
const pushDeltas = process.env.BENCH_PUSH_DELTAS !== '0';
const ROUND_TIMEOUT_MS = 20_000;

/** sizes of the pushed deltas (JSON characters, or compressed bytes), this setup */
let pushedBytes: number[] = [];

const revisionOf = (uid: string) => Number(uid.slice(uid.lastIndexOf('.') + 1));

interface Panel {
  session: BenchSession;
  url: string;
  socket: Socket;
  sync: PanelSync;
  /** this round: when told, when holding the target revision */
  toldAt: number | null;
  heldAt: number | null;
  fromPush: boolean;
}

interface Round {
  target: number;
  startedAt: number;
  answeredAt: number;
}

async function connectPanel(
  session: BenchSession,
  url: string,
  uid: string,
  agent: http.Agent,
  round: () => Round | null,
) {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token: session.token, instance: session.instance, appCode: 'panel', pushDeltas },
    transports: ['websocket'],
    reconnection: false,
  });
  // the web's sync engine (lib/panelSync.ts): one request at a time, a pushed delta applied when at its `from`
  const sync = createPanelSync({
    uid,
    pull: async (from) => {
      const res = await request(agent, `${url}/v2/app`, {
        method: 'POST',
        headers: { ...panelHeaders(session), 'accept-encoding': 'gzip' },
        body: JSON.stringify({ uid: from }),
        timeoutMs: 30_000,
      });
      // a failed pull is counted: the panel never holds the revision this round
      if (res.status !== 200) return null;
      const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.body) : res.body).toString();
      return JSON.parse(text) as { uid: string };
    },
    onData: (_data, source) => {
      const r = round();
      if (!r || panel.heldAt !== null || revisionOf(sync.uid ?? '.0') < r.target) return;
      panel.heldAt = performance.now();
      panel.fromPush = source === 'push';
    },
  });
  const panel: Panel = { session, url, socket, sync, toldAt: null, heldAt: null, fromPush: false };
  listen(socket, sync, (revision, pushed) => {
    const r = round();
    if (!r) return;
    // the first push after the write carries the revision it committed: what every told panel must hold
    if (r.target === Number.POSITIVE_INFINITY) r.target = revision;
    if (panel.toldAt === null) panel.toldAt = performance.now();
    if (pushed) pushedBytes.push(wireBytes(pushed));
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  for (const channel of session.channels) {
    const ack = (await socket.timeout(30_000).emitWithAck('subscribe', { channel })) as { ok: boolean };
    if (!ack.ok) throw new Error(`subscribe ${channel} refused`);
  }
  return panel;
}

async function runSetup(name: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-push-bench-'));
  const usesPostgres = name !== 'embedded';
  if (usesPostgres && !databaseUrl) throw new Error(`${name} needs BENCH_DATABASE_URL`);
  if (usesPostgres) await wipeDatabase(databaseUrl);
  const redis = name === 'two' ? await startRedis() : null;
  const env: NodeEnv = { dataDir, databaseUrl: usesPostgres ? databaseUrl : '', redisUrl: redis?.url };
  const servers: ServerProcess[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: socketsCount });
  const panels: Panel[] = [];
  pushedBytes = [];
  try {
    let sessions: BenchSession[];
    if (name === 'two') {
      servers.push(await startNode({ ...env, dataDir: path.join(dataDir, 'A') }));
      sessions = await seedSessions(env, socketsCount);
      servers.push(await startNode({ ...env, dataDir: path.join(dataDir, 'B') }));
    } else {
      const started = await serverWithSessions(env, socketsCount);
      servers.push(started.server);
      sessions = started.sessions;
    }
    const [a] = servers;
    const version = await versionCapacity(agent, a.url, 3);

    const writer = sessions[0];
    const full = async () => {
      const res = await request(agent, `${a.url}/v2/app`, {
        method: 'POST',
        headers: panelHeaders(writer),
        body: JSON.stringify({ uid: null }),
      });
      return JSON.parse(res.body.toString()) as { uid: string; events: { id: number }[] };
    };
    let eventId: number | null = null;
    for (const e of (await full()).events) {
      const res = await request(agent, `${a.url}/v2/events/${e.id}`, {
        method: 'PUT',
        headers: panelHeaders(writer),
        body: JSON.stringify({ description: 'bench' }),
      });
      if (res.status === 200) {
        eventId = e.id;
        break;
      }
    }
    if (eventId === null) throw new Error('no event the writer may edit');
    const { uid } = await full();

    let round: Round | null = null;
    for (let i = 0; i < sessions.length; i += 50) {
      // connect in slices: a thousand handshakes at once would measure the handshake, not the push
      panels.push(
        ...(await Promise.all(
          sessions
            .slice(i, i + 50)
            .map((s, k) => connectPanel(s, servers[(i + k) % servers.length].url, uid, agent, () => round)),
        )),
      );
    }

    const told: number[] = [];
    const toldFromStart: number[] = [];
    const lastTold: number[] = [];
    const lastHolding: number[] = [];
    const held: number[] = [];
    const commits: number[] = [];
    let toldCount = 0;
    let missing = 0;
    let fromPush = 0;
    const watches = servers.map((s) => watchProcess(s.child.pid!));
    // the load generator's own share: its CPU and event-loop delay (it must not be what is slow)
    const clientCpu = process.cpuUsage();
    const clientWall = performance.now();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    for (let r = 0; r < rounds; r++) {
      for (const p of panels) {
        p.toldAt = null;
        p.heldAt = null;
        p.fromPush = false;
      }
      const startedAt = performance.now();
      round = { target: Number.POSITIVE_INFINITY, startedAt, answeredAt: 0 };
      const res = await request(agent, `${a.url}/v2/events/${eventId}`, {
        method: 'PUT',
        headers: panelHeaders(writer),
        body: JSON.stringify({ description: `bench push ${r}` }),
      });
      const answeredAt = performance.now();
      if (res.status !== 200) throw new Error(`write: ${res.status} ${res.body.toString().slice(0, 200)}`);
      commits.push(answeredAt - startedAt);
      round.answeredAt = answeredAt;
      const deadline = performance.now() + ROUND_TIMEOUT_MS;
      while (performance.now() < deadline) {
        await sleep(20);
        // with deltas every panel hears of every revision; with invalidations only the write's channels do, so
        // wait until none has been told for 2 s (a slow push must not cut the round short)
        const lastToldAt = Math.max(answeredAt, ...panels.map((p) => p.toldAt ?? 0));
        const tellingDone = pushDeltas ? panels.every((p) => p.toldAt !== null) : performance.now() - lastToldAt > 2000;
        if (tellingDone && panels.every((p) => p.toldAt === null || p.heldAt !== null)) break;
      }
      const toldPanels = panels.filter((p) => p.toldAt !== null);
      toldCount += toldPanels.length;
      for (const p of toldPanels) {
        told.push(p.toldAt! - answeredAt);
        toldFromStart.push(p.toldAt! - startedAt);
        if (p.heldAt === null) missing++;
        else held.push(p.heldAt - startedAt);
        if (p.fromPush) fromPush++;
      }
      lastTold.push(Math.max(...toldPanels.map((p) => p.toldAt! - startedAt)));
      lastHolding.push(Math.max(...toldPanels.map((p) => (p.heldAt ?? Number.POSITIVE_INFINITY) - startedAt)));
      // catch the panels that were not told up (as their next poll would), so every round starts level
      const newest = panels.find((p) => p.heldAt !== null)?.sync.uid;
      if (newest) for (const p of panels) if (p.toldAt === null) p.sync.setUid(newest);
      await sleep(500);
    }
    const cpu = watches.map((w) => w.stop());
    loop.disable();
    const used = process.cpuUsage(clientCpu);
    const clientPercent = ((used.user + used.system) / 1000 / (performance.now() - clientWall)) * 100;
    const t = percentiles(told);
    const ts = percentiles(toldFromStart);
    const h = percentiles(held);
    const lastT = percentiles(lastTold);
    const lastH = percentiles(lastHolding);
    const c = percentiles(commits);
    return {
      setup: name === 'two' ? 'two nodes + Redis, PostgreSQL' : `one node, ${name}`,
      panels: panels.length,
      'told per write': (toldCount / rounds).toFixed(0),
      'told after answer p50/p99/max ms': `${ms(t.p50)} / ${ms(t.p99)} / ${ms(t.max)}`,
      'told after start p99 ms': ms(ts.p99),
      'last told (start) p50/max ms': `${ms(lastT.p50)} / ${ms(lastT.max)}`,
      'holding p50/p99 ms': `${ms(h.p50)} / ${ms(h.p99)}`,
      'last holding (start) p50/max ms': `${ms(lastH.p50)} / ${ms(lastH.max)}`,
      'from push %': ((fromPush / Math.max(1, toldCount)) * 100).toFixed(0),
      'pushed kB p50/max': pushedBytes.length
        ? `${(percentiles(pushedBytes).p50 / 1024).toFixed(1)} / ${(percentiles(pushedBytes).max / 1024).toFixed(1)}`
        : '–',
      'never held': missing,
      'commit p50 ms': ms(c.p50),
      'version.json req/s': version.perSecond.toFixed(0),
      'last holding p50 ÷ version.json p50': (lastH.p50 / version.p50).toFixed(1),
      'server CPU %': cpu.map((x) => x.cpuPercent.toFixed(0)).join(' + '),
      'server RSS MB': cpu.map((x) => x.rssMb.toFixed(0)).join(' + '),
      'client CPU %': clientPercent.toFixed(0),
      'client loop delay p99 ms': (loop.percentile(99) / 1e6).toFixed(0),
    };
  } finally {
    for (const p of panels) p.socket.disconnect();
    agent.destroy();
    for (const s of servers) await stopNode(s);
    redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  console.log(
    `push bench: ${socketsCount} panels, ${rounds} writes per setup, setups ${setups.join(', ')}, ` +
      `${pushDeltas ? 'deltas in the push' : 'invalidations only'}; ${os.cpus().length} cores, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const rows = [];
  for (const name of setups) {
    const row = await runSetup(name);
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  console.table(rows);
}

await main();
