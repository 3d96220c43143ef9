/**
 * The push hub's life around Redis and shutdown, in process: a hub whose Redis never answers starts at once,
 * reports 'down' and still serves its own sockets; close() ends connections so that clients reconnect (not
 * "io server disconnect"); with a real Redis behind a fault proxy the state follows the cut and the restore.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionStoreFor } from '../modules/auth/sessions.js';
import { startFaultProxy } from '../test/faultProxy.js';
import { createTestApp, login, type TestApp } from '../test/factory.js';
import { createHub, type Hub } from './hub.js';
import { createDeferredHub, createNullHub } from '../nullHub.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('REDIS_URL not set: hub state test against a real Redis skipped');

/** a port nothing listens on (connections are refused) */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('push hub lifecycle', () => {
  let t: TestApp;
  let url: string;
  let hub: Hub | undefined;
  /** a fresh HTTP server per test: each hub attaches its own upgrade handler */
  let http: HttpServer | undefined;
  const sockets: Socket[] = [];
  const warn = console.warn;
  const warnings: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // the hub logs Redis transitions with console.warn: keep them for the assertions, out of the test output
    console.warn = (...args: unknown[]) => warnings.push(args.map(String).join(' '));
  });

  afterEach(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await hub?.close();
    hub = undefined;
    http?.closeAllConnections();
    if (http?.listening) await new Promise<void>((resolve) => http!.close(() => resolve()));
    http = undefined;
  });

  afterAll(async () => {
    console.warn = warn;
    await t?.close();
  });

  async function start(redisUrl?: string): Promise<Hub> {
    const server = createServer();
    http = server;
    hub = await createHub(server, {
      db: t.db,
      redisUrl,
      verifySession: (c) => sessionStoreFor(t.db).verify(c),
      sessions: sessionStoreFor(t.db),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return hub;
  }

  async function open(reconnection = false): Promise<Socket> {
    const s = await login(t.app, 'dispecer');
    const socket = connect(url, {
      path: '/socket.io',
      auth: { token: s.token, instance: s.instance, appCode: 'panel' },
      transports: ['websocket'],
      reconnection,
      reconnectionDelay: 50,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it("reports 'off' without Redis; the null hub too, the deferred hub whatever it is bound to", async () => {
    expect((await start()).redisState?.()).toBe('off');
    expect(createNullHub().redisState?.()).toBe('off');
    const deferred = createDeferredHub();
    expect(deferred.redisState?.()).toBe('off');
    deferred.bind({ ...createNullHub(), redisState: () => 'down' });
    expect(deferred.redisState?.()).toBe('down');
  });

  it('starts at once with a Redis that refuses, reports down, and serves its own sockets', async () => {
    const started = Date.now();
    const h = await start(`redis://127.0.0.1:${await deadPort()}`);
    expect(Date.now() - started).toBeLessThan(2000); // nothing waits for the connection
    expect(h.redisState?.()).toBe('down');
    const socket = await open();
    const channels = await h.channelsForBases([2]);
    expect(((await socket.emitWithAck('subscribe', { channel: channels[0] })) as { ok: boolean }).ok).toBe(true);
    const presence = (await socket.emitWithAck('presence', { channel: channels[0] })) as {
      members: { username: string }[];
    };
    expect(presence.members.map((m) => m.username)).toEqual(['dispecer']);
    const got = new Promise<unknown>((resolve) => socket.once('invalidate', resolve));
    h.invalidate([channels[0]], { revision: 7, tables: ['events'] });
    expect(await got).toEqual({ revision: 7, tables: ['events'] });
    await waitFor(() => warnings.some((w) => w.includes('Redis unavailable at start')), 5000);
  });

  it('close() drops the transport, so a client reconnects (no "io server disconnect")', async () => {
    await start();
    const socket = await open(true);
    const reason = new Promise<string>((resolve) => socket.once('disconnect', (r) => resolve(r)));
    const retried = new Promise<void>((resolve) => socket.io.once('reconnect_attempt', () => resolve()));
    await hub!.close();
    hub = undefined;
    expect(await reason).toBe('transport close');
    await retried;
  });

  it.skipIf(!REDIS_URL)('follows a real Redis: up, down on a cut, up again within 5 s of the restore', async () => {
    const target = new URL(REDIS_URL!);
    const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const h = await start(proxy.proxyUrl(REDIS_URL!));
      await waitFor(() => h.redisState?.() === 'up', 5000);
      proxy.cut();
      await waitFor(() => h.redisState?.() === 'down', 5000);
      // emits while down are dropped, not queued, and never reject later
      h.invalidate(['base.nowhere'], { revision: 1, tables: ['events'] });
      proxy.restore();
      await waitFor(() => h.redisState?.() === 'up', 5000);
      // a Redis that stops answering without closing the connection (partition) is noticed by the watchdog
      proxy.delay(6000);
      await waitFor(() => h.redisState?.() === 'down', 5000);
      proxy.cut(); // the delayed bytes must not be delivered out of order after the restore
      proxy.restore();
      await waitFor(() => h.redisState?.() === 'up', 5000);
    } finally {
      await proxy.close();
    }
  });
});
