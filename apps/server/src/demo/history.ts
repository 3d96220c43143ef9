/**
 * 90 days of plausible past deployments for the response-time reports (issue 26 item 2), so the screen is not
 * empty in the demo. Per day a handful of closed events in the units' districts (mostly within 10 km; hubs busier), 1–2 of the
 * unit's vehicles each; the times follow the simulator's model (demo/simulator/movement.ts): turnout 30–120 s,
 * travel = the road (1.3 × the straight line) at town speed (30–50 km/h) near the station and open-road speed
 * (70–90 km/h) beyond, on scene 10–120 min, the way back a little slower than the way there.
 *
 * Written as the panel writes it: job rows inserted in status 14, then four bulk status updates with the step's
 * time in `updated_at`, so the database's trigger records the history exactly as for live jobs. Deterministic
 * (seeded random), a few statements in all, so the start-up seed stays quick.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { haversine } from '@panel/domain/map';
import type { Tx } from '../db/client.js';
import * as s from '../db/schema/index.js';
import { UNIT_BASES } from './bases.js';
import { DEMO_PLACES } from './demoPlaces.js';
import { CITY_KMH, CITY_RADIUS_M, ROAD_KMH } from './simulator/movement.js';

export const HISTORY_DAYS = 90;

/** mulberry32: a small seeded generator, so every demo has the same history relative to its day */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** events a day per unit: the big hubs are busier */
const DAILY: Record<string, number> = { PHA: 1.6, BRN: 1.1, OVA: 1.0, PLZ: 0.6, OLO: 0.6, UNL: 0.5, CTR: 0.5 };
const CATEGORIES: [id: number, weight: number][] = [
  [1, 0.45],
  [3, 0.25],
  [5, 0.2],
  [11, 0.1],
];
const SUBJECTS: Record<number, string[]> = {
  1: ['Požár travního porostu u trati', 'Požár vozu nákladního vlaku', 'Únik provozní kapaliny z lokomotivy'],
  3: ['Střet vlaku s osobním automobilem', 'Osoba zasažená vlakem', 'Technická pomoc – spadlý strom na trati'],
  5: ['Kontrola po požáru', 'Odstranění překážky z kolejiště', 'Zadýmení v podchodu'],
  11: ['Hlášení DŽIN – porucha zabezpečovacího zařízení', 'Hlášení DŽIN – poškozená trakce'],
};

type Rand = () => number;

/** The town an event's address names: the nearest demo place. */
function nearestPlace(lon: number, lat: number) {
  let best = DEMO_PLACES[0];
  let bestM = Infinity;
  for (const p of DEMO_PLACES) {
    const m = haversine([lon, lat], [p.longitude, p.latitude]);
    if (m < bestM) [best, bestM] = [p, m];
  }
  return best;
}
const pick = <T>(rand: Rand, list: readonly T[]) => list[Math.floor(rand() * list.length)];
const between = (rand: Rand, lo: number, hi: number) => lo + (hi - lo) * rand();

function category(rand: Rand): number {
  let r = rand();
  for (const [id, w] of CATEGORIES) if ((r -= w) < 0) return id;
  return CATEGORIES[0][0];
}

/** Seconds to drive `metres` of straight line the simulator's way: town speed near either end, road between. */
export function travelSeconds(metres: number, rand: Rand): number {
  const road = metres * 1.3;
  const town = Math.min(road, 2 * CITY_RADIUS_M);
  const open = road - town;
  const kmh = (band: readonly [number, number]) => between(rand, band[0], band[1]) / 3.6;
  return Math.round(town / kmh(CITY_KMH) + open / kmh(ROAD_KMH) + between(rand, 20, 90));
}

interface PlannedJob {
  eventIndex: number;
  resourceId: number;
  baseId: number;
  times: [t14: Date, t15: Date, t18: Date, t19: Date, t20: Date];
}

/** Seeds the history into the demo's transaction; answers the number of jobs written. */
export async function seedDemoHistory(tx: Tx, now = Date.now()): Promise<number> {
  const rand = seeded(26_2);
  const vehicles = await tx
    .select({ id: s.resources.id, baseId: s.resources.baseId, typeId: s.resources.resourceTypeId })
    .from(s.resources);
  const dayStart = new Date(now);
  dayStart.setUTCHours(0, 0, 0, 0);
  const events: (typeof s.events.$inferInsert)[] = [];
  const jobs: PlannedJob[] = [];
  let n = 0;
  for (const base of UNIT_BASES) {
    const fleet = vehicles.filter((v) => v.baseId === base.id && v.typeId != null && v.typeId <= 4);
    if (!fleet.length) continue;
    const rate = DAILY[base.code] ?? 0.3;
    for (let day = HISTORY_DAYS; day >= 1; day--) {
      let count = Math.floor(rate + rand());
      while (count-- > 0) {
        // a unit's district: most calls within 10 km of the station, a few out to 25 km
        const km = 1 + 24 * rand() ** 2.2;
        const bearing = rand() * 2 * Math.PI;
        const lat = base.latitude + (km / 111.2) * Math.cos(bearing);
        const lon = base.longitude + (km / (111.2 * Math.cos((base.latitude * Math.PI) / 180))) * Math.sin(bearing);
        const place = nearestPlace(lon, lat);
        const created = new Date(dayStart.getTime() - day * 86_400_000 + between(rand, 0, 86_000) * 1000);
        const cat = category(rand);
        const subject = pick(rand, SUBJECTS[cat]);
        n += 1;
        const code = `${base.code}-H${String(n).padStart(4, '0')}`;
        const metres = haversine([base.longitude, base.latitude], [lon, lat]);
        let end = created.getTime();
        const crews = rand() < 0.3 && fleet.length > 1 ? 2 : 1;
        const start = Math.floor(rand() * fleet.length);
        for (let k = 0; k < crews; k++) {
          const t14 = created.getTime() + between(rand, 30, 120) * 1000;
          // turnout 30–120 s, most between 40 and 80
          const t15 = t14 + Math.round(30 + 90 * rand() ** 1.6) * 1000;
          const t18 = t15 + travelSeconds(metres, rand) * 1000;
          const t19 = t18 + Math.round(between(rand, 10, 60) + 60 * rand() ** 3) * 60_000;
          const t20 = t19 + Math.round(travelSeconds(metres, rand) * between(rand, 1.05, 1.3)) * 1000;
          end = Math.max(end, t20);
          const v = fleet[(start + k) % fleet.length];
          jobs.push({
            eventIndex: events.length,
            resourceId: v.id,
            baseId: base.id,
            times: [t14, t15, t18, t19, t20].map((t) => new Date(t)) as PlannedJob['times'],
          });
        }
        events.push({
          uuid: randomUUID(),
          code,
          uid: code,
          eventStateId: 3,
          eventCategoryId: cat,
          priorityId: 3,
          baseId: base.id,
          subject,
          address: place.name,
          addressData: { title: place.name, distance: 0 },
          header: {
            title: { value: subject, class: null },
            subtitle: { value: place.name, class: null },
            description: { value: null, class: null },
            overview: { value: `**${code}** – ${subject}`, class: 'markdown' },
          },
          targetLatitude: +lat.toFixed(6),
          targetLongitude: +lon.toFixed(6),
          start: created,
          startAt: created,
          startedAt: created,
          endAt: new Date(end),
          endedAt: new Date(end),
          createdAt: created,
          insertedAt: created,
        });
      }
    }
  }
  if (!events.length) return 0;
  const eventIds = await tx.insert(s.events).values(events).returning({ id: s.events.id });
  const jobIds = await tx
    .insert(s.eventJobs)
    .values(
      jobs.map((j) => ({
        eventId: eventIds[j.eventIndex].id,
        eventJobStatusId: 14,
        baseId: j.baseId,
        resourceId: j.resourceId,
        createdAt: j.times[0],
        updatedAt: j.times[0],
      })),
    )
    .returning({ id: s.eventJobs.id });
  // 15, 18, 19, 20: one statement each; the trigger records every row's step at its updated_at
  for (const [i, status] of [15, 18, 19, 20].entries()) {
    const rows = jobs.map((j, k) => sql`(${jobIds[k].id}::int, ${j.times[i + 1].toISOString()}::timestamptz)`);
    await tx.execute(sql`
      UPDATE event_jobs j SET event_job_status_id = ${status}, updated_at = v.at,
        ended_at = ${status === 20 ? sql`v.at` : sql`j.ended_at`}, arrive_at = ${status === 18 ? sql`v.at` : sql`j.arrive_at`}
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, at)
      WHERE j.id = v.id`);
  }
  return jobs.length;
}
