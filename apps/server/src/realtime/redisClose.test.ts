/**
 * Closing the Redis fan-out (redis.ts) settles whatever the connection does meanwhile. The case that hung: a
 * command still waiting for its answer, so the client's graceful close drains, and the connection dies during
 * the drain (a node shutting down while Redis restarts, or the fault tests' proxy closing before the hub). Runs
 * only when REDIS_URL is given, through a fault proxy of its own.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startFaultProxy } from '../test/faultProxy.js';
import { createRedisFanout } from './redis.js';

const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('REDIS_URL not set: Redis close test skipped');

/** 'settled' when `promise` settles within `ms`, else 'hung' */
const within = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(() => 'settled' as const),
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), ms)),
  ]);

describe.skipIf(!REDIS_URL)('closing the Redis fan-out', () => {
  it('settles when the connection dies while a command still waits for its answer', async () => {
    const target = new URL(REDIS_URL!);
    const proxy = await startFaultProxy({ host: target.hostname, port: Number(target.port || 6379) });
    try {
      const fanout = createRedisFanout(proxy.proxyUrl(REDIS_URL!), { revisionChannel: `panel:test:${randomUUID()}` });
      await expect.poll(() => fanout.state(), { timeout: 5000 }).toBe('up');
      // the answer to this publish is held back: the command stays in the client's queue
      proxy.delay(10_000);
      fanout.publishRevision(1);
      await expect.poll(() => proxy.held()).toBeGreaterThan(0);
      const closing = fanout.close();
      // the connection dies during the graceful close's drain
      proxy.cut();
      expect(await within(closing, 3000)).toBe('settled');
    } finally {
      await proxy.close();
    }
  });
});
