/**
 * Fault tests: real server processes sharing one PostgreSQL database, reaching Redis through a fault proxy the
 * test cuts and restores (the shared Redis itself is never stopped). A Redis outage must not kill a node, must
 * not stop it serving HTTP or pushing to its own sockets, must not open a window for a revoked session or a
 * false "nothing changed", and cross-node push must come back by itself within 5 s of Redis' return.
 * Runs only when REDIS_URL and DATABASE_URL are given; each run uses a fresh database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { startFaultProxy, type FaultProxy } from '../test/faultProxy.js';
import {
  connectSocket,
  loginOn,
  nextEvent,
  post,
  startNode,
  stopNode,
  type NodeSession,
  type ServerNode,
} from '../test/serverNodes.js';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const enabled = Boolean(REDIS_URL && DATABASE_URL);
if (!enabled) console.log('REDIS_URL/DATABASE_URL not set: Redis fault tests skipped');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lines = (node: ServerNode, pattern: RegExp) =>
  node
    .output()
    .split('\n')
    .filter((l) => pattern.test(l));
const alive = (node: ServerNode) => node.child.exitCode === null && node.child.signalCode === null;

interface Invalidate {
  revision: number;
  tables: string[];
}

describe.skipIf(!enabled)('Redis faults between server processes', () => {
  let scratch: ScratchDatabase;
  /** each node reaches Redis through its own proxy: cut both for an outage, one for a partition */
  let proxyA: FaultProxy;
  let proxyB: FaultProxy;
  let env: Record<string, string>;
  let a: ServerNode;
  let b: ServerNode;
  let channel: string;
  const extraNodes: ServerNode[] = [];
  const proxies: FaultProxy[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL!, 'panel_redisfaults');
    const redis = new URL(REDIS_URL!);
    const target = { host: redis.hostname, port: Number(redis.port || 6379) };
    [proxyA, proxyB] = await Promise.all([startFaultProxy(target), startFaultProxy(target)]);
    proxies.push(proxyA, proxyB);
    env = {
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      DATABASE_URL: scratch.url,
      LOG_LEVEL: 'warn',
    };
    // one after the other: the first migrates and seeds the empty database, the second finds it ready
    a = await startNode({ ...env, REDIS_URL: proxyA.proxyUrl(REDIS_URL!) });
    b = await startNode({ ...env, REDIS_URL: proxyB.proxyUrl(REDIS_URL!) });
    const probe = new pg.Client({ connectionString: scratch.url });
    await probe.connect();
    const central = await probe.query<{ uid: string }>('select uid from bases where id = 2');
    await probe.end();
    channel = `base.${central.rows[0].uid}`;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopNode(a), stopNode(b), ...extraNodes.map(stopNode)]);
    await Promise.all(proxies.map((p) => p.close()));
    await scratch?.drop();
  }, 60_000);

  async function subscribedSocket(node: ServerNode, user: NodeSession): Promise<Socket> {
    const socket = await connectSocket(node.url, user.auth);
    sockets.push(socket);
    expect(((await socket.emitWithAck('subscribe', { channel })) as { ok: boolean }).ok).toBe(true);
    return socket;
  }

  const createEvent = (node: ServerNode, user: NodeSession) =>
    post(
      `${node.url}/v2/events`,
      { uuid: randomUUID(), eventCategoryId: 5, description: 'Výpadek Redis' },
      user.headers,
    );

  /** writes on `writer` until `socket` gets an invalidation; resolves with the ms it took from `since` */
  async function pushArrives(writer: ServerNode, user: NodeSession, socket: Socket, since: number, deadlineMs: number) {
    while (Date.now() - since < deadlineMs) {
      const got = nextEvent<Invalidate>(socket, 'invalidate', 400).then(
        () => true,
        () => false,
      );
      expect((await createEvent(writer, user)).status).toBeLessThan(300);
      if (await got) return Date.now() - since;
    }
    throw new Error(`no cross-node invalidation within ${deadlineMs} ms`);
  }

  it('keeps both nodes serving through a 12 s cut, holds revocations and revisions, and recovers within 5 s', async () => {
    const writer = await loginOn(a, 'dispecer');
    const watcher = await loginOn(b, 'admin');
    const leaving = await loginOn(a, 'jednotka');
    const socketA = await subscribedSocket(a, writer);
    const socketB = await subscribedSocket(b, watcher);
    const leavingOnB = await connectSocket(b.url, leaving.auth);
    sockets.push(leavingOnB);
    // the cross-node path works before the cut
    await pushArrives(a, writer, socketB, Date.now(), 5000);
    // B validated (and cached) the session that will end during the cut; B holds a current uid
    expect((await post(`${b.url}/v2/app`, { uid: null }, leaving.headers)).status).toBe(200);

    proxyA.cut();
    proxyB.cut();
    const cutAt = Date.now();
    await sleep(300);

    // A pushes to its own socket; B's "nothing changed" does not hide A's commit
    const before = await post(`${b.url}/v2/app`, { uid: null }, watcher.headers);
    expect(before.status).toBe(200);
    const ownPush = nextEvent<Invalidate>(socketA, 'invalidate', 2000);
    const created = await createEvent(a, writer);
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    expect((await ownPush).tables).toContain('events');
    const after = await post(`${b.url}/v2/app`, { uid: before.body.uid }, watcher.headers);
    expect(after.status).toBe(200);
    expect(after.body.uid).not.toBe(before.body.uid);
    expect((after.body.events as unknown[]).length).toBeGreaterThan(0);

    // a logout on A is refused on B at once, though the revocation cannot travel
    expect((await post(`${a.url}/v2/auth/logout`, {}, leaving.headers)).status).toBe(200);
    expect((await post(`${b.url}/v2/app`, { uid: null }, leaving.headers)).status).toBe(401);

    // presence on B answers (with B's own sockets) instead of failing
    const presence = (await socketB.emitWithAck('presence', { channel })) as { members: { username: string }[] };
    expect(presence.members.map((m) => m.username)).toContain('admin');

    // keep writing past the 5–6 s where a node used to die of an unhandled TimeoutError
    while (Date.now() - cutAt < 12_000) {
      expect((await createEvent(a, writer)).status).toBeLessThan(300);
      expect((await post(`${b.url}/v2/app`, { uid: null }, watcher.headers)).status).toBe(200);
      await sleep(1000);
    }
    expect(alive(a) && alive(b)).toBe(true);

    const endedOnB = nextEvent<void>(leavingOnB, 'session-ended', 8000);
    proxyA.restore();
    proxyB.restore();
    const restoredAt = Date.now();
    const took = await pushArrives(a, writer, socketB, restoredAt, 5000);
    // B re-verified its sockets' sessions on Redis' return: the one that ended meanwhile is told
    await endedOnB;
    expect(took).toBeLessThan(5000);
    // the adapter's request channels work again too: presence on B sees the socket on A
    let names: string[] = [];
    while (Date.now() - restoredAt < 8000 && !names.includes('dispecer')) {
      const answer = (await socketB.emitWithAck('presence', { channel })) as { members: { username: string }[] };
      names = answer.members.map((m) => m.username);
      if (!names.includes('dispecer')) await sleep(200);
    }
    expect(names).toEqual(expect.arrayContaining(['admin', 'dispecer']));

    // one line for the outage and one for the recovery per node, not one per failed reconnect attempt
    for (const node of [a, b]) {
      expect(lines(node, /Redis lost/)).toHaveLength(1);
      expect(lines(node, /Redis is back/)).toHaveLength(1);
    }
  }, 60_000);

  it('starts a node while Redis is down; it serves, and joins the fan-out when Redis comes', async () => {
    const redis = new URL(REDIS_URL!);
    const late = await startFaultProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    proxies.push(late);
    late.cut();
    const c = await startNode({ ...env, REDIS_URL: late.proxyUrl(REDIS_URL!) });
    extraNodes.push(c);
    const onC = await loginOn(c, 'admin');
    expect((await post(`${c.url}/v2/app`, { uid: null }, onC.headers)).status).toBe(200);
    const socketC = await subscribedSocket(c, onC);
    const writerC = await loginOn(c, 'dispecer');
    const ownPush = nextEvent<Invalidate>(socketC, 'invalidate', 2000);
    expect((await createEvent(c, writerC)).status).toBeLessThan(300);
    await ownPush;
    await sleep(6000); // past the command timeout that used to kill a node
    expect(alive(c)).toBe(true);
    expect(lines(c, /Redis unavailable at start/)).toHaveLength(1);

    late.restore();
    const writerA = await loginOn(a, 'dispecer');
    const took = await pushArrives(a, writerA, socketC, Date.now(), 5000);
    expect(took).toBeLessThan(5000);
  }, 60_000);

  it('a logout on a node cut off alone reaches the others when it returns', async () => {
    const user = await loginOn(a, 'mng');
    const socketB = await connectSocket(b.url, user.auth);
    sockets.push(socketB);
    // B validated (and cached) the session; B's own Redis link stays up, so B trusts its cache
    expect((await post(`${b.url}/v2/app`, { uid: null }, user.headers)).status).toBe(200);
    proxyA.cut();
    await sleep(300);
    expect((await post(`${a.url}/v2/auth/logout`, {}, user.headers)).status).toBe(200);
    const ended = nextEvent<void>(socketB, 'session-ended', 8000);
    proxyA.restore();
    // A tells the other nodes to re-check their sessions as soon as it is back
    await ended;
    expect((await post(`${b.url}/v2/app`, { uid: null }, user.headers)).status).toBe(401);
  }, 30_000);
});
