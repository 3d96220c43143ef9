/**
 * Sync benchmark: what one POST /v2/app costs the server, the call every open panel makes each 8 s and on every
 * push. Prints figures; not a test. Run: `npm run bench` (embedded PGlite in memory, demo data plus N events).
 *
 *   BENCH_EVENTS=5000 npm run bench        events to add (default 1000)
 *   BENCH_MESSAGES=3 npm run bench         messages per added event (default 0), a third of them read
 *   BENCH_CREATE=commands npm run bench    add the events one by one through createEvent (slow: ~20 ms each)
 *                                          instead of in batches through runCommand (the default)
 *   BENCH_DATABASE_URL=postgres://… npm run bench   a PostgreSQL database instead (wiped by migrate: use a
 *                                          throwaway one, e.g. postgres://postgres@127.0.0.1:5432/bench)
 *   BENCH_RUNS=20                          full bundle runs
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { and, notInArray, sql } from 'drizzle-orm';
import { INACTIVE_STATES } from '@panel/domain/constants';
import * as s from '../apps/server/src/db/schema/index.js';
import { createEvent } from '../apps/server/src/modules/events/commands.js';
import { createNullHub } from '../apps/server/src/nullHub.js';
import { buildAppData } from '../apps/server/src/modules/sync/bundle.js';
import { addEventsInBatches } from './lib/addEvents.js';
import {
  loadCatalogue,
  loadChildren,
  loadDevices,
  loadEventLinks,
  loadEventRows,
  loadResources,
  presentEvents,
  type CatalogueKey,
  type ChildKey,
  type EventScope,
} from '../apps/server/src/modules/sync/loaders.js';
import { authFor, openSeeded } from '../apps/server/src/sync/testkit.js';
import { eventVisibleSql } from '../apps/server/src/sync/visibility.js';
import { CATALOGUE_KEYS } from '@panel/domain/sync';

const extraEvents = Number(process.env.BENCH_EVENTS ?? 1000);
const messagesPerEvent = Number(process.env.BENCH_MESSAGES ?? 0);
const viaCommands = process.env.BENCH_CREATE === 'commands';
const fullRuns = Number(process.env.BENCH_RUNS ?? 20);
const databaseUrl = process.env.BENCH_DATABASE_URL;

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
  console.log(
    `${label.padEnd(46)} runs ${String(runs).padStart(5)}  p50 ${p(0.5)} ms  p95 ${p(0.95)} ms  max ${p(1)} ms`,
  );
  return last;
}

const handle = await openSeeded({ databaseUrl });
const db = handle.db;
const hub = createNullHub();
const deps = { db, hub, config: {} as never };
const admin = await authFor(db, 'admin');
const dispecer = await authFor(db, 'dispecer');
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite in memory'}`);

const t0 = performance.now();
if (viaCommands) {
  for (let i = 0; i < extraEvents; i++) {
    await createEvent(deps, admin, { uuid: randomUUID(), eventCategoryId: 5, description: `Bench ${i}` } as never);
  }
} else await addEventsInBatches({ db, deps, admin, reader: dispecer, messagesPerEvent }, extraEvents);
const createMs = performance.now() - t0;
console.log(
  `added ${extraEvents} events (${messagesPerEvent} messages each) ${viaCommands ? 'one by one through createEvent' : 'in batches through runCommand'} in ${createMs.toFixed(0)} ms`,
);
// fresh statistics, as autovacuum would have them in a running centre
await db.execute(sql`analyze`);

const full = await time('full bundle (uid null), dispecer', fullRuns, () => buildAppData(db, dispecer, null));
const json = await time('  + JSON.stringify of it', 5, async () => JSON.stringify(full));
console.log(
  `full bundle: ${full.events.length} events, ${full.messages.length} messages, ${(json.length / 1024).toFixed(0)} KiB JSON`,
);

// the phases of a full bundle, each alone (loaders.ts; the same calls buildFull makes)
const phaseRuns = Math.max(3, Math.min(10, fullRuns));
const scope: EventScope = {
  eventsWhere: and(
    notInArray(s.events.eventStateId, [...INACTIVE_STATES]),
    eventVisibleSql({ ...dispecer.user, permissions: dispecer.permissions }),
  ),
};
const viewer = { ...dispecer.user, permissions: dispecer.permissions };
await time('  phase: catalogues (11 tables)', phaseRuns, () =>
  Promise.all(CATALOGUE_KEYS.map((k) => loadCatalogue(db, k as CatalogueKey))),
);
await time('  phase: devices + resources', phaseRuns, () => Promise.all([loadDevices(db, {}), loadResources(db)]));
const loaded = await time('  phase: event rows + units', phaseRuns, () => loadEventRows(db, scope.eventsWhere, scope));
const known = new Map(loaded.map((l) => [l.row.id, l.row]));
await time('  phase: present events (tags, counts, jobs)', phaseRuns, () => presentEvents(db, viewer, loaded, scope));
await time('  phase: event links', phaseRuns, () => loadEventLinks(db, scope, known));
for (const key of ['eventJobs', 'eventGeos', 'eventObjects', 'eventContacts', 'messages'] as ChildKey[]) {
  await time(`  phase: ${key}`, phaseRuns, () => loadChildren(db, viewer, key, scope, known));
}

await time('delta, nothing changed (answered from memory)', 5000, () => buildAppData(db, dispecer, full.uid));

let uid = full.uid;
const createSamples: number[] = [];
const deltaSamples: number[] = [];
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  await createEvent(deps, admin, { uuid: randomUUID(), eventCategoryId: 5, description: 'Delta' } as never);
  const t1 = performance.now();
  const delta = await buildAppData(db, dispecer, uid);
  deltaSamples.push(performance.now() - t1);
  createSamples.push(t1 - t);
  if (delta.events.length !== 1) throw new Error(`delta carried ${delta.events.length} events, expected 1`);
  uid = delta.uid;
}
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(3);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)].toFixed(3);
const both = createSamples.map((c, i) => c + deltaSamples[i]);
console.log(
  `${'one event created + delta'.padEnd(46)} runs ${String(50).padStart(5)}  p50 ${p50(both)} ms  p95 ${p95(both)} ms`,
);
console.log(
  `${'  of which createEvent'.padEnd(46)} runs ${String(50).padStart(5)}  p50 ${p50(createSamples)} ms  p95 ${p95(createSamples)} ms`,
);
console.log(
  `${'  of which the delta'.padEnd(46)} runs ${String(50).padStart(5)}  p50 ${p50(deltaSamples)} ms  p95 ${p95(deltaSamples)} ms`,
);

const mem = process.memoryUsage();
console.log(`memory: rss ${(mem.rss / 1048576).toFixed(0)} MiB, heap used ${(mem.heapUsed / 1048576).toFixed(0)} MiB`);
await handle.close();
