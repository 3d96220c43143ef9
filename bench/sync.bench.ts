/**
 * Sync benchmark: what one POST /v2/app costs the server, the call every open panel makes each 8 s and on every
 * push. Prints figures; not a test. Run: `npm run bench` (embedded PGlite in memory, demo data plus N events).
 *
 *   BENCH_EVENTS=2000 npm run bench
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createEvent } from '../apps/server/src/modules/events/commands.js';
import { createNullHub } from '../apps/server/src/realtime/nullHub.js';
import { buildAppData } from '../apps/server/src/sync/bundle.js';
import { authFor, openSeeded } from '../apps/server/src/sync/testkit.js';

const extraEvents = Number(process.env.BENCH_EVENTS ?? 1000);

async function time<T>(label: string, runs: number, fn: () => Promise<T>): Promise<T> {
  let last!: T;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await fn();
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(3);
  console.log(`${label.padEnd(44)} runs ${String(runs).padStart(5)}  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  max ${p(1)} ms`);
  return last;
}

const handle = await openSeeded();
const deps = { db: handle.db, hub: createNullHub(), config: {} as never };
const admin = await authFor(handle.db, 'admin');
const dispecer = await authFor(handle.db, 'dispecer');

const t0 = performance.now();
for (let i = 0; i < extraEvents; i++) {
  await createEvent(deps, admin, { uuid: randomUUID(), eventCategoryId: 5, description: `Bench ${i}` } as never);
}
const createMs = performance.now() - t0;
console.log(`created ${extraEvents} events through runCommand in ${createMs.toFixed(0)} ms (${(createMs / Math.max(1, extraEvents)).toFixed(2)} ms each)`);

const full = await time('full bundle (uid null), dispecer', 20, () => buildAppData(handle.db, dispecer, null));
console.log(`full bundle: ${full.events.length} events, ${full.messages.length} messages, ${(JSON.stringify(full).length / 1024).toFixed(0)} KiB JSON`);

await time('delta, nothing changed (answered from memory)', 5000, () => buildAppData(handle.db, dispecer, full.uid));

let uid = full.uid;
await time('one event created + delta', 50, async () => {
  await createEvent(deps, admin, { uuid: randomUUID(), eventCategoryId: 5, description: 'Delta' } as never);
  const delta = await buildAppData(handle.db, dispecer, uid);
  if (delta.events.length !== 1) throw new Error(`delta carried ${delta.events.length} events, expected 1`);
  uid = delta.uid;
  return delta;
});

const mem = process.memoryUsage();
console.log(`memory: rss ${(mem.rss / 1048576).toFixed(0)} MiB, heap used ${(mem.heapUsed / 1048576).toFixed(0)} MiB`);
await handle.close();
