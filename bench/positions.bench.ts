/**
 * Position ingest benchmark (issue 14 item 3): 500 vehicles reporting through the OsmAnd protocol every 5 s
 * (100 positions a second, each vehicle's navigation unit with its own secret, a random walk in Czechia) while
 * 200 panels are connected the way the web panel is (socket.io, their base and group channels; on each
 * `invalidate` a POST /v2/app delta). Prints the ingest latency (p50/p99/max), how long a move took to be
 * visible on the panels (from the report to the delta that carries it, over every panel that got it), the
 * invalidations a panel received per second, and the server processes' CPU and memory. Not a test.
 *
 *   npm run bench:positions -w bench                 one server, embedded PGlite
 *   BENCH_CLUSTER=1 npm run bench:positions -w bench  two servers on PostgreSQL + Redis (bench/lib/chaosCluster.ts)
 *
 *   BENCH_VEHICLES=500  BENCH_PERIOD_S=5  BENCH_PANELS=200  BENCH_SECONDS=30
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres  (cluster: a scratch database is made in it)
 *   BENCH_DATABASE_NAME=wt_b  (cluster: this database, dropped and made afresh, instead of a random scratch one)
 */
import { createHash, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { seedDemo } from '../apps/server/src/demo/seed.js';
import { osmandRequest } from '../apps/server/src/modules/positions/osmandClient.js';
import { startServer } from '../apps/server/src/test/serverProcess.js';
import { freePort, sleep, startCluster } from './lib/chaosCluster.js';
import { panelLogin } from './lib/http.js';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 500);
const PERIOD_S = Number(process.env.BENCH_PERIOD_S ?? 5);
const PANELS = Number(process.env.BENCH_PANELS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const CLUSTER = process.env.BENCH_CLUSTER === '1';
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = ['dispecer', 'jednotka', 'mng', 'admin', 'brno', 'ostrava', 'udrp'];

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
interface Tracker {
  code: string;
  secret: string;
  resourceId: number;
  lat: number;
  lon: number;
}

/** Vehicles up to VEHICLES (the demo has 53), a navigation unit in each, and a secret per unit. */
async function prepareFleet(query: Query): Promise<Tracker[]> {
  const bases = (await query(`select id from bases where id <> 2 order by id`)).rows.map((r) => Number(r.id));
  const have = Number((await query(`select count(*)::int as n from resources`)).rows[0].n);
  for (let i = have; i < VEHICLES; i++) {
    await query(
      `insert into resources (name, base_id, resource_type_id, status, latitude, longitude, location_at)
       values ($1, $2, 1, 1, $3, $4, now() - interval '1 hour')`,
      [`Bench vůz ${i + 1}`, bases[i % bases.length], 49.2 + (i % 20) * 0.08, 13.5 + Math.floor(i / 20) * 0.12],
    );
  }
  const vehicles = (
    await query(`select id, base_id, latitude, longitude from resources order by id limit $1`, [VEHICLES])
  ).rows;
  const trackers: Tracker[] = [];
  for (const [i, v] of vehicles.entries()) {
    const code = `N-BENCH-${String(i + 1).padStart(3, '0')}`;
    const secret = randomBytes(32).toString('base64url');
    const [device] = (
      await query(`insert into devices (code, name, base_id, resource_id) values ($1, $2, $3, $4) returning id`, [
        code,
        `Navigace ${code}`,
        v.base_id,
        v.id,
      ])
    ).rows;
    await query(`insert into device_trackers (device_id, secret_hash) values ($1, $2)`, [
      device.id,
      createHash('sha256').update(secret).digest('hex'),
    ]);
    trackers.push({
      code,
      secret,
      resourceId: Number(v.id),
      lat: Number(v.latitude ?? 50),
      lon: Number(v.longitude ?? 15),
    });
  }
  return trackers;
}

interface Panel {
  headers: Record<string, string>;
  uid: string | null;
  socket: Socket | null;
  pulling: boolean;
  again: boolean;
  invalidations: number;
}

async function loginPanel(
  url: string,
  username: string,
): Promise<{ panel: Panel; token: string; instance: string; baseId: number | null; groups: string[] }> {
  const { headers, token, instance, user } = await panelLogin(url, username);
  return {
    panel: { headers, uid: null, socket: null, pulling: false, again: false, invalidations: 0 },
    token,
    instance,
    baseId: user.baseId,
    groups: user.groups,
  };
}

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
  let urls: string[];
  let pids: () => number[];
  let stop: () => Promise<void>;
  let trackers: Tracker[];
  if (CLUSTER) {
    const cluster = await startCluster({ databaseUrl: DATABASE_URL, databaseName: process.env.BENCH_DATABASE_NAME });
    // startCluster has started both nodes (and seeded the demo data)
    trackers = await prepareFleet((text, params) => cluster.db.query(text, params as unknown[]));
    urls = cluster.nodes.map((n) => n.url);
    pids = () => cluster.nodes.map((n) => n.child?.pid ?? 0).filter(Boolean);
    stop = () => cluster.close();
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'panel-positions-bench-'));
    const handle = await openDatabase({ dataDir });
    await migrate(handle);
    await seedDemo(handle.db);
    const client = handle.client as unknown as { query: Query };
    const query: Query = (text, params) => client.query(text, params);
    trackers = await prepareFleet(query);
    await handle.close();
    const port = await freePort();
    const server = await startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED: 'demo',
      ENVIRONMENT: 'test',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
    });
    urls = [server.url];
    pids = () => [server.child.pid!];
    stop = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  console.log(
    `positions bench: ${trackers.length} vehicles every ${PERIOD_S} s (${(trackers.length / PERIOD_S).toFixed(0)}/s), ` +
      `${PANELS} panels, ${SECONDS} s, ${CLUSTER ? 'two servers, PostgreSQL + Redis' : 'one server, embedded PGlite'}`,
  );
  try {
    // panels: log in, full bundle, socket subscribed to their base and groups; on invalidate: a delta
    const sentAt = new Map<string, number>(); // `${resourceId}:${lat}` → when reported
    const visible: number[] = [];
    const deltaMs: number[] = [];
    const panels: Panel[] = [];
    const pull = async (url: string, p: Panel): Promise<void> => {
      if (p.pulling) {
        p.again = true;
        return;
      }
      p.pulling = true;
      do {
        p.again = false;
        const t = performance.now();
        const res = await fetch(`${url}/v2/app`, {
          method: 'POST',
          headers: p.headers,
          body: JSON.stringify({ uid: p.uid }),
        });
        const body = (await res.json()) as {
          uid: string;
          resources?: { id: number; pnt: { latitude: number } | null }[];
        };
        deltaMs.push(performance.now() - t);
        const now = Date.now();
        if (p.uid !== null)
          for (const r of body.resources ?? []) {
            const at = r.pnt ? sentAt.get(`${r.id}:${r.pnt.latitude}`) : undefined;
            if (at !== undefined) visible.push(now - at);
          }
        p.uid = body.uid;
      } while (p.again);
      p.pulling = false;
    };
    for (let i = 0; i < PANELS; i++) {
      const url = urls[i % urls.length];
      const { panel, token, instance, baseId, groups } = await loginPanel(url, USERS[i % USERS.length]);
      const full = await fetch(`${url}/v2/app`, {
        method: 'POST',
        headers: panel.headers,
        body: JSON.stringify({ uid: null }),
      });
      const bundle = (await full.json()) as { uid: string; bases: { id: number; uid: string }[] };
      panel.uid = bundle.uid;
      const baseUid = bundle.bases.find((b) => b.id === baseId)?.uid;
      const socket = io(url, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { token, instance, appCode: 'panel' },
      });
      socket.on('connect', () => {
        for (const channel of [...(baseUid ? [`base.${baseUid}`] : []), ...groups.map((g) => `group.${g}`)])
          socket.emit('subscribe', { channel });
      });
      socket.on('invalidate', () => {
        panel.invalidations++;
        void pull(url, panel).catch(() => {});
      });
      panel.socket = socket;
      panels.push(panel);
    }
    await sleep(1000);

    // trackers: one report every PERIOD_S / VEHICLES seconds, open loop (a slow answer does not slow the sender)
    const ingestMs: number[] = [];
    let refused = 0;
    let failed = 0;
    const statuses = new Map<number | string, number>();
    const measured = pids();
    const cpu0 = measured.map(processStats);
    const started = Date.now();
    const gap = (PERIOD_S * 1000) / trackers.length;
    const inFlight: Promise<void>[] = [];
    let n = 0;
    let invalidations0 = 0;
    for (const p of panels) invalidations0 += p.invalidations;
    while (Date.now() - started < SECONDS * 1000) {
      const due = started + n * gap;
      if (due > Date.now()) await sleep(due - Date.now());
      const tr = trackers[n % trackers.length];
      tr.lat = Math.min(50.9, Math.max(48.7, tr.lat + (Math.random() - 0.5) * 0.002));
      tr.lon = Math.min(18.6, Math.max(12.3, tr.lon + (Math.random() - 0.5) * 0.003));
      const lat = Math.round(tr.lat * 1e7) / 1e7;
      const req = osmandRequest(
        urls[n % urls.length],
        { secret: tr.secret, id: tr.code },
        {
          latitude: lat,
          longitude: tr.lon,
          speed: 40 + Math.random() * 40,
          accuracy: 5,
          at: new Date(),
        },
      );
      const t0 = performance.now();
      sentAt.set(`${tr.resourceId}:${lat}`, Date.now());
      inFlight.push(
        fetch(req.url)
          .then(async (res) => {
            const body = (await res.json()) as { result?: boolean };
            ingestMs.push(performance.now() - t0);
            if (!res.ok) {
              failed++;
              statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            } else if (!body.result) refused++;
          })
          .catch((err: Error) => {
            failed++;
            const why = (err.cause as Error | undefined)?.message ?? err.message;
            statuses.set(why, (statuses.get(why) ?? 0) + 1);
          }),
      );
      n++;
    }
    await Promise.all(inFlight);
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
    let invalidations = -invalidations0;
    for (const p of panels) invalidations += p.invalidations;

    console.table([
      {
        reports: n,
        'per s': +(n / SECONDS).toFixed(1),
        'ingest p50 ms': +pct(ingestMs, 0.5).toFixed(1),
        'ingest p99 ms': +pct(ingestMs, 0.99).toFixed(1),
        'ingest max ms': +max(ingestMs).toFixed(1),
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
        'invalidations per panel per s': +(invalidations / PANELS / elapsed).toFixed(2),
      },
    ]);
    console.table(
      cpu1.map((c, i) => ({
        server: urls[i],
        'CPU % of one core': +((100 * (c.cpuS - cpu0[i].cpuS)) / elapsed).toFixed(0),
        'RSS MB': +c.rssMb.toFixed(0),
      })),
    );
    for (const p of panels) p.socket?.close();
  } finally {
    await stop();
  }
}

await main();
process.exit(0);
