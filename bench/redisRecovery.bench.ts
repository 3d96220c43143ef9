/**
 * Redis recovery benchmark: how fast two nodes' fan-outs notice a Redis outage and deliver across nodes again
 * after it, and what publishing during an outage costs in memory. Prints figures; not a test.
 * Run: `REDIS_URL=redis://127.0.0.1:6392 NODE_OPTIONS=--expose-gc npm run bench:redis -w bench` (use your own
 * redis-server: pub/sub crosses databases). Each node reaches Redis through its own fault proxy; the bench cuts
 * and restores both.
 *
 *   BENCH_ROUNDS=5          cut/restore rounds (default 5)
 *   BENCH_CUT_MS=3000       outage length per round (default 3000)
 *   BENCH_PUBLISHES=100000  revisions published per node during one outage, for the memory figure
 */
import { performance } from 'node:perf_hooks';
import { createRedisFanout, type RedisFanout } from '../apps/server/src/realtime/redis.js';
import { startFaultProxy, type FaultProxy } from '../apps/server/src/test/faultProxy.js';

const REDIS_URL = process.env.REDIS_URL;
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const cutMs = Number(process.env.BENCH_CUT_MS ?? 3000);
const publishes = Number(process.env.BENCH_PUBLISHES ?? 100_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, limitMs: number): Promise<number> {
  const start = performance.now();
  while (!check()) {
    if (performance.now() - start > limitMs) return Number.NaN;
    await sleep(5);
  }
  return performance.now() - start;
}

const fmt = (xs: number[]) => {
  const ok = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!ok.length) return 'never';
  const median = ok[Math.floor(ok.length / 2)];
  return `median ${median.toFixed(0)} ms, max ${ok[ok.length - 1].toFixed(0)} ms${ok.length < xs.length ? `, ${xs.length - ok.length} never` : ''}`;
};

async function main(): Promise<void> {
  if (!REDIS_URL) {
    console.log('REDIS_URL not set: nothing to measure');
    return;
  }
  const target = new URL(REDIS_URL);
  const hostPort = { host: target.hostname, port: Number(target.port || 6379) };
  const proxies: FaultProxy[] = [await startFaultProxy(hostPort), await startFaultProxy(hostPort)];
  let heard = 0;
  const quiet = () => undefined;
  const a: RedisFanout = createRedisFanout(proxies[0].proxyUrl(REDIS_URL), { log: quiet });
  const b: RedisFanout = createRedisFanout(proxies[1].proxyUrl(REDIS_URL), {
    log: quiet,
    onRemoteRevision: (r) => (heard = Math.max(heard, r)),
  });
  await until(() => a.state() === 'up' && b.state() === 'up', 10_000);

  const detect: number[] = [];
  const up: number[] = [];
  const delivered: number[] = [];
  let revision = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  let heapGrowth = 0;
  for (let round = 0; round < rounds; round++) {
    for (const p of proxies) p.cut();
    detect.push(await until(() => a.state() === 'down' && b.state() === 'down', 5000));
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    for (let i = 0; i < publishes; i++) a.publishRevision(++revision);
    global.gc?.(); // what stays, not what was allocated
    heapGrowth = Math.max(heapGrowth, process.memoryUsage().heapUsed - heapBefore);
    await sleep(cutMs);
    for (const p of proxies) p.restore();
    const restoredAt = performance.now();
    up.push(await until(() => a.state() === 'up' && b.state() === 'up', 10_000));
    const wanted = ++revision;
    // A announces until B hears: the first delivery after the restore
    let deliveredAt = Number.NaN;
    while (performance.now() - restoredAt < 10_000) {
      a.publishRevision(wanted);
      if ((await until(() => heard >= wanted, 50)) >= 0) {
        deliveredAt = performance.now() - restoredAt;
        break;
      }
    }
    delivered.push(deliveredAt);
  }

  console.log(`Redis recovery, ${rounds} rounds, ${cutMs} ms outages, both nodes cut:`);
  console.log(`  outage noticed by both nodes:              ${fmt(detect)}`);
  console.log(`  both nodes 'up' again after the restore:   ${fmt(up)}`);
  console.log(`  first cross-node delivery after restore:   ${fmt(delivered)}`);
  console.log(
    `  heap growth while publishing ${publishes} revisions during an outage: ${(heapGrowth / 1024 / 1024).toFixed(1)} MB` +
      (global.gc ? ' retained' : ' allocated (NODE_OPTIONS=--expose-gc for what is retained)'),
  );
  await Promise.all([a.close(), b.close()]);
  await Promise.all(proxies.map((p) => p.close()));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
