/**
 * The position ingest's own cost, without sockets or panels (issue 14, ingest p99): one app in this process
 * (in-memory PGlite with the demo data), VEHICLES navigation units with a secret each, reports through the
 * OsmAnd route (`app.inject`) at RATE per second for SECONDS. Prints the answer latency (p50/p99/max), the CPU
 * per report (the process's user+system time over the reports, batches written behind included) and the
 * write-behind's figures (batches, written, dropped). The full picture with 200 panels is positions.bench.ts.
 *
 *   npm run bench:positions:inprocess -w bench     BENCH_VEHICLES=500 BENCH_RATE=100 BENCH_SECONDS=20
 */
import { performance } from 'node:perf_hooks';
import { and, asc, isNotNull, like } from 'drizzle-orm';
import * as s from '../apps/server/src/db/schema/index.js';
import { positionIngestOf } from '../apps/server/src/modules/positions/ingest.js';
import { osmandRequest } from '../apps/server/src/modules/positions/osmandClient.js';
import { writeTrackerSecret } from '../apps/server/src/modules/positions/trackers.js';
import { createTestApp } from '../apps/server/src/test/factory.js';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 500);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function main() {
  const t = await createTestApp();
  try {
    // the demo's vehicles, then more with a navigation unit each, up to VEHICLES
    const bases = (await t.db.select({ id: s.bases.id }).from(s.bases)).map((b) => b.id);
    const have = (await t.db.select({ id: s.resources.id }).from(s.resources)).length;
    for (let i = have; i < VEHICLES; i++) {
      const [r] = await t.db
        .insert(s.resources)
        .values({ name: `Bench ${i}`, baseId: bases[i % bases.length], resourceTypeId: 1, status: 1 })
        .returning({ id: s.resources.id, baseId: s.resources.baseId });
      await t.db
        .insert(s.devices)
        .values({ code: `N-BENCH-${i}`, name: `Navigace ${i}`, baseId: r.baseId, resourceId: r.id });
    }
    const units = await t.db
      .select({ id: s.devices.id, code: s.devices.code, resourceId: s.devices.resourceId })
      .from(s.devices)
      .where(and(like(s.devices.code, 'N-%'), isNotNull(s.devices.resourceId)))
      .orderBy(asc(s.devices.id));
    const trackers = [];
    for (const d of units.slice(0, VEHICLES)) {
      const { secret } = await writeTrackerSecret(t.app.deps, { userId: null, deviceId: null }, d, {});
      trackers.push({ ...d, secret, lat: 49.5 + Math.random(), lon: 14 + 3 * Math.random() });
    }
    console.log(`positions in process: ${trackers.length} trackers, ${RATE}/s for ${SECONDS} s`);

    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const total = RATE * SECONDS;
    const inflight: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const tr = trackers[n % trackers.length];
      tr.lat += (Math.random() - 0.5) / 1000;
      tr.lon += (Math.random() - 0.5) / 1000;
      const req = osmandRequest(
        '',
        { secret: tr.secret, id: tr.code },
        { latitude: tr.lat, longitude: tr.lon, speed: 40, accuracy: 8 },
      );
      const sent = performance.now();
      inflight.push(
        t.app.inject(req).then((res) => {
          latencies.push(performance.now() - sent);
          const status =
            res.statusCode === 200
              ? (res.json() as { positions: { status: string }[] }).positions[0].status
              : String(res.statusCode);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
      );
    }
    await Promise.all(inflight);
    const ingest = positionIngestOf(t.app.deps);
    await ingest.flush();
    const cpu = process.cpuUsage(cpu0);
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.table([
      {
        reports: total,
        'per s': +(total / elapsed).toFixed(1),
        'ingest p50 ms': +pct(latencies, 50).toFixed(2),
        'ingest p99 ms': +pct(latencies, 99).toFixed(2),
        'ingest max ms': +latencies[latencies.length - 1].toFixed(1),
        'CPU ms per report': +((cpu.user + cpu.system) / 1000 / total).toFixed(2),
        'RSS MB': Math.round(process.memoryUsage().rss / 1048576),
      },
    ]);
    console.log('answers', Object.fromEntries(statuses), 'write-behind', ingest.counters().writeBehind);
  } finally {
    await t.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
