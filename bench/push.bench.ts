/**
 * Push fan-out benchmark (issue 13 item 3): N socket.io panels connected and subscribed as the web subscribes
 * (base.{uid}, group.{name}), a dispatcher's write (PUT /v2/events/:id, one event change), and per round:
 *  - told: when each panel's socket hears of it (`invalidate`, or `delta` when the change rides in the push),
 *    from the write's answer (as issue 13 measured it) and from the write's start;
 *  - holding: when each told panel holds the new revision — at once from a pushed delta it can apply (its uid
 *    is the delta's `from`), else after its pull of POST /v2/app (one request at a time per panel, like the
 *    web's sync engine) — from the write's start; the last panel is the figure (goal: within 1 s).
 * Before the rounds one write is made and waited for but not counted (its last panel is printed apart): the first
 * push after the connections also carries the catch-up of the panels that connected at an older revision.
 * Setups: one server on the embedded database, one on PostgreSQL, and two server processes sharing a
 * PostgreSQL database and a redis-server of the benchmark's own (panels split between them, writes to the
 * first, so half the panels hear through Redis). GET /version.json of the same run is the ratio base.
 * Prints figures; not a test. Run: `npm run bench:push -w bench`.
 *
 *   BENCH_SOCKETS=1000       connected panels
 *   BENCH_ROUNDS=50          writes (one at a time: the next starts when every told panel holds the last); over
 *                            10 the p99 of told is the slowest write's tail alone (runs of 50 still differ ±40 ms)
 *   BENCH_SETUPS=embedded,postgres,two   (postgres and two need BENCH_DATABASE_URL, which is WIPED)
 *   BENCH_DATABASE_URL=postgres://…
 *   BENCH_PUSH_DELTAS=1      panels ask for deltas in the push as the web does (0: invalidations only, as before)
 *   BENCH_TRACKERS=1000      trackers reporting every 5 s through the OsmAnd endpoint all along (0: a still world)
 *
 * As users do (issue 28 item 8): every panel is logged in for real (lib/logins.ts), and the writer's event is
 * shared with the base of every measured user (lib/sharedEvent.ts), so each write reaches every visibility class.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gunzipSync } from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import {
  ms,
  panelHeaders,
  percentiles,
  request,
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
import { createPanelSync, listen, type PanelSync } from './lib/panelSync.js';
import { logInPanels } from './lib/logins.js';
import { eventEveryoneSees } from './lib/sharedEvent.js';
import { runTrackers, seededWithFleet } from './lib/trackerFleet.js';
import { spanFigures, writeSpans } from './lib/pushSpans.js';

const socketsCount = Number(process.env.BENCH_SOCKETS ?? 1000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? '';
const setups = (process.env.BENCH_SETUPS ?? (databaseUrl ? 'embedded,postgres,two' : 'embedded')).split(',');
const pushDeltas = process.env.BENCH_PUSH_DELTAS !== '0';
const TRACKERS = Number(process.env.BENCH_TRACKERS ?? 1000);
const ROUND_TIMEOUT_MS = 20_000;
const gunzip = promisify(gunzipCallback);

/**
 * A compressed push inflated once per distinct bytes: a thousand panels of a few classes get a handful of
 * distinct answers per revision, and inflating each panel's copy was a sixth of this generator's busy time
 * (a profile, 30.11.2026) — the generator's own work, which delayed the very pushes it times. Emptied each round.
 */
const inflatedOnce = new Map<string, Promise<Buffer>>();
function inflateOnce(gz: string): Promise<Buffer> {
  let json = inflatedOnce.get(gz); // the base64 text is its own key
  if (!json) inflatedOnce.set(gz, (json = gunzip(Buffer.from(gz, 'base64'))));
  return json;
}

/**
 * Whether an answer holds this round's write: the event with the round's description. With positions flowing a
 * push may carry only positions, so the write is recognised by its content, not by the first revision heard.
 */
const revisionOf = (uid: string) => Number(uid.slice(uid.lastIndexOf('.') + 1));

const carries = (data: unknown, r: Round) =>
  (data as { events?: { id: number; description?: string | null }[] } | null)?.events?.some(
    (e) => e.id === r.eventId && e.description === r.description,
  ) === true;

interface Panel {
  session: BenchSession;
  url: string;
  socket: Socket;
  sync: PanelSync;
  /** this round: when told of the write, when holding it */
  toldAt: number | null;
  heldAt: number | null;
  /** this round: the first push without data (or invalidation) after the write's answer */
  heardAt: number | null;
  /** this round: the revision that carried the write, once the panel saw it */
  carried: number | null;
  fromPush: boolean;
}

interface Round {
  eventId: number;
  description: string;
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
    // a compressed push is taken without inflating it: the bench plays a thousand panels on the server's two
    // cores and would measure its own inflating; only a push that may carry the round's write is looked into
    inflate: false,
    onData: (data, source) => {
      const r = round();
      if (!r || panel.carried !== null || source !== 'pull' || !carries(data, r)) return;
      panel.carried = revisionOf(sync.uid!);
      // told by a push without data (or an invalidation): when it was heard
      panel.toldAt ??= panel.heardAt ?? performance.now();
    },
    onTaken: (taken, source) => {
      if (panel.carried === null || panel.heldAt !== null || revisionOf(taken) < panel.carried) return;
      panel.heldAt = performance.now();
      panel.fromPush = source === 'push';
    },
  });
  const panel: Panel = {
    session,
    url,
    socket,
    sync,
    toldAt: null,
    heldAt: null,
    heardAt: null,
    carried: null,
    fromPush: false,
  };
  listen(socket, sync, (revision, pushed) => {
    const r = round();
    if (!r || panel.carried !== null) return;
    const at = performance.now();
    if (pushed?.gz) {
      // the write's description in the inflated JSON (quoted: unique per round), off the loop in zlib's pool
      const needle = JSON.stringify(r.description);
      void inflateOnce(pushed.gz).then((json) => {
        if (round() !== r || panel.carried !== null || !json.includes(needle)) return;
        panel.carried = revision;
        panel.toldAt = at;
        // taken before the look inside ended: held now (a browser holds it once inflated, too)
        if (revisionOf(sync.uid ?? '.0') >= revision) {
          panel.heldAt = performance.now();
          panel.fromPush = true;
        }
      });
    } else if (pushed && pushed.data != null) {
      if (carries(pushed.data, r)) {
        panel.carried = revision;
        panel.toldAt = at;
      }
    } else if (r.answeredAt > 0) panel.heardAt ??= at;
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
  let stopTrackers = () => {};
  try {
    const trackers = await seededWithFleet({ ...env, dataDir: path.join(dataDir, 'A') }, TRACKERS);
    servers.push(await startNode({ ...env, dataDir: path.join(dataDir, 'A') }));
    if (name === 'two') servers.push(await startNode({ ...env, dataDir: path.join(dataDir, 'B') }));
    const [a] = servers;
    const sessions = await logInPanels(a.url, socketsCount, { label: name });
    const version = await versionCapacity(agent, a.url, 3);

    const writer = sessions[0]; // dispecer
    const eventId = await eventEveryoneSees(agent, a.url, writer, sessions);
    const full = await request(agent, `${a.url}/v2/app`, {
      method: 'POST',
      headers: panelHeaders(writer),
      body: JSON.stringify({ uid: null }),
    });
    const { uid } = JSON.parse(full.body.toString()) as { uid: string };
    // positions flow through the whole measured part, as in a live service (reports spread over the nodes)
    const trackerLoad =
      trackers.length > 0
        ? runTrackers(
            { trackers, urls: servers.map((s) => s.url), periodS: 5, seconds: 3600, warmupS: 0 },
            () => undefined,
          )
        : null;
    stopTrackers = () => trackerLoad?.stop();

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

    /** One write, then its wait: until every panel has been told and holds it (or the round's timeout). */
    const writeRound = async (description: string) => {
      inflatedOnce.clear();
      for (const p of panels) {
        p.toldAt = null;
        p.heldAt = null;
        p.heardAt = null;
        p.carried = null;
        p.fromPush = false;
      }
      const startedAt = performance.now();
      round = { eventId, description, startedAt, answeredAt: 0 };
      const res = await request(agent, `${a.url}/v2/events/${eventId}`, {
        method: 'PUT',
        headers: panelHeaders(writer),
        body: JSON.stringify({ description }),
      });
      const answeredAt = performance.now();
      if (res.status !== 200) throw new Error(`write: ${res.status} ${res.body.toString().slice(0, 200)}`);
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
      return { startedAt, answeredAt, toldPanels: panels.filter((p) => p.toldAt !== null) };
    };
    /**
     * catch the panels that were not told up (as their next poll would), and wait for the pulls still in flight
     * (after the warm-up: the panels that connected at an older revision catching up, up to 1.3 s of them, which
     * ran into the first measured writes), so every round starts level
     */
    const level = async () => {
      const newest = panels.find((p) => p.heldAt !== null)?.sync.uid;
      if (newest) for (const p of panels) if (p.toldAt === null) p.sync.setUid(newest);
      const until = performance.now() + ROUND_TIMEOUT_MS;
      while (panels.some((p) => p.sync.pulling) && performance.now() < until) await sleep(50);
      await sleep(500);
    };

    // One write first, not counted: the first push after the connections also carries what the panels missed
    // while a thousand of them connected (those at an older revision pull), which is a reconnect's cost
    // (bench:storm), not a write's; its last panel was told 3–5× later than in any later round (01.12.2026).
    const warmUp = await writeRound('bench push warm-up');
    const warmUpLast = Math.max(...warmUp.toldPanels.map((p) => p.toldAt! - warmUp.startedAt));
    await level();

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
    const spansBefore = await writeSpans(servers.map((s) => s.url));
    for (let r = 0; r < rounds; r++) {
      const { startedAt, answeredAt, toldPanels } = await writeRound(`bench push ${r}`);
      commits.push(answeredAt - startedAt);
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
      await level();
    }
    const spansAfter = await writeSpans(servers.map((s) => s.url));
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
    // the sizes each panel counted off its socket (lib/panelSync.ts listen), every push of this setup
    const pushedBytes = panels.flatMap((p) => p.sync.counts.pushBytes);
    return {
      setup: name === 'two' ? 'two nodes + Redis, PostgreSQL' : `one node, ${name}`,
      panels: panels.length,
      'told per write': (toldCount / rounds).toFixed(0),
      'told after answer p50/p99/max ms': `${ms(t.p50)} / ${ms(t.p99)} / ${ms(t.max)}`,
      'told after start p99 ms': ms(ts.p99),
      'server: write span to the last socket': spanFigures(spansBefore, spansAfter),
      'last told (start) p50/max ms': `${ms(lastT.p50)} / ${ms(lastT.max)}`,
      'warm-up write, last told (start) ms, not counted': ms(warmUpLast),
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
    stopTrackers();
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
process.exit(0); // sockets and agents of a stopped setup must not hold the process open
