/**
 * The revision channel between nodes (redis.ts): a revision announced by one node reaches the other with whether
 * it moved positions alone, so the other's pusher lets a write's push go before it too (deltaPush.ts).
 * Installations with another REDIS_PREFIX on the same Redis hear neither its revisions nor its emits.
 * Runs only when REDIS_URL is given, on a channel of its own (nodes of other tests may be running).
 */
import { randomUUID } from 'node:crypto';
import { Server } from 'socket.io';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisFanout, type RedisFanout } from './redis.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('REDIS_URL not set: revision channel test skipped');

const up = (fanout: RedisFanout) =>
  new Promise<void>((resolve) => {
    if (fanout.state() === 'up') return resolve();
    const stop = fanout.onStateChange((state) => {
      if (state !== 'up') return;
      stop();
      resolve();
    });
  });

describe.skipIf(!REDIS_URL)('revision channel', () => {
  const fanouts: RedisFanout[] = [];
  const servers: Server[] = [];
  afterAll(async () => {
    // no HTTP server to close: the adapters unsubscribe
    await Promise.all(servers.map((io) => io.of('/').adapter.close()));
    await Promise.all(fanouts.map((f) => f.close()));
  });

  it('carries each announced revision and whether it moved positions alone; a node does not hear itself', async () => {
    const heardByB: [number, boolean][] = [];
    const heardByA: [number, boolean][] = [];
    const revisionChannel = `panel:test:${randomUUID()}`;
    const a = createRedisFanout(REDIS_URL!, { revisionChannel, onRemoteRevision: (r, m) => heardByA.push([r, m]) });
    const b = createRedisFanout(REDIS_URL!, { revisionChannel, onRemoteRevision: (r, m) => heardByB.push([r, m]) });
    fanouts.push(a, b);
    await Promise.all([up(a), up(b)]);
    a.publishRevision(41, true);
    a.publishRevision(42);
    a.publishRevision(43, false);
    await expect.poll(() => heardByB.length, { timeout: 5000 }).toBe(3);
    expect(heardByB).toEqual([
      [41, true],
      [42, false],
      [43, false],
    ]);
    expect(heardByA).toEqual([]);
  });

  it('keeps installations with another prefix apart: their revisions and their emits do not cross', async () => {
    const tag = randomUUID().slice(0, 8);
    const revisions = { same: [] as number[], other: [] as number[] };
    const emits = { same: [] as number[], other: [] as number[] };
    const node = (prefix: string, heard: number[], got: number[]) => {
      const fanout = createRedisFanout(REDIS_URL!, { prefix, onRemoteRevision: (r) => heard.push(r) });
      const io = new Server();
      io.adapter(fanout.adapter);
      // what another node's serverSideEmit delivers (the hub sends revocations this way)
      (io as unknown as { on(ev: string, fn: (n: number) => void): void }).on('probe', (n) => got.push(n));
      fanouts.push(fanout);
      servers.push(io);
      return { fanout, io };
    };
    const a = node(`t${tag}a`, [], []);
    const same = node(`t${tag}a`, revisions.same, emits.same);
    const other = node(`t${tag}b`, revisions.other, emits.other);
    await Promise.all([a, same, other].map((n) => up(n.fanout)));
    a.fanout.publishRevision(7);
    a.io.serverSideEmit('probe', 1);
    other.fanout.publishRevision(8); // the other installation's own revision: not for the first prefix
    await expect.poll(() => [revisions.same, emits.same], { timeout: 5000 }).toEqual([[7], [1]]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // as long again for anything that might cross
    expect(revisions.other).toEqual([]);
    expect(emits.other).toEqual([]);
    expect(revisions.same).toEqual([7]);
  });
});
