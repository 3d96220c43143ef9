/**
 * The revision channel between nodes (redis.ts): a revision announced by one node reaches the other with whether
 * it moved positions alone, so the other's pusher lets a write's push go before it too (deltaPush.ts).
 * Runs only when REDIS_URL is given, on a channel of its own (nodes of other tests may be running).
 */
import { randomUUID } from 'node:crypto';
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
  afterAll(async () => {
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
});
