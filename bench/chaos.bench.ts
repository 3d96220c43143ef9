/**
 * Chaos benchmark (issue 11): two server processes on one PostgreSQL database and one Redis, dispatchers sending
 * messages through both, and the faults a dispatch room meets. Prints a table of faults × messages acknowledged,
 * lost, duplicated, seconds without any acknowledged write, processes ended by the fault, and the time from the
 * fault's end until writes and cross-node push work again. Not a test: `npm run chaos` (in bench/ or at the root).
 *
 * Each writer behaves like the panel's outbox: a message keeps its uuid and is retried (on the other node, as a
 * load balancer would send it) until a 2xx acknowledges it. "Lost" = acknowledged but not in the database;
 * "duplicated" = a message stored more than once.
 *
 *   CHAOS_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres): the server; a fresh
 *   database is created on it and dropped afterwards. A redis-server of its own runs on a free port.
 *   CHAOS_WRITERS=4, CHAOS_DB_CUT_S=20, CHAOS_REDIS_CUT_S=30: the load and the outage lengths.
 */
import { randomUUID } from 'node:crypto';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startCluster, sleep, type Cluster, type ServerNode } from './lib/chaosCluster.js';

const writersCount = Number(process.env.CHAOS_WRITERS ?? 4);
const dbCutS = Number(process.env.CHAOS_DB_CUT_S ?? 20);
const redisCutS = Number(process.env.CHAOS_REDIS_CUT_S ?? 30);
const databaseUrl =
  process.env.CHAOS_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Session {
  headers: Record<string, string>;
  token: string;
  instance: string;
}

async function login(node: ServerNode, username: string): Promise<Session> {
  const res = await fetch(`${node.url}/v2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-code': 'panel' },
    body: JSON.stringify({ username, password: 'panel-demo' }),
  });
  const body = (await res.json()) as { message: string; instance: string; devices: { id: number }[] };
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  const headers = {
    authorization: `Bearer ${body.message}`,
    'app-code': 'panel',
    'app-instance': body.instance,
    'content-type': 'application/json',
  };
  const device = await fetch(`${node.url}/v2/auth/device`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ deviceId: body.devices[0].id }),
  });
  if (!device.ok) throw new Error(`device ${username}: ${device.status}`);
  return { headers, token: body.message, instance: body.instance };
}

interface Scenario {
  name: string;
  acked: Set<string>;
  sent: number;
  /** writes the outbox gave up on after 2 min without a 2xx */
  neverAcked: number;
  /** times (ms) of acknowledged writes, to find the longest gap */
  ackTimes: number[];
  faultStart: number;
  faultEnd: number;
  /** first acknowledged write after the fault ended */
  writesBackAt: number | null;
  /** first cross-node push seen after the fault ended */
  pushBackAt: number | null;
  exitsBefore: number;
}

class Load {
  private running = true;
  private readonly pending = new Set<Promise<void>>();
  scenario!: Scenario;

  constructor(
    private readonly cluster: Cluster,
    private readonly session: Session,
    private readonly eventId: number,
  ) {}

  begin(scenario: Scenario) {
    this.scenario = scenario;
    this.running = true;
    for (let w = 0; w < writersCount; w++) {
      const p = this.writer();
      this.pending.add(p);
      void p.finally(() => this.pending.delete(p));
    }
  }

  /** stop sending new messages; the ones under way are retried until acknowledged (as the outbox does) */
  async end(): Promise<void> {
    this.running = false;
    await Promise.all([...this.pending]);
  }

  private async writer(): Promise<void> {
    while (this.running) {
      const uuid = randomUUID();
      this.scenario.sent++;
      let acked = false;
      // retry the same uuid until a 2xx: first on node A, then alternating (a load balancer failing over). Writes
      // go to A while it answers, so node B's socket hears of them only through Redis (the push measure).
      const giveUpAt = Date.now() + 120_000; // bounded: a write not acknowledged in 2 min counts as refused
      for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
        const node = this.cluster.nodes[attempt % this.cluster.nodes.length];
        const ok = await this.send(node, uuid).catch(() => false);
        if (ok) {
          acked = true;
          this.scenario.acked.add(uuid);
          const now = Date.now();
          this.scenario.ackTimes.push(now);
          if (now > this.scenario.faultEnd && this.scenario.writesBackAt === null) this.scenario.writesBackAt = now;
          break;
        }
        await sleep(200);
      }
      if (!acked) this.scenario.neverAcked++;
      await sleep(50);
    }
  }

  private async send(node: ServerNode, uuid: string): Promise<boolean> {
    const res = await fetch(`${node.url}/v2/messages`, {
      method: 'POST',
      headers: this.session.headers,
      body: JSON.stringify({
        uuid,
        eventId: this.eventId,
        content: `chaos ${uuid}`,
        messageCategoryId: 1,
        type: 'X03',
      }),
      signal: AbortSignal.timeout(5000),
    });
    await res.arrayBuffer();
    return res.status >= 200 && res.status < 300;
  }
}

/** A socket on node B that records invalidations; the benchmark asks whether node A's writes reach it. */
function watchPush(node: ServerNode, session: Session, baseUid: string, onInvalidate: () => void): Socket {
  const socket = connectSocket(node.url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: session.token, instance: session.instance, appCode: 'panel' },
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  socket.on('connect', () => socket.emit('subscribe', { channel: `base.${baseUid}` }, () => undefined));
  socket.on('invalidate', onInvalidate);
  return socket;
}

function newScenario(name: string, cluster: Cluster): Scenario {
  return {
    name,
    acked: new Set(),
    sent: 0,
    neverAcked: 0,
    ackTimes: [],
    faultStart: 0,
    faultEnd: Number.POSITIVE_INFINITY,
    writesBackAt: null,
    pushBackAt: null,
    exitsBefore: cluster.nodes.reduce((n, x) => n + x.unexpectedExits, 0),
  };
}

async function verify(cluster: Cluster, s: Scenario) {
  const uuids = [...s.acked];
  const rows = await cluster.db.query<{ uuid: string; n: string }>(
    `SELECT uuid, count(*) AS n FROM messages WHERE uuid = ANY($1) GROUP BY uuid`,
    [uuids],
  );
  const byContent = await cluster.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM (SELECT content FROM messages WHERE content = ANY($1) GROUP BY content HAVING count(*) > 1) d`,
    [uuids.map((u) => `chaos ${u}`)],
  );
  const found = new Set(rows.rows.map((r) => r.uuid));
  const lost = uuids.filter((u) => !found.has(u)).length;
  const duplicated = Number(byContent.rows[0].n) + rows.rows.filter((r) => Number(r.n) > 1).length;
  const times = [...s.ackTimes].sort((a, b) => a - b);
  let gap = 0;
  for (let i = 1; i < times.length; i++) gap = Math.max(gap, times[i] - times[i - 1]);
  const exits = cluster.nodes.reduce((n, x) => n + x.unexpectedExits, 0) - s.exitsBefore;
  const since = (t: number | null) => (t === null ? 'never' : `${Math.max(0, (t - s.faultEnd) / 1000).toFixed(1)} s`);
  return {
    fault: s.name,
    sent: s.sent,
    acked: s.acked.size,
    'never acked': s.neverAcked,
    lost,
    duplicated,
    'unavailable (s)': (gap / 1000).toFixed(1),
    'processes ended': exits,
    'writes back after': since(s.writesBackAt),
    'push back after': since(s.pushBackAt),
  };
}

async function main() {
  console.log(`chaos: ${writersCount} writers, database cut ${dbCutS} s, Redis cut ${redisCutS} s`);
  const cluster = await startCluster({ databaseUrl });
  const results: Record<string, string | number>[] = [];
  try {
    const session = await login(cluster.nodes[0], 'dispecer');
    const ev = await cluster.db.query<{ id: number; uid: string }>(
      `SELECT e.id, b.uid FROM events e JOIN bases b ON b.id = e.base_id
        JOIN conversations c ON c.event_id = e.id AND c.type = 1
        WHERE e.ended_at IS NULL ORDER BY e.id LIMIT 1`,
    );
    const { id: eventId, uid: baseUid } = ev.rows[0];
    const load = new Load(cluster, session, eventId);

    // push across nodes: node B's socket hears of writes, which the writers send to A and B alike
    let current: Scenario | null = null;
    const socket = watchPush(cluster.nodes[1], session, baseUid, () => {
      if (current && Date.now() > current.faultEnd && current.pushBackAt === null) current.pushBackAt = Date.now();
    });

    const run = async (name: string, fault: () => Promise<void>) => {
      const s = newScenario(name, cluster);
      current = s;
      load.begin(s);
      await sleep(3000); // steady state first
      s.faultStart = Date.now();
      await fault();
      s.faultEnd = Date.now();
      await sleep(8000); // recovery under load
      await load.end();
      results.push(await verify(cluster, s));
      console.log(`  ${name}: done`);
    };

    await run('kill -9 (node A, restarted after 5 s)', async () => {
      cluster.kill9(cluster.nodes[0]);
      await sleep(5000);
      cluster.nodes[0].killing = false;
      await cluster.startNode(cluster.nodes[0]);
    });
    await run(`database cut ${dbCutS} s`, async () => {
      cluster.pgProxy.cut();
      await sleep(dbCutS * 1000);
      cluster.pgProxy.restore();
    });
    await run(`Redis cut ${redisCutS} s`, async () => {
      cluster.redisProxy.cut();
      await sleep(redisCutS * 1000);
      cluster.redisProxy.restore();
    });
    socket.close();
  } finally {
    await cluster.close();
  }
  console.log('');
  console.table(results);
  console.log('Goal: 0 lost, 0 duplicated, 0 processes ended by a database or Redis fault.');
}

await main();
