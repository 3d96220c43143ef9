/**
 * Integration: two real server processes sharing one PostgreSQL database and one Redis. A write on process A
 * must reach a socket connected to process B (socket.io Redis adapter), and presence must see sockets of both.
 * Runs only when REDIS_URL and DATABASE_URL are given (CI, dev machines); each run uses a fresh database.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import type { PushedDelta } from '@panel/domain/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../test/scratchDatabase.js';
import { asTaken } from '../test/pushed.js';
import {
  connectSocket,
  loginOn,
  nextEvent,
  post,
  startNode,
  stopNode,
  type ServerNode as Node,
} from '../test/serverNodes.js';

const REDIS_URL = process.env.REDIS_URL;
const DATABASE_URL = process.env.DATABASE_URL;
const enabled = Boolean(REDIS_URL && DATABASE_URL);
if (!enabled) console.log('REDIS_URL/DATABASE_URL not set: Redis fan-out test skipped');

describe.skipIf(!enabled)('Redis fan-out between two server processes', () => {
  let scratch: ScratchDatabase;
  let a: Node | undefined;
  let b: Node | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase(DATABASE_URL!, 'panel_fanout');
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      SEED: 'demo',
      DATABASE_URL: scratch.url,
      REDIS_URL: REDIS_URL!,
      LOG_LEVEL: 'warn',
    };
    // one after the other: the first migrates and seeds the empty database, the second finds it ready
    a = await startNode(env);
    b = await startNode(env);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await Promise.all([stopNode(a), stopNode(b)]);
    await scratch?.drop();
  }, 60_000);

  const session = (node: Node, username: string) => loginOn(node, username);

  it('delivers an invalidation for a write on A to a socket on B, and presence spans both', async () => {
    const probe = new pg.Client({ connectionString: scratch.url });
    await probe.connect();
    const { rows } = await probe.query<{ uid: string }>('select uid from bases where id = 2');
    await probe.end();
    const channel = `base.${rows[0].uid}`;

    // dispecer works on A, admin on B; both watch the central base
    const onA = await session(a!, 'dispecer');
    const onB = await session(b!, 'admin');
    const socketA = await connectSocket(a!.url, onA.auth);
    const socketB = await connectSocket(b!.url, onB.auth);
    sockets.push(socketA, socketB);
    expect(((await socketA.emitWithAck('subscribe', { channel })) as { ok: boolean }).ok).toBe(true);
    expect(((await socketB.emitWithAck('subscribe', { channel })) as { ok: boolean }).ok).toBe(true);

    // presence asked on B sees the socket on A (fetchSockets through the Redis adapter)
    const presence = (await socketB.emitWithAck('presence', { channel })) as { members: { username: string }[] };
    expect(presence.members.map((m) => m.username).sort()).toEqual(['admin', 'dispecer']);

    const received = nextEvent<{ revision: number; tables: string[] }>(socketB, 'invalidate', 2000);
    const created = await post(
      `${a!.url}/v2/events`,
      { uuid: randomUUID(), eventCategoryId: 5, description: 'Test' },
      onA.headers,
    );
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const payload = await received;
    expect(payload.revision).toBeGreaterThan(0);
    expect(payload.tables).toContain('events');
  });

  it('pushes a write on A as a delta to a panel on B, built by B and equal to its pull', async () => {
    const writer = await session(a!, 'dispecer');
    const reader = await session(b!, 'mng');
    const socketB = await connectSocket(b!.url, { ...reader.auth, pushDeltas: true });
    sockets.push(socketB);
    const from = ((await post(`${b!.url}/v2/app`, { uid: null }, reader.headers)).body as { uid: string }).uid;
    let invalidated = false;
    socketB.on('invalidate', () => (invalidated = true));
    // a revision of an earlier test may be announced late: only the delta from `from` counts
    const pushed = nextEvent<PushedDelta>(socketB, 'delta', 3000, (payload) => payload.from === from);
    const created = await post(
      `${a!.url}/v2/events`,
      { uuid: randomUUID(), eventCategoryId: 5, description: 'Delta přes Redis' },
      writer.headers,
    );
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    const delta = asTaken(await pushed);
    expect(delta.data?.events.map((e) => e.description)).toContain('Delta přes Redis');
    expect(delta.data).toEqual((await post(`${b!.url}/v2/app`, { uid: from }, reader.headers)).body);
    expect(invalidated).toBe(false);
  });

  it('a logout on A ends the session on B at once: its socket is told and its token refused', async () => {
    const user = await session(a!, 'jednotka');
    const socketB = await connectSocket(b!.url, user.auth);
    sockets.push(socketB);
    // B has validated (and cached) the session before the logout
    expect((await post(`${b!.url}/v2/app`, { uid: null }, user.headers)).status).toBe(200);
    const ended = nextEvent<void>(socketB, 'session-ended', 2000);
    expect((await post(`${a!.url}/v2/auth/logout`, {}, user.headers)).status).toBe(200);
    await ended;
    // not after the 30 s cache: B forgot the session when the revocation arrived
    expect((await post(`${b!.url}/v2/app`, { uid: null }, user.headers)).status).toBe(401);
  });
});
