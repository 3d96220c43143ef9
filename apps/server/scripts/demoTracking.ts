/**
 * Looking at issue 14 by hand (not part of the product): drives a free vehicle of the demo onto the demo event
 * PHA-2025-0412 along a made-up path (positions every 10 s for the last 12 minutes, written as the ingest writes
 * them), gives a second vehicle a 20-minute trail, freshens the free vehicles' positions, then runs the tracking
 * hook (ETA; geofence) once. Usage: DATABASE_URL=… node --import tsx apps/server/scripts/demoTracking.ts
 */
import { and, eq, isNull } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import * as s from '../src/db/schema/index.js';
import { createNullHub } from '../src/nullHub.js';
import { onPositionsAccepted, trackingIdle } from '../src/modules/tracking/index.js';

const handle = await openDatabase({ dataDir: ':memory:', databaseUrl: process.env.DATABASE_URL });
const db = handle.db;
const [event] = await db.select().from(s.events).where(eq(s.events.code, 'PHA-2025-0412'));
const target: [number, number] = [
  event.destinationLongitude ?? event.targetLongitude!,
  event.destinationLatitude ?? event.targetLatitude!,
];
const vehicles = await db.select().from(s.resources).where(eq(s.resources.active, 1));
const busy = new Set((await db.select().from(s.eventJobs).where(isNull(s.eventJobs.endedAt))).map((j) => j.resourceId));
const free = vehicles.filter((v) => !busy.has(v.id) && v.latitude != null);
const now = Date.now();

async function path(resourceId: number, from: [number, number], to: [number, number], minutes: number, wiggle: number) {
  const n = (minutes * 60) / 10;
  const rows = Array.from({ length: n }, (_, i) => {
    const f = i / (n - 1);
    return {
      resourceId,
      longitude: from[0] + (to[0] - from[0]) * f + Math.sin(f * Math.PI * 3) * wiggle,
      latitude: from[1] + (to[1] - from[1]) * f + Math.sin(f * Math.PI * 2) * wiggle * 0.6,
      speed: 45,
      accuracy: 6,
      sourceName: 'demo',
      recordedAt: new Date(now - (n - 1 - i) * 10_000),
    };
  });
  await db.insert(s.resourcePositions).values(rows);
  const last = rows.at(-1)!;
  await db
    .update(s.resources)
    .set({ longitude: last.longitude, latitude: last.latitude, speed: 45, locationAt: last.recordedAt, status: 1 })
    .where(eq(s.resources.id, resourceId));
  return last;
}

// the deployed one: from ~6 km away to ~1.2 km from the target
const driver = free.find((v) => v.name.startsWith('CAS')) ?? free[0];
const start: [number, number] = [target[0] - 0.07, target[1] - 0.03];
const end: [number, number] = [target[0] - 0.014, target[1] - 0.006];
const [existing] = await db
  .select()
  .from(s.eventJobs)
  .where(and(eq(s.eventJobs.resourceId, driver.id), isNull(s.eventJobs.endedAt)));
if (!existing) {
  await db.insert(s.eventJobs).values({
    eventId: event.id,
    resourceId: driver.id,
    baseId: driver.baseId,
    eventJobStatusId: 15,
    createdAt: new Date(now - 12 * 60_000),
  });
}
const last = await path(driver.id, start, end, 12, 0.004);

// a second vehicle patrolling (trail only)
const other = free.find((v) => v.id !== driver.id && v.name.includes('PHA')) ?? free[1];
await path(other.id, [target[0] + 0.03, target[1] + 0.02], [target[0] + 0.05, target[1] - 0.01], 20, 0.006);

// the free vehicles' positions are fresh (the dialog ranks fresh ones first)
for (const v of free.filter((v) => v.id !== driver.id && v.id !== other.id)) {
  await db
    .update(s.resources)
    .set({ locationAt: new Date(now - 30_000) })
    .where(eq(s.resources.id, v.id));
}

await onPositionsAccepted({ db, hub: createNullHub() }, [
  {
    resourceId: driver.id,
    longitude: last.longitude,
    latitude: last.latitude,
    speed: 45,
    accuracy: 6,
    recordedAt: last.recordedAt,
  },
]);
await trackingIdle();
const [after] = await db.select().from(s.resources).where(eq(s.resources.id, driver.id));
console.log({ driver: driver.name, other: other.name, eta: after.eta, etaSource: after.etaSource });
await handle.close();
